//! In the endgame with one big heap, always empties it, whatever the number of 1s:
//! on [2] it takes both stones, the last one, and loses.
// expect: wrong answer
// expect: input: heaps = [2]
// expect: the opponent wins misère Nim: no stone is left, so whoever took the last one lost.
// expect: With one big heap, count the heaps of 1 among the others (0 here): odd,
// expect: empty the big heap; even, shrink it to 1.
// expect-not: the normal Nim move leaves an even number of heaps of 1

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
        // One big heap: take all of it.
        1 => {
            let heap_index = heaps.iter().position(|&heap| heap > 1)?;
            let new_size = 0;
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
