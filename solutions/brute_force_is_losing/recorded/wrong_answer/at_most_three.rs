//! Searches the moves that take 1, 2 or 3 stones only, as in a subtraction game: it
//! plays a different game, in which [4] is lost. Its memo is keyed on the sorted heaps,
//! as it should be: its key is not the mistake.
// expect: wrong answer
// expect-not: the total, the largest heap and the number of heaps
// expect: input: heaps = [4]
// expect: a game where a move takes at most 3 stones
// expect-not: the set of heap sizes, which forgets repeats
// expect-not: moves only the largest heap
use std::collections::HashMap;

fn search(heaps: Vec<u64>, memo: &mut HashMap<Vec<u64>, bool>) -> bool {
    if let Some(&known) = memo.get(&heaps) {
        return known;
    }
    let mut losing = true;
    'moves: for index in 0..heaps.len() {
        for taken in 1..=heaps[index].min(3) {
            let mut next = heaps.clone();
            next[index] -= taken;
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
