//! Plays normal Nim's winning move everywhere, as if misère changed nothing: it takes
//! the last stone of [1], which loses misère Nim.
// expect: wrong answer
// expect: input: heaps = [1]
// expect: [1] is lost for the player to move in misère Nim
// expect: With only 0s and 1s, an even number of 1s (nim-sum 0) is won in misère
// expect: Nim: take a 1 and leave an odd number.
// expect-not: Misère is not normal play reversed
// expect-not: count the heaps of 1 among the others

/// A move: take `remove` stones from heap `heap_index`, leaving `new_size` stones.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Move {
    pub heap_index: usize,
    pub remove: u64,
    pub new_size: u64,
}

pub fn misere_winning_move(heaps: &[u64]) -> Option<Move> {
    let nim_sum = heaps.iter().fold(0, |sum, &heap| sum ^ heap);
    if nim_sum == 0 {
        return None;
    }
    let heap_index = heaps.iter().position(|&heap| heap ^ nim_sum < heap)?;
    let new_size = heaps[heap_index] ^ nim_sum;
    Some(Move {
        heap_index,
        remove: heaps[heap_index] - new_size,
        new_size,
    })
}
