//! Recursion that never shrinks its input: it calls itself on a copy of the same heaps
//! instead of the rest (`&heaps[1..]`), so it never reaches the base case. Each call
//! keeps its copy until the next returns, on a stack frame of its own, until the stack
//! overflows.
// expect: stack overflow
// expect: a recursion that never stops
pub fn xor_all(heaps: &[u64]) -> u64 {
    if heaps.is_empty() {
        return 0;
    }
    let same = heaps.to_vec();
    heaps[0] ^ xor_all(&same)
}
