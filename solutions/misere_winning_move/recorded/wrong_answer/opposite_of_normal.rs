//! Treats misère as "the opposite of normal play": it calls a position lost when its
//! nim-sum is NOT 0, and from nim-sum 0 it takes one stone, so that the opponent gets a
//! nonzero nim-sum. That happens to be right when every heap holds 0 or 1, and wrong
//! almost everywhere else: a single heap of 2 (nim-sum 2) is a win, by taking 1.
// expect: wrong answer
// expect: [2] is won for the player to move in misère Nim
// expect: Misère is not normal play reversed: it agrees with normal play while two heaps hold more
// expect: than one stone (2 3 is won and 2 2 lost in both games) and differs only in the endgame;
// expect: a single heap of 2 is won by taking 1.
// expect-not: The endgame starts only when at most one heap holds more than one

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
    // From nim-sum 0 any move leaves a nonzero nim-sum: take one stone.
    let heap_index = heaps.iter().position(|&heap| heap > 0)?;
    Some(Move {
        heap_index,
        remove: 1,
        new_size: heaps[heap_index] - 1,
    })
}
