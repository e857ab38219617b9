//! Chooses the first heap larger than X, as first_larger_than_x.rs does, and computes
//! `remove` with `abs_diff` so that a heap that would grow does not panic. On 5 4 2
//! (X = 3) the heap it picks, 5, also has X's lowest set bit, so the answer is what
//! choosing by the lowest bit gives; elsewhere it is not, and the heap was chosen by size.
// expect: wrong answer
// expect: no heap is larger than the nim-sum
// expect-not: has the nim-sum's lowest set bit
// expect-not: does not have the nim-sum's highest set bit

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
    let heap_index = heaps.iter().position(|&heap| heap > nim_sum)?;
    let heap = heaps[heap_index];
    let new_size = heap ^ nim_sum;
    Some(Move {
        heap_index,
        remove: heap.abs_diff(new_size),
        new_size,
    })
}
