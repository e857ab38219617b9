//! Only 0 and 1: "1 if some move reaches a 0, else 0". That is who wins, not the
//! Grundy number: with moves 1 2 the table starts 0 1 2, not 0 1 1.
// expect: wrong answer
// expect: With moves [1, 2], entry 2 should be 2, but yours is 1.
// expect: Grundy numbers are not just 0 (lose) and 1 (win)
// expect-not: Two moves can reach the same Grundy number
// expect-not: Your table repeats a period guessed too early
pub fn grundy_table(max_n: usize, moves: &[usize]) -> Vec<usize> {
    let mut table = vec![0; max_n + 1];
    for k in 1..=max_n {
        let reaches_zero = moves.iter().any(|&m| m >= 1 && m <= k && table[k - m] == 0);
        table[k] = usize::from(reaches_zero);
    }
    table
}
