//! Right answers, exponential time: the search from the rules, without a memo. Each
//! position is searched again every time a different order of moves reaches it.
//! `[8, 8]` takes milliseconds, `[12, 12]` seconds, `[4, 4, 4, 4]` half a second and
//! `[6, 6, 6, 6]` more than a minute, so the 7,380 small positions never finish.
// expect: time limit
// expect: Without a memo, or with a new memo in every call, the search is exponential
pub fn brute_force_is_losing(heaps: &[u64]) -> bool {
    for index in 0..heaps.len() {
        for new_size in 0..heaps[index] {
            let mut next = heaps.to_vec();
            next[index] = new_size;
            if brute_force_is_losing(&next) {
                return false;
            }
        }
    }
    true
}
