//! Knocks pins down only at the ends of the row: a row of r reaches the rows r - 1 and
//! r - 2, never two rows. That is the subtraction game {1, 2}: the values n mod 3.
// expect: wrong answer
// expect: A row of 3 pins has Grundy number 3, but you returned 0.
// expect: Either the moves that split the row are missing
pub fn kayles_grundy(n: usize) -> usize {
    let mut table: Vec<usize> = Vec::with_capacity(n + 1);
    for row in 0..=n {
        let mut reached = Vec::new();
        if row >= 1 {
            reached.push(table[row - 1]);
        }
        if row >= 2 {
            reached.push(table[row - 2]);
        }
        let mut mex = 0;
        while reached.contains(&mex) {
            mex += 1;
        }
        table.push(mex);
    }
    table[n]
}
