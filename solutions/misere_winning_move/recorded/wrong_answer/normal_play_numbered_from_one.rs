//! A first try with two slips: it plays normal Nim everywhere, and numbers heaps from
//! 1. While two heaps hold more than one stone, normal play is right, and there each
//! wrong answer is a winning move named one heap too far; in the endgame, normal play
//! is wrong whatever the numbering. No single mistake explains every wrong answer, so
//! the grader names neither.
// expect: wrong answer
// expect: [1] is lost for the player to move in misère Nim
// expect-not: indices are 0-based, so heap_index 0 is the first heap

/// A move: take `remove` stones from heap `heap_index`, leaving `new_size` stones.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Move {
    pub heap_index: usize,
    pub remove: u64,
    pub new_size: u64,
}

pub fn misere_winning_move(heaps: &[u64]) -> Option<Move> {
    let nim_sum = heaps.iter().fold(0, |acc, &heap| acc ^ heap);
    if nim_sum == 0 {
        return None;
    }
    let index = heaps.iter().position(|&heap| heap ^ nim_sum < heap)?;
    let heap = heaps[index];
    Some(Move {
        // Heaps numbered from 1, as a person counts them.
        heap_index: index + 1,
        remove: heap - (heap ^ nim_sum),
        new_size: heap ^ nim_sum,
    })
}
