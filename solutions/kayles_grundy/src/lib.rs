//! Reference solution: the Grundy numbers of every shorter row, bottom-up. A move
//! leaves two rows (either may be empty) whose lengths add up to the row's less the one
//! or two pins knocked down, and two rows are worth the XOR of their Grundy numbers.

/// Returns the Grundy number of one row of `n` pins in Kayles.
pub fn kayles_grundy(n: usize) -> usize {
    let mut values: Vec<usize> = Vec::with_capacity(n + 1);
    let mut reached: Vec<bool> = Vec::with_capacity(n + 2);
    for row in 0..=n {
        // A row has at most 2 * row moves, so its mex is at most that: room for it.
        reached.clear();
        reached.resize(row + 2, false);
        for knocked in 1..=row.min(2) {
            let left_over = row - knocked;
            // The rows (left, right) and (right, left) are the same position.
            for left in 0..=left_over / 2 {
                let value = values[left] ^ values[left_over - left];
                if let Some(flag) = reached.get_mut(value) {
                    *flag = true;
                }
            }
        }
        let mex = reached.iter().position(|&r| !r).unwrap_or(reached.len());
        values.push(mex);
    }
    values[n]
}
