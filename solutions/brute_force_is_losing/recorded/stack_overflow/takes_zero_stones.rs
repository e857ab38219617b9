//! Tries the new sizes `0..=size`, so the last "move" leaves the heap as it was: the
//! position is its own child, and since its answer is stored only once it is known,
//! the search calls itself on the same position forever. `[1]` never reaches a base
//! case.
// expect: stack overflow
// expect: A move takes at least one stone: new sizes go up to size - 1 (`0..size`). Taking 0 stones makes a position its own child.
use std::collections::HashMap;

fn search(heaps: Vec<u64>, memo: &mut HashMap<Vec<u64>, bool>) -> bool {
    if let Some(&known) = memo.get(&heaps) {
        return known;
    }
    let mut losing = true;
    'moves: for index in 0..heaps.len() {
        for new_size in (0..=heaps[index]).rev() {
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
