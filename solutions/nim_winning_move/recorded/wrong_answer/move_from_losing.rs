//! Returns a move from a losing position too ("take one stone to play on"): the
//! exercise asks for None when the nim-sum is 0, since no move wins.
// expect: wrong answer
// expect: [1, 1] is a losing position: its nim-sum is 0
// expect: return None when it is 0

/// A move: take `remove` stones from heap `heap_index`, leaving `new_size` stones.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Move {
    pub heap_index: usize,
    pub remove: u64,
    pub new_size: u64,
}

pub fn nim_winning_move(heaps: &[u64]) -> Option<Move> {
    let nim_sum = heaps.iter().fold(0, |acc, &heap| acc ^ heap);
    if let Some(heap_index) = heaps.iter().position(|&heap| heap ^ nim_sum < heap) {
        let heap = heaps[heap_index];
        return Some(Move {
            heap_index,
            remove: heap - (heap ^ nim_sum),
            new_size: heap ^ nim_sum,
        });
    }
    // No winning move: take one stone from the first heap that has any, to play on.
    let heap_index = heaps.iter().position(|&heap| heap > 0)?;
    Some(Move {
        heap_index,
        remove: 1,
        new_size: heaps[heap_index] - 1,
    })
}
