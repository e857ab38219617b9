//! Searches only the moves that take one stone: it plays a different game, whose
//! answer is the parity of the total. `[2]` gives `true`, but taking both stones (a
//! legal move it never tries) wins.
// expect: wrong answer
// expect-not: the total, the largest heap and the number of heaps
// expect: A move may take any number of stones from one heap, not just one: search every smaller size of every heap
// expect-not: a game where a move takes at most
use std::collections::HashMap;

fn search(heaps: Vec<u64>, memo: &mut HashMap<Vec<u64>, bool>) -> bool {
    if let Some(&known) = memo.get(&heaps) {
        return known;
    }
    let mut losing = true;
    for index in 0..heaps.len() {
        if heaps[index] > 0 {
            let mut next = heaps.clone();
            next[index] -= 1;
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
