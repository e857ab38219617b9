//! Correct: heaps hold at most 15 stones, so a sorted position of up to 5 heaps fits
//! in one `u64`, 4 bits per heap: a cheap memo key. Empty heaps are dropped first:
//! they change nothing in the game.
use std::collections::HashMap;

fn pack(heaps: &[u64]) -> u64 {
    let mut sorted: Vec<u64> = heaps.iter().copied().filter(|&h| h > 0).collect();
    sorted.sort_unstable();
    sorted.iter().fold(0, |key, &heap| key << 4 | heap)
}

fn search(heaps: &[u64], memo: &mut HashMap<u64, bool>) -> bool {
    let key = pack(heaps);
    if let Some(&known) = memo.get(&key) {
        return known;
    }
    let mut next = heaps.to_vec();
    let mut losing = true;
    'moves: for index in 0..heaps.len() {
        for new_size in 0..heaps[index] {
            next[index] = new_size;
            if search(&next, memo) {
                losing = false;
                break 'moves;
            }
        }
        next[index] = heaps[index];
    }
    memo.insert(key, losing);
    losing
}

pub fn brute_force_is_losing(heaps: &[u64]) -> bool {
    search(heaps, &mut HashMap::new())
}
