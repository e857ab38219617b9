//! Correct, with another choice of move: among all winning moves (make a heap equal to
//! the XOR of the others, when that is smaller), it takes the most stones. From a
//! losing position no heap qualifies, so it returns None without a special case.

/// A move: take `remove` stones from heap `heap_index`, leaving `new_size` stones.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Move {
    pub heap_index: usize,
    pub remove: u64,
    pub new_size: u64,
}

pub fn nim_winning_move(heaps: &[u64]) -> Option<Move> {
    let nim_sum = heaps.iter().fold(0, |acc, &heap| acc ^ heap);
    let mut best: Option<Move> = None;
    for (heap_index, &heap) in heaps.iter().enumerate() {
        // A winning move makes this heap the XOR of all the others.
        let others = nim_sum ^ heap;
        if others < heap && best.is_none_or(|m| heap - others > m.remove) {
            best = Some(Move {
                heap_index,
                remove: heap - others,
                new_size: others,
            });
        }
    }
    best
}
