//! In the endgame without a big heap it always answers a move, taking the first heap of
//! 1, or heap 0 when there is none: with no stone left there is no move to make.
// expect: wrong answer
// expect: input: heaps = []
// expect: The answer is None.
// expect: With no stone left (no heaps, or only 0s) there is no move at all:
// expect: return None.

/// A move: take `remove` stones from heap `heap_index`, leaving `new_size` stones.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Move {
    pub heap_index: usize,
    pub remove: u64,
    pub new_size: u64,
}

/// Returns a move that wins misère Nim (taking the last stone loses), or `None` from a
/// lost position.
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
        // leaving an odd number of them: from an even count, take one.
        0 => {
            if ones % 2 == 1 {
                return None;
            }
            let heap_index = heaps.iter().position(|&heap| heap == 1).unwrap_or(0);
            Some(Move {
                heap_index,
                remove: heaps.get(heap_index).copied().unwrap_or(0),
                new_size: 0,
            })
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
