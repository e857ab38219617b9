//! Correct: uses what the lesson proves, that the values repeat with period 12 from
//! row 71 on. It fills the table only up to 82 and reads a longer row's value 12, 24,
//! ... rows back. Any right answer is accepted, however it is found.
pub fn kayles_grundy(n: usize) -> usize {
    const START: usize = 71;
    const PERIOD: usize = 12;
    let last = n.min(START + PERIOD - 1);
    let mut table: Vec<usize> = Vec::with_capacity(last + 1);
    for row in 0..=last {
        let mut reached = vec![false; 2 * row + 2];
        for knocked in 1..=row.min(2) {
            let rest = row - knocked;
            for left in 0..=rest {
                reached[table[left] ^ table[rest - left]] = true;
            }
        }
        table.push(reached.iter().position(|&r| !r).unwrap());
    }
    match n <= last {
        true => table[n],
        false => table[START + (n - START) % PERIOD],
    }
}
