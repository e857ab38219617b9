//! Switches to the endgame rule too early, while two heaps still hold more than one
//! stone (`big <= 2` instead of `big <= 1`), and then shrinks the first big heap to 0
//! or 1. On 2 2, a lost position (nim-sum 0 with a big heap), it plays 2 -> 1 and
//! leaves 1 2, from which the opponent empties the 2 and leaves you the last stone.
// expect: wrong answer
// expect: heaps = [2, 2]
// expect: [2, 2] is lost for the player to move in misère Nim
// expect: The endgame starts only when at most one heap holds more than one stone.
// expect: With two or more big heaps, as in 2 2 or 2 3, play normal Nim:
// expect: 2 2 is lost, and 2 3 -> 2 2 wins.
// expect-not: normal Nim move leaves an even number

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
    // "Few big heaps left: time for the endgame" -- one heap too soon.
    if big <= 2 {
        if big == 0 {
            if ones % 2 == 1 {
                return None;
            }
            let heap_index = heaps.iter().position(|&heap| heap == 1)?;
            return Some(Move {
                heap_index,
                remove: 1,
                new_size: 0,
            });
        }
        let heap_index = heaps.iter().position(|&heap| heap > 1)?;
        let new_size = if ones % 2 == 1 { 0 } else { 1 };
        return Some(Move {
            heap_index,
            remove: heaps[heap_index] - new_size,
            new_size,
        });
    }
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
