//! Says a position without stones is not losing ("the game is over, nobody loses"):
//! the player to move there cannot move, and loses. The rest of the search is right,
//! so it computes misère Nim, where taking the last stone loses. `[]` and `[0]` give
//! `false` instead of `true`, and `[1]` gives `true` instead of `false`.
// expect: wrong answer
// expect: input: heaps = []
// expect: A position with no stones has no moves: the player to move cannot move and loses, so it is losing (true).
use std::collections::HashMap;

fn search(heaps: Vec<u64>, memo: &mut HashMap<Vec<u64>, bool>) -> bool {
    if heaps.iter().all(|&heap| heap == 0) {
        return false;
    }
    if let Some(&known) = memo.get(&heaps) {
        return known;
    }
    let mut losing = true;
    'moves: for index in 0..heaps.len() {
        for new_size in 0..heaps[index] {
            let mut next = heaps.clone();
            next[index] = new_size;
            next.sort_unstable();
            if search(next, memo) {
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
