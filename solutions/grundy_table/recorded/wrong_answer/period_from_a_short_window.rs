//! Saves time by stopping at the first period it sees: once the last p entries repeat
//! the p entries before them, it copies that period to the end of the table. But p is
//! often shorter than the largest move, and then the repeat proves nothing: with moves
//! [2, 5] the table starts 0 0 1 1 0 2, and the repeat 0 0 makes every entry 0.
// expect: wrong answer
// expect: Your table repeats a period guessed too early
// expect: only a repeated window as long as the largest move proves a period
// expect-not: Grundy numbers are not just 0 (lose) and 1 (win)
pub fn grundy_table(max_n: usize, moves: &[usize]) -> Vec<usize> {
    let mut table: Vec<usize> = Vec::with_capacity(max_n + 1);
    while table.len() <= max_n {
        let k = table.len();
        let mut reached = vec![false; moves.len() + 1];
        for &m in moves {
            if m >= 1 && m <= k && table[k - m] <= moves.len() {
                reached[table[k - m]] = true;
            }
        }
        table.push(
            reached
                .iter()
                .position(|&seen| !seen)
                .unwrap_or(moves.len()),
        );
        let end = table.len();
        if let Some(p) = (1..=end / 2).find(|&p| table[end - 2 * p..end - p] == table[end - p..]) {
            while table.len() <= max_n {
                table.push(table[table.len() - p]);
            }
        }
    }
    table
}
