//! Right answers, with a memo keyed on the heaps as given: `[1, 2]` and `[2, 1]` are
//! searched separately, so 5 heaps of up to 15 mean up to 120 times as many entries.
//! Fine on small positions; a losing position like `[15, 6, 13, 11, 15]` takes 0.3 s,
//! 20 times as long as with sorted keys, and the hidden tests hold many of them.
// expect: time limit
// expect: a memo keyed on the unsorted heaps solves every order of the heaps separately
use std::collections::HashMap;

fn search(heaps: &[u64], memo: &mut HashMap<Vec<u64>, bool>) -> bool {
    if let Some(&known) = memo.get(heaps) {
        return known;
    }
    let mut losing = true;
    'moves: for index in 0..heaps.len() {
        for new_size in 0..heaps[index] {
            let mut next = heaps.to_vec();
            next[index] = new_size;
            if search(&next, memo) {
                losing = false;
                break 'moves;
            }
        }
    }
    memo.insert(heaps.to_vec(), losing);
    losing
}

pub fn brute_force_is_losing(heaps: &[u64]) -> bool {
    search(heaps, &mut HashMap::new())
}
