//! Sets `remove` to the nim-sum X while `new_size` is a ^ X: the two disagree as soon
//! as the heap shares a bit below X's highest with X (1 2: X = 3, heap 2 -> 1 removes 1,
//! not 3).
// expect: wrong answer
// expect: remove and new_size disagree
// expect-not: writes the size left in both
// expect: it equals X only when the heap has none of X's bits below its highest
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
    Some(Move {
        heap_index,
        // "Remove the nim-sum": right only when the heap has no other bit in common with X.
        remove: nim_sum,
        new_size: heaps[heap_index] ^ nim_sum,
    })
}
