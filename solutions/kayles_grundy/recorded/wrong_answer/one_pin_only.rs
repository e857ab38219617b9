//! Knocks down one pin at a time, anywhere, splits included, but never two side by
//! side: the values are n mod 2.
// expect: wrong answer
// expect: A row of 2 pins has Grundy number 2, but you returned 0.
// expect: Kayles also knocks down two pins side by side
pub fn kayles_grundy(n: usize) -> usize {
    let mut table: Vec<usize> = Vec::with_capacity(n + 1);
    for row in 0..=n {
        let mut reached = vec![false; row + 2];
        if row >= 1 {
            for left in 0..row {
                reached[table[left] ^ table[row - 1 - left]] = true;
            }
        }
        table.push(reached.iter().position(|&r| !r).unwrap());
    }
    table[n]
}
