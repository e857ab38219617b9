//! Correct: one memo for the whole run, in a `thread_local!`, so a position decided
//! in one call is free in every later call. Keys are sorted heap lists.
use std::cell::RefCell;
use std::collections::HashMap;

thread_local! {
    static MEMO: RefCell<HashMap<Vec<u64>, bool>> = RefCell::new(HashMap::new());
}

pub fn brute_force_is_losing(heaps: &[u64]) -> bool {
    let mut key = heaps.to_vec();
    key.sort_unstable();
    if let Some(known) = MEMO.with(|memo| memo.borrow().get(&key).copied()) {
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
    MEMO.with(|memo| memo.borrow_mut().insert(key, losing));
    losing
}
