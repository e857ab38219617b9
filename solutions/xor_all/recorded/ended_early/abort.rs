//! Calls `std::process::abort()` when it meets an empty position ("cannot happen"):
//! the process is killed by SIGABRT before it answers.
// expect: ended early
// expect: killed by signal 6 (abort)
// expect: The program aborted
// expect-not: process::exit
pub fn xor_all(heaps: &[u64]) -> u64 {
    if heaps.is_empty() {
        std::process::abort();
    }
    heaps.iter().fold(0, |acc, &heap| acc ^ heap)
}
