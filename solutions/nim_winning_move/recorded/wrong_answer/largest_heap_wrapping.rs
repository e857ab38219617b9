//! Chooses the heap by its size, the largest, trusting that the biggest heap can always
//! be cut down to a ^ X. On 1 2 2 (X = 1) the largest heap would grow from 2 to 3; the
//! subtraction wraps instead of panicking, so the move comes back with an absurd
//! `remove`.
// expect: wrong answer
// expect: Heap 2 would grow from 2 to 3
// expect: does not have the nim-sum's highest set bit: choose the heap by that bit, not by its size

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
    let (heap_index, &heap) = heaps.iter().enumerate().max_by_key(|&(_, &heap)| heap)?;
    let new_size = heap ^ nim_sum;
    Some(Move {
        heap_index,
        remove: heap.wrapping_sub(new_size),
        new_size,
    })
}
