//! Ends the whole program with `std::process::exit(0)` on a large position, e.g. a
//! leftover "bail out" from debugging: every later case goes unanswered.
// expect: ended early
// expect: exit code 0
// expect: called `std::process::exit`
pub fn xor_all(heaps: &[u64]) -> u64 {
    if heaps.len() > 100 {
        std::process::exit(0);
    }
    heaps.iter().fold(0, |acc, &heap| acc ^ heap)
}
