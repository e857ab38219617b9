//! 1-based heap numbers where 0-based indices are asked: on a single heap it names heap
//! 1, which does not exist.
// expect: wrong answer
// expect: There is no heap 1: the position has 1 heap, numbered 0.
// expect: Heap 0 is the one to reduce: indices are 0-based
// expect-not: return None when it is 0

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
    let index = heaps.iter().position(|&heap| heap ^ nim_sum < heap)?;
    let heap = heaps[index];
    Some(Move {
        // Heaps numbered from 1, as a person would count them.
        heap_index: index + 1,
        remove: heap - (heap ^ nim_sum),
        new_size: heap ^ nim_sum,
    })
}
