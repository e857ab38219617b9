//! Skips amounts larger than the heap when it fills the table, but forgets the check
//! when it looks for the move: with moves 3 2 and a single heap of 2 (Grundy number 1)
//! it tries to take 3 first, and `heap - amount` underflows.
// expect: panicked
// expect: attempt to subtract with overflow
// expect: heaps = [1], moves = [3, 1, 2]
// expect: A move never takes more stones than the heap holds:
// expect: check `1 <= amount && amount <= heap` everywhere you compute `heap - amount`,
// expect: in the search for the move as well as in the table.

pub fn subtraction_sum_move(heaps: &[usize], moves: &[usize]) -> Option<(usize, usize)> {
    let largest = heaps.iter().copied().max().unwrap_or(0);
    let mut grundy: Vec<usize> = Vec::with_capacity(largest + 1);
    for heap in 0..=largest {
        let mut seen = vec![false; moves.len() + 1];
        for &amount in moves {
            if amount >= 1 && amount <= heap {
                seen[grundy[heap - amount]] = true;
            }
        }
        grundy.push(seen.iter().position(|&s| !s).unwrap_or(seen.len()));
    }
    let total = heaps.iter().fold(0, |acc, &heap| acc ^ grundy[heap]);
    if total == 0 {
        return None;
    }
    let heap_index = heaps
        .iter()
        .position(|&heap| grundy[heap] ^ total < grundy[heap])?;
    let heap = heaps[heap_index];
    // No check that the amount fits in the heap.
    let amount = moves
        .iter()
        .find(|&&amount| amount >= 1 && grundy[heap - amount] == grundy[heap] ^ total)?;
    Some((heap_index, *amount))
}
