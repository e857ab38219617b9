//! Right answers, one call per heap: the first heap XOR the nim-sum of the rest. A
//! million heaps recurse a million calls deep, which an 8 MiB stack (a Rust program's
//! main thread's, and the grader's) cannot hold.
// expect: stack overflow
// expect: Your function runs on a stack of 8 MiB
pub fn xor_all(heaps: &[u64]) -> u64 {
    match heaps {
        [] => 0,
        [first, rest @ ..] => first ^ xor_all(rest),
    }
}
