//! A misère game search (taking the last stone loses) that tries only the moves of the
//! largest heap: right on a single heap, wrong where the winning move is on a smaller
//! one. It plays misère, not "normal play reversed".
// expect: wrong answer
// expect-not: Misère is not normal play reversed
use std::collections::HashMap;

/// A move: take `remove` stones from heap `heap_index`, leaving `new_size` stones.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Move {
    pub heap_index: usize,
    pub remove: u64,
    pub new_size: u64,
}

/// Whether the player to move wins misère Nim, moving only the largest heap.
fn wins(heaps: &mut Vec<u64>, memo: &mut HashMap<Vec<u64>, bool>) -> bool {
    heaps.sort_unstable();
    if heaps.iter().all(|&heap| heap == 0) {
        return true;
    }
    if let Some(&known) = memo.get(heaps.as_slice()) {
        return known;
    }
    let largest = heaps.len() - 1;
    let size = heaps[largest];
    let win = (0..size).any(|smaller| {
        let mut next = heaps.clone();
        next[largest] = smaller;
        !wins(&mut next, memo)
    });
    memo.insert(heaps.clone(), win);
    win
}

pub fn misere_winning_move(heaps: &[u64]) -> Option<Move> {
    // Small positions only: a search of more is too slow, and says no move.
    if heaps.len() > 6 || heaps.iter().any(|&heap| heap > 64) {
        return None;
    }
    let mut memo = HashMap::new();
    let largest = (0..heaps.len()).max_by_key(|&i| heaps[i])?;
    (0..heaps[largest]).find_map(|smaller| {
        let mut next = heaps.to_vec();
        next[largest] = smaller;
        (!wins(&mut next, &mut memo)).then(|| Move {
            heap_index: largest,
            remove: heaps[largest] - smaller,
            new_size: smaller,
        })
    })
}
