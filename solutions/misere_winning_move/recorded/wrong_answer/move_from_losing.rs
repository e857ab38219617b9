//! Returns a move from a lost position too ("take one stone to play on"). The smallest
//! case: a single heap of 1 is lost (you must take the last stone), and the answer is
//! None, not "take 1 from heap 0".
// expect: wrong answer
// expect: heaps = [1]
// expect: [1] is lost for the player to move in misère Nim
// expect: From a lost position every move loses, so there is no winning move: return None
// expect: (1, 1 1 1, 2 2 and 1 2 3 are lost in misère Nim).
// expect-not: The endgame starts only when at most one heap holds more than one
// expect-not: an even number of 1s (nim-sum 0) is won in misère Nim

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
    let nim_sum = heaps.iter().fold(0, |acc, &heap| acc ^ heap);
    let winning = match big {
        0 if ones % 2 == 0 => heaps.iter().position(|&heap| heap == 1).map(|i| (i, 0)),
        0 => None,
        1 => heaps
            .iter()
            .position(|&heap| heap > 1)
            .map(|i| (i, if ones % 2 == 1 { 0 } else { 1 })),
        _ => heaps
            .iter()
            .position(|&heap| heap ^ nim_sum < heap)
            .map(|i| (i, heaps[i] ^ nim_sum)),
    };
    // No winning move: take one stone from the first heap that has any, to play on.
    let (heap_index, new_size) = match winning {
        Some(found) => found,
        None => {
            let i = heaps.iter().position(|&heap| heap > 0)?;
            (i, heaps[i] - 1)
        }
    };
    Some(Move {
        heap_index,
        remove: heaps[heap_index] - new_size,
        new_size,
    })
}
