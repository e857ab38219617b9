//! Two slips at once: it chooses the first heap larger than X, and one helper builds
//! the move writing the new size into `remove` too. Where that heap can win, only
//! `remove` is wrong; where it cannot, the heap is. Neither slip explains every wrong
//! answer, so the grader names neither and shows the rule broken.
// expect: wrong answer
// expect: [1] is a winning position: its nim-sum is 1
// expect-not: yours writes the size left in both
// expect-not: does not have the nim-sum's highest set bit

/// A move: take `remove` stones from heap `heap_index`, leaving `new_size` stones.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Move {
    pub heap_index: usize,
    pub remove: u64,
    pub new_size: u64,
}

fn leaving(heap_index: usize, new_size: u64) -> Move {
    Move {
        heap_index,
        remove: new_size,
        new_size,
    }
}

pub fn nim_winning_move(heaps: &[u64]) -> Option<Move> {
    let nim_sum = heaps.iter().fold(0, |acc, &heap| acc ^ heap);
    if nim_sum == 0 {
        return None;
    }
    let heap_index = heaps.iter().position(|&heap| heap > nim_sum)?;
    Some(leaving(heap_index, heaps[heap_index] ^ nim_sum))
}
