//! Writes the new sizes as `0..=heap - 1`: for an empty heap, `0 - 1` underflows.
//! `[0]` panics ("attempt to subtract with overflow") instead of answering `true`.
// expect: panicked
// expect: attempt to subtract with overflow
// expect: input: heaps = [0]
// expect: An empty heap has no moves, and `size - 1` underflows when size is 0
use std::collections::HashMap;

fn search(heaps: Vec<u64>, memo: &mut HashMap<Vec<u64>, bool>) -> bool {
    if let Some(&known) = memo.get(&heaps) {
        return known;
    }
    let mut losing = true;
    'moves: for index in 0..heaps.len() {
        for new_size in 0..=heaps[index] - 1 {
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
