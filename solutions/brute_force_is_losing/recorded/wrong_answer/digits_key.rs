//! Tidies each position into a string key: the empty heaps dropped (they change
//! nothing), the rest sorted, and their digits written side by side. With no separator
//! two positions can share a key: 1 12 13 and 1 1 2 13 both give "11213", although the
//! first is losing and the second is not, so the memo answers one with the other's
//! answer.
// expect: wrong answer
// expect: the sizes' digits written side by side, which forget where one size ends
// expect-not: the set of heap sizes, which forgets repeats
// expect-not: what it answers here depends on the calls before it
use std::collections::HashMap;

fn key(heaps: &[u64]) -> String {
    let mut kept: Vec<u64> = heaps.iter().copied().filter(|&heap| heap > 0).collect();
    kept.sort_unstable();
    kept.iter().map(|heap| heap.to_string()).collect()
}

fn search(heaps: &mut Vec<u64>, memo: &mut HashMap<String, bool>) -> bool {
    if let Some(&known) = memo.get(&key(heaps)) {
        return known;
    }
    let mut losing = true;
    'moves: for index in 0..heaps.len() {
        let size = heaps[index];
        for new_size in 0..size {
            heaps[index] = new_size;
            let reaches_losing = search(heaps, memo);
            heaps[index] = size;
            if reaches_losing {
                losing = false;
                break 'moves;
            }
        }
    }
    memo.insert(key(heaps), losing);
    losing
}

pub fn brute_force_is_losing(heaps: &[u64]) -> bool {
    search(&mut heaps.to_vec(), &mut HashMap::new())
}
