//! Mixes up the rule: calls a position losing when every move leads to a losing
//! position. The empty position comes out right (there is no move), but `[1]` gives
//! `true`: its only move leads to `[0]`, a losing position for the opponent, so `[1]`
//! is winning.
// expect: wrong answer
// expect: input: heaps = [1]
// expect: A position is losing when no move reaches a losing position (every move reaches a winning one): a move to a losing position wins.
// expect-not: misère Nim, where taking the last stone loses
use std::collections::HashMap;

fn search(heaps: Vec<u64>, memo: &mut HashMap<Vec<u64>, bool>) -> bool {
    if let Some(&known) = memo.get(&heaps) {
        return known;
    }
    let mut losing = true;
    'moves: for index in 0..heaps.len() {
        for new_size in 0..heaps[index] {
            let mut next = heaps.clone();
            next[index] = new_size;
            next.sort_unstable();
            if !search(next, memo) {
                losing = false;
                break 'moves;
            }
        }
    }
    memo.insert(heaps, losing);
    losing
}

pub fn brute_force_is_losing(heaps: &[u64]) -> bool {
    let mut start = heaps.to_vec();
    start.sort_unstable();
    search(start, &mut HashMap::new())
}
