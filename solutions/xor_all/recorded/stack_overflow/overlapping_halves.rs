//! Divide and conquer with an off-by-one: the left half is `..=mid`, so a slice of two
//! heaps has itself as its left half, and the recursion never reaches its base cases.
//! Every call waits for the one it made, on a stack frame of its own, until the stack
//! overflows.
// expect: stack overflow
// expect: input: heaps = [0, 0]
// expect: a recursion that never stops
pub fn xor_all(heaps: &[u64]) -> u64 {
    match heaps.len() {
        0 => 0,
        1 => heaps[0],
        n => {
            let mid = n / 2;
            xor_all(&heaps[..=mid]) ^ xor_all(&heaps[mid + 1..])
        }
    }
}
