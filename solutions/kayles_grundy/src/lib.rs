//! Reference solution: the Grundy numbers of every shorter row, bottom-up. A move
//! leaves two rows (either may be empty) whose lengths add up to the row's less the one
//! or two pins knocked down, and two rows are worth the XOR of their Grundy numbers.

/// Returns the Grundy number of one row of `n` pins in Kayles.
pub fn kayles_grundy(n: usize) -> usize {
    let mut values: Vec<usize> = Vec::with_capacity(n + 1);
    for row in 0..=n {
        let mut reached: Vec<usize> = Vec::new();
        for knocked in 1..=row.min(2) {
            let left_over = row - knocked;
            // The rows (left, right) and (right, left) are the same position.
            for left in 0..=left_over / 2 {
                reached.push(values[left] ^ values[left_over - left]);
            }
        }
        // Sorted without repeats, the values reached hold 0, 1, 2, ... up to the mex.
        reached.sort_unstable();
        reached.dedup();
        let mex = (0..reached.len())
            .find(|&i| reached[i] != i)
            .unwrap_or(reached.len());
        values.push(mex);
    }
    values[n]
}
