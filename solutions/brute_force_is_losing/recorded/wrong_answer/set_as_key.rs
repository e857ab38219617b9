//! Keys its memo on the set of heap sizes (a `BTreeSet`), since the order does not
//! matter: but a set also forgets how many heaps have each size. `[0, 1, 2]` gives
//! `true`: its winning move leads to `[0, 1, 1]` (losing), whose key {0, 1} is that
//! of `[0, 1, 0]` (winning), already in the memo, so the winning move is missed.
// expect: wrong answer
// expect-not: the total, the largest heap and the number of heaps
// expect: input: heaps = [0, 1, 2]
// expect: the set of heap sizes, which forgets repeats
// expect: it reaches [0, 1, 1] (P) after [0, 1, 0] (N): both have the key {0, 1}
// expect: Sort the heaps and keep the whole list as the key.
use std::collections::{BTreeSet, HashMap};

fn search(heaps: &[u64], memo: &mut HashMap<BTreeSet<u64>, bool>) -> bool {
    let key: BTreeSet<u64> = heaps.iter().copied().collect();
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
