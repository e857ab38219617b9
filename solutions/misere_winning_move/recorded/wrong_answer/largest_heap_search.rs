//! A misère game search (taking the last stone loses) that tries only the moves of the
//! largest heap, on small positions (the lesson's rule on the others): right on a single
//! heap, wrong where the winning move is on a smaller one. It plays misère, not "normal
//! play reversed".
// expect: wrong answer
// expect-not: Misère is not normal play reversed
// expect-not: The endgame starts only when
// expect-not: From a lost position every move loses
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

/// The lesson's rule: normal Nim while two heaps hold more than one stone, then leave an
/// odd number of 1s.
fn by_the_rule(heaps: &[u64]) -> Option<Move> {
    let big = heaps.iter().filter(|&&heap| heap > 1).count();
    let ones = heaps.iter().filter(|&&heap| heap == 1).count();
    let (index, new_size) = match big {
        0 if ones % 2 == 0 => (heaps.iter().position(|&heap| heap == 1)?, 0),
        0 => return None,
        1 => (
            heaps.iter().position(|&heap| heap > 1)?,
            u64::from(ones % 2 == 0),
        ),
        _ => {
            let nim_sum = heaps.iter().fold(0, |acc, &heap| acc ^ heap);
            let index = heaps.iter().position(|&heap| heap ^ nim_sum < heap)?;
            (index, heaps[index] ^ nim_sum)
        }
    };
    Some(Move {
        heap_index: index,
        remove: heaps[index] - new_size,
        new_size,
    })
}

pub fn misere_winning_move(heaps: &[u64]) -> Option<Move> {
    // The search on small positions only: on more it takes too long.
    if heaps.len() > 4 || heaps.iter().any(|&heap| heap > 8) {
        return by_the_rule(heaps);
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
