//! Packs the sorted heaps into a u16 memo key, 4 bits each: four heaps fit, but a fifth
//! heap's bits fall off the end, so positions of five heaps share keys with others and
//! answers. The mistake is the key, not the total, and not the rule of the search.
// expect: wrong answer
// expect-not: the total, the largest heap and the number of heaps
// expect-not: total number of stones
// expect-not: no move reaches a losing position
// expect-not: the set of heap sizes, which forgets repeats
use std::collections::HashMap;

fn key(heaps: &[u64]) -> u16 {
    heaps.iter().enumerate().fold(0u16, |key, (i, &heap)| {
        key | ((heap as u16) << (4 * i as u32).min(15))
    })
}

fn search(heaps: Vec<u64>, memo: &mut HashMap<u16, bool>) -> bool {
    if let Some(&known) = memo.get(&key(&heaps)) {
        return known;
    }
    let mut losing = true;
    'moves: for index in 0..heaps.len() {
        for new_size in 0..heaps[index] {
            let mut next = heaps.clone();
            next[index] = new_size;
            next.sort_unstable();
            if search(next, memo) {
                losing = false;
                break 'moves;
            }
        }
    }
    memo.insert(key(&heaps), losing);
    losing
}

pub fn brute_force_is_losing(heaps: &[u64]) -> bool {
    let mut start = heaps.to_vec();
    start.sort_unstable();
    search(start, &mut HashMap::new())
}
