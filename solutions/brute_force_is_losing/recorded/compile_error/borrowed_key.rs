//! Keys the memo on borrowed slices (`HashMap<&[u64], bool>`) to avoid copies: but
//! the key would borrow `next`, a local `Vec` dropped at the end of the loop, while
//! the memo outlives it. The memo must own its keys: `HashMap<Vec<u64>, bool>`.
// expect: does not compile
// expect: error[E0597]: `next` does not live long enough
// expect-not: [grader]
use std::collections::HashMap;

fn search<'a>(heaps: &'a [u64], memo: &mut HashMap<&'a [u64], bool>) -> bool {
    if let Some(&known) = memo.get(heaps) {
        return known;
    }
    let mut losing = true;
    for index in 0..heaps.len() {
        for new_size in 0..heaps[index] {
            let mut next = heaps.to_vec();
            next[index] = new_size;
            if search(&next, memo) {
                losing = false;
            }
        }
    }
    memo.insert(heaps, losing);
    losing
}

pub fn brute_force_is_losing(heaps: &[u64]) -> bool {
    search(heaps, &mut HashMap::new())
}
