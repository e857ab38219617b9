//! Only 0 and 1: "1 if some move reaches a 0, else 0". That decides win or loss, but a
//! Grundy number is the mex, which can be 2 or more (moves 1 2: heap 2 has value 2).
// expect: wrong answer
// expect: With moves [1, 2], the Grundy number of a heap of 2 is 2, but you returned 1.
// expect: Grundy numbers are not just 0 (lose) and 1 (win)
// expect-not: Two moves can reach the same Grundy number
// expect-not: The largest reachable value plus one
// expect-not: are larger than the heap of
pub fn grundy_number(n: usize, moves: &[usize]) -> usize {
    let mut grundy = vec![0; n + 1];
    for size in 1..=n {
        let reaches_zero = moves
            .iter()
            .any(|&m| m >= 1 && m <= size && grundy[size - m] == 0);
        grundy[size] = usize::from(reaches_zero);
    }
    grundy[n]
}
