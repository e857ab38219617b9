//! Gets the phases right but, with one big heap left, always shrinks it to 1 ("leave
//! the opponent one stone"), whatever the number of 1s elsewhere. On 1 2 it leaves
//! 1 1, an even number of heaps of 1: the opponent takes one and you take the last.
//! Emptying the 2 instead leaves a single 1 for the opponent.
// expect: wrong answer
// expect: heaps = [1, 2]
// expect: an even number (2) of 1s
// expect: With one big heap, count the heaps of 1 among the others (1 here):
// expect: odd, empty the big heap; even, shrink it to 1.
// expect: The aim is an odd number of 1s (1 2 -> 1 0).
// expect-not: The endgame starts only when
// expect-not: the normal Nim move leaves an even number of heaps of 1

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
            let heap_index = heaps.iter().position(|&heap| heap == 1)?;
            Some(Move {
                heap_index,
                remove: 1,
                new_size: 0,
            })
        }
        1 => {
            // Leave the opponent one stone in that heap: right only with no other 1s.
            let heap_index = heaps.iter().position(|&heap| heap > 1)?;
            Some(Move {
                heap_index,
                remove: heaps[heap_index] - 1,
                new_size: 1,
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
