//! The nim-sum's LOWEST set bit instead of its highest, with the overflow panic
//! silenced by `wrapping_sub`: on 1 2 (X = 3) it picks heap 1, which would grow to 2
//! ("take -1").
// expect: wrong answer
// expect: Heap 0 would grow from 1 to 2 (take -1): a move only takes stones away.
// expect: has the nim-sum's lowest set bit (1) but not its highest (2)
// expect-not: 0-based
// expect-not: not by its size

/// A move: take `remove` stones from heap `heap_index`, leaving `new_size` stones.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Move {
    pub heap_index: usize,
    pub remove: u64,
    pub new_size: u64,
}

pub fn nim_winning_move(heaps: &[u64]) -> Option<Move> {
    let nim_sum = heaps.iter().fold(0, |acc, &heap| acc ^ heap);
    if nim_sum == 0 {
        return None;
    }
    // Lowest set bit of the nim-sum (the highest one is the right choice).
    let bit = nim_sum & nim_sum.wrapping_neg();
    let heap_index = heaps.iter().position(|&heap| heap & bit != 0)?;
    let heap = heaps[heap_index];
    let new_size = heap ^ nim_sum;
    Some(Move {
        heap_index,
        // wrapping_sub silenced the "subtract with overflow" panic, not the mistake.
        remove: heap.wrapping_sub(new_size),
        new_size,
    })
}
