//! Tries only the moves of the largest heap ("take from the biggest pile"): [1, 1, 2]
//! is a win by emptying the 2, which it finds, but [1, 2, 2] has its winning move on
//! the 1, which it never tries.
// expect: wrong answer
// expect-not: the total, the largest heap and the number of heaps
// expect: a search that moves only the largest heap
// expect-not: the set of heap sizes, which forgets repeats
use std::collections::HashMap;

fn search(heaps: Vec<u64>, memo: &mut HashMap<Vec<u64>, bool>) -> bool {
    if let Some(&known) = memo.get(&heaps) {
        return known;
    }
    // The heaps are sorted: the largest is the last.
    let mut losing = true;
    if let Some(&largest) = heaps.last() {
        for new_size in 0..largest {
            let mut next = heaps.clone();
            *next.last_mut().unwrap() = new_size;
            next.sort_unstable();
            if search(next, memo) {
                losing = false;
                break;
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
