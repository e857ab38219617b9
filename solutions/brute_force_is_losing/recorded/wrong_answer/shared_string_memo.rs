//! Keeps one memo for every call, keyed on the sorted heaps written side by side with
//! no separator: 1 1 2 and 1 12 both become "112", so once one is solved the other gets
//! its answer. The mistake is the key, not the total, and not the rule of the search.
// expect: wrong answer
// expect-not: the total, the largest heap and the number of heaps
// expect-not: total number of stones
// expect-not: no move reaches a losing position
// expect-not: the set of heap sizes, which forgets repeats
// expect-not: the sizes' digits written side by side
use std::collections::HashMap;
use std::sync::Mutex;

static MEMO: Mutex<Option<HashMap<String, bool>>> = Mutex::new(None);

fn search(heaps: Vec<u64>, memo: &mut HashMap<String, bool>) -> bool {
    let key: String = heaps.iter().map(|heap| heap.to_string()).collect();
    if let Some(&known) = memo.get(&key) {
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
    memo.insert(key, losing);
    losing
}

pub fn brute_force_is_losing(heaps: &[u64]) -> bool {
    let mut start = heaps.to_vec();
    start.sort_unstable();
    let mut memo = MEMO.lock().unwrap();
    search(start, memo.get_or_insert_with(HashMap::new))
}
