//! Forgets the position with no stone left. With no big heap and an even number of 1s
//! it unwraps the search for a heap of 1, but with zero 1s there is none: `unwrap()`
//! panics on the empty position (and on 0 0). That player has already won, since the
//! opponent took the last stone, yet there is no move to return.
// expect: panicked
// expect: called `Option::unwrap()` on a `None` value
// expect: With no stone left (no heaps, or only 0s) there is no move at all: return None.
// expect: An even count of 1s needs a 1 to take only when the count is not 0.

/// A move: take `remove` stones from heap `heap_index`, leaving `new_size` stones.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Move {
    pub heap_index: usize,
    pub remove: u64,
    pub new_size: u64,
}

pub fn misere_winning_move(heaps: &[u64]) -> Option<Move> {
    let big = heaps.iter().filter(|&&heap| heap > 1).count();
    let ones = heaps.iter().filter(|&&heap| heap == 1).count();
    match big {
        0 => {
            if ones % 2 == 1 {
                return None;
            }
            // An even count of 1s: take one. (Zero is even too, and has none to take.)
            let heap_index = heaps.iter().position(|&heap| heap == 1).unwrap();
            Some(Move {
                heap_index,
                remove: 1,
                new_size: 0,
            })
        }
        1 => {
            let heap_index = heaps.iter().position(|&heap| heap > 1)?;
            let new_size = if ones % 2 == 1 { 0 } else { 1 };
            Some(Move {
                heap_index,
                remove: heaps[heap_index] - new_size,
                new_size,
            })
        }
        _ => {
            let nim_sum = heaps.iter().fold(0, |acc, &heap| acc ^ heap);
            if nim_sum == 0 {
                return None;
            }
            let heap_index = heaps.iter().position(|&heap| heap ^ nim_sum < heap)?;
            let heap = heaps[heap_index];
            Some(Move {
                heap_index,
                remove: heap - (heap ^ nim_sum),
                new_size: heap ^ nim_sum,
            })
        }
    }
}
