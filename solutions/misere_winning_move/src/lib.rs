//! Reference solution: normal Nim while two heaps or more hold more than one stone;
//! after that, leave an odd number of heaps of 1.

/// A move: take `remove` stones from heap `heap_index`, leaving `new_size` stones.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Move {
    pub heap_index: usize,
    pub remove: u64,
    pub new_size: u64,
}

/// Returns a move that wins misère Nim (taking the last stone loses), or `None` from a
/// lost position and from a position with no stone left.
pub fn misere_winning_move(heaps: &[u64]) -> Option<Move> {
    let move_to = |heap_index: usize, new_size: u64| Move {
        heap_index,
        remove: heaps[heap_index] - new_size,
        new_size,
    };
    let big_heaps = heaps.iter().filter(|&&heap| heap > 1).count();
    let ones = heaps.iter().filter(|&&heap| heap == 1).count();
    match big_heaps {
        // The endgame without a big heap: every move takes a whole heap of 1. Win by
        // leaving an odd number of them, which needs an even (and nonzero) count now.
        0 => {
            if ones % 2 == 1 {
                return None;
            }
            let heap_index = heaps.iter().position(|&heap| heap == 1)?;
            Some(move_to(heap_index, 0))
        }
        // One big heap: shrink it to 0 or 1, whichever leaves an odd number of 1s.
        1 => {
            let heap_index = heaps.iter().position(|&heap| heap > 1)?;
            let new_size = if ones % 2 == 1 { 0 } else { 1 };
            Some(move_to(heap_index, new_size))
        }
        // Two big heaps or more: exactly as in normal Nim. The move keeps at least one
        // big heap, and a nim-sum of 0 with a big heap means at least two of them.
        _ => {
            let nim_sum = heaps.iter().fold(0, |sum, &heap| sum ^ heap);
            if nim_sum == 0 {
                return None;
            }
            let heap_index = heaps.iter().position(|&heap| heap ^ nim_sum < heap)?;
            Some(move_to(heap_index, heaps[heap_index] ^ nim_sum))
        }
    }
}
