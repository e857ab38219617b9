//! Reference solution: one Grundy table up to the largest heap, then the Nim recipe on
//! the heaps' Grundy numbers.

/// Returns a winning move `(heap_index, amount)` in the sum of subtraction games, or
/// `None` when the XOR of the heaps' Grundy numbers is 0.
pub fn subtraction_sum_move(heaps: &[usize], moves: &[usize]) -> Option<(usize, usize)> {
    let largest = heaps.iter().copied().max().unwrap_or(0);
    let grundy = grundy_table(largest, moves);
    let total = heaps.iter().fold(0, |sum, &heap| sum ^ grundy[heap]);
    if total == 0 {
        return None;
    }
    // As in Nim: a heap whose Grundy number g has the highest bit of `total` can move
    // to the smaller value g ^ total, and by the mex some allowed amount reaches it.
    heaps.iter().enumerate().find_map(|(heap_index, &heap)| {
        let target = grundy[heap] ^ total;
        if target >= grundy[heap] {
            return None;
        }
        moves
            .iter()
            .find(|&&amount| (1..=heap).contains(&amount) && grundy[heap - amount] == target)
            .map(|&amount| (heap_index, amount))
    })
}

/// The Grundy numbers of heaps 0 to `largest`: each is the mex of the values one
/// allowed move away.
fn grundy_table(largest: usize, moves: &[usize]) -> Vec<usize> {
    let mut table: Vec<usize> = Vec::with_capacity(largest + 1);
    // A mex of at most `moves.len()` values is at most `moves.len()`.
    let mut seen = vec![false; moves.len() + 1];
    for heap in 0..=largest {
        seen.fill(false);
        for &amount in moves {
            if (1..=heap).contains(&amount) {
                seen[table[heap - amount]] = true;
            }
        }
        table.push(seen.iter().position(|&s| !s).unwrap_or(seen.len()));
    }
    table
}
