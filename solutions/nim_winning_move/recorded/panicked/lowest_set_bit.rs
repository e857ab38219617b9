//! The nim-sum's LOWEST set bit instead of its highest: on 1 2 (X = 3) it picks heap 1,
//! whose a ^ X = 2 is larger, and `heap - new_size` underflows (a panic in a debug
//! build; "take -1" in a language that wraps, see wrong_answer/lowest_bit_wrapping.rs).
// expect: panicked
// expect: heaps = [1, 2]
// expect: attempt to subtract with overflow
// expect: Take it only from a heap with a ^ X < a
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
    let low_bit = nim_sum.trailing_zeros();
    let heap_index = heaps.iter().position(|&heap| heap >> low_bit & 1 == 1)?;
    let heap = heaps[heap_index];
    let new_size = heap ^ nim_sum;
    Some(Move {
        heap_index,
        remove: heap - new_size,
        new_size,
    })
}
