//! Recursion that never shrinks its input: it calls itself on the same slice instead
//! of the rest (`&heaps[1..]`), so it never reaches the base case. The compiler turns
//! this recursion into a loop, so it never overflows the stack: it runs until the limit.
// expect: time limit
// expect: a loop that never ends
pub fn xor_all(heaps: &[u64]) -> u64 {
    if heaps.is_empty() {
        return 0;
    }
    heaps[0] ^ xor_all(heaps)
}
