//! Recursion that never shrinks its input: it calls itself on the same slice instead
//! of the rest (`&heaps[1..]`), so it never reaches the base case. Compiled as `cargo
//! test` compiles it, every call takes a stack frame, until the stack overflows.
// expect: stack overflow
// expect: a recursion that never stops
pub fn xor_all(heaps: &[u64]) -> u64 {
    if heaps.is_empty() {
        return 0;
    }
    heaps[0] ^ xor_all(heaps)
}
