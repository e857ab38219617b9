//! Mixes up the fields and writes the new size into `remove` too: emptying a heap of 1
//! then "removes 0 stones".
// expect: wrong answer
// expect: remove is 0, but a move takes at least one stone: heap 0 holds 1
// expect-not: equals X only when
// expect: yours writes the size left in both
// expect-not: Code that looks at 32 bits

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
    let heap_index = heaps.iter().position(|&heap| heap ^ nim_sum < heap)?;
    let new_size = heaps[heap_index] ^ nim_sum;
    // The fields mixed up: the new size written into `remove` as well.
    Some(Move {
        heap_index,
        remove: new_size,
        new_size,
    })
}
