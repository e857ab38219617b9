//! Takes a shortcut for short rows: "a row of up to 4 pins can be shortened to every
//! smaller row, so it is worth its length, as a Nim heap". That is wrong at 4 (the mex
//! counts the values reached, and 1 is not among them), and every longer row built on
//! it is wrong too, but not equal to its length: the grader does not say "n, as a Nim
//! heap".
// expect: wrong answer
// expect: A row of 4 pins has Grundy number 1, but you returned 4.
// expect-not: Your value for a row of n pins is n, as if the row were a Nim heap.
pub fn kayles_grundy(n: usize) -> usize {
    let mut table: Vec<usize> = Vec::with_capacity(n + 1);
    for row in 0..=n {
        if row <= 4 {
            table.push(row);
            continue;
        }
        let mut reached = vec![false; 2 * row + 2];
        for knocked in 1..=2 {
            let rest = row - knocked;
            for left in 0..=rest {
                reached[table[left] ^ table[rest - left]] = true;
            }
        }
        table.push(reached.iter().position(|&r| !r).unwrap());
    }
    table[n]
}
