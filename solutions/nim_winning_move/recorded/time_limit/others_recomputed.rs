//! Right moves in quadratic time: for every heap it XORs all the other heaps again.
//! A losing position of 1,000,000 heaps (no heap qualifies) costs 10^12 steps.
// expect: time limit
// expect: one pass to compute the nim-sum and one to find the heap

/// A move: take `remove` stones from heap `heap_index`, leaving `new_size` stones.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Move {
    pub heap_index: usize,
    pub remove: u64,
    pub new_size: u64,
}

pub fn nim_winning_move(heaps: &[u64]) -> Option<Move> {
    for (heap_index, &heap) in heaps.iter().enumerate() {
        // The XOR of the other heaps, recomputed from scratch for every heap.
        let others = heaps
            .iter()
            .enumerate()
            .filter(|&(j, _)| j != heap_index)
            .fold(0, |acc, (_, &other)| acc ^ other);
        if others < heap {
            return Some(Move {
                heap_index,
                remove: heap - others,
                new_size: others,
            });
        }
    }
    None
}
