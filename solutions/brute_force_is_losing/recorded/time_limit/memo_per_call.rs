//! Has a memo, but the recursion goes through the public function, which makes a new
//! empty memo every time: no answer is ever found in it, so this is the search
//! without a memo. `[6, 6, 6, 6]` takes more than a minute.
// expect: time limit
// expect: or with a new memo in every call, the search is exponential
use std::collections::HashMap;

pub fn brute_force_is_losing(heaps: &[u64]) -> bool {
    let mut memo: HashMap<Vec<u64>, bool> = HashMap::new();
    let mut key = heaps.to_vec();
    key.sort_unstable();
    if let Some(&known) = memo.get(&key) {
        return known;
    }
    let mut losing = true;
    'moves: for index in 0..key.len() {
        for new_size in 0..key[index] {
            let mut next = key.clone();
            next[index] = new_size;
            if brute_force_is_losing(&next) {
                losing = false;
                break 'moves;
            }
        }
    }
    memo.insert(key, losing);
    losing
}
