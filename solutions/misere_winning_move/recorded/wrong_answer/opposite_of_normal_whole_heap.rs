//! Treats misère as normal play reversed, as opposite_of_normal.rs does, but from a
//! nim-sum of 0 it empties the largest heap. With no stone left ([0], [0, 0]) the
//! largest heap holds 0, so it "moves" where there is no move: a symptom of the
//! reversed rule, which explains every wrong answer, not of a missing check for stones.
// expect: wrong answer
// expect: No stone is left in [0]
// expect: Misère is not normal play reversed
// expect-not: An even count of 1s needs a 1 to take only when the count is not 0.

/// A move: take `remove` stones from heap `heap_index`, leaving `new_size` stones.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Move {
    pub heap_index: usize,
    pub remove: u64,
    pub new_size: u64,
}

pub fn misere_winning_move(heaps: &[u64]) -> Option<Move> {
    let nim_sum = heaps.iter().fold(0, |acc, &heap| acc ^ heap);
    // Normal play's winner is misère's loser... or so it seems.
    if nim_sum != 0 {
        return None;
    }
    // From nim-sum 0, any move leaves a nonzero nim-sum: take the largest heap.
    let (heap_index, &largest) = heaps.iter().enumerate().max_by_key(|&(_, &heap)| heap)?;
    Some(Move {
        heap_index,
        remove: largest,
        new_size: 0,
    })
}
