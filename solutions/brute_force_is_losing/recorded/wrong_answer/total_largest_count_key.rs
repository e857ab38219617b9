//! Keys its memo on the total, the largest heap and the number of heaps, thinking they
//! tell positions apart. They do not: searching `[1, 2, 3]`, it solves `[0, 2, 2]`
//! (losing), then meets `[1, 2, 1]` (winning) with the same key (total 4, largest 2, 3
//! heaps), takes its answer from the memo, and calls `[1, 2, 3]` winning.
// expect: wrong answer
// expect: the total, the largest heap and the number of heaps, which forget the other
// expect: input: heaps = [1, 2, 3]
// expect: it reaches [1, 2, 1] (N) after [0, 2, 2] (P): both have the key (total 4, largest 2, 3
// expect-not: the set of heap sizes, which forgets repeats
use std::collections::HashMap;

fn search(heaps: &[u64], memo: &mut HashMap<(u64, u64, usize), bool>) -> bool {
    let total = heaps.iter().sum();
    let largest = heaps.iter().copied().max().unwrap_or(0);
    let key = (total, largest, heaps.len());
    if let Some(&known) = memo.get(&key) {
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
    memo.insert(key, losing);
    losing
}

pub fn brute_force_is_losing(heaps: &[u64]) -> bool {
    search(heaps, &mut HashMap::new())
}
