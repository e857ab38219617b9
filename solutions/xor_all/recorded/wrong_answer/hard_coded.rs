//! Hard-codes the lesson's examples and returns 0 for anything else: the exhaustive
//! small positions find it at once.
// expect: wrong answer
// expect: The nim-sum of [1] is 1, but your function returned 0.
// expect-not: leaves the first heap out
// expect-not: leave out the last heap
// expect-not: You used AND
pub fn xor_all(heaps: &[u64]) -> u64 {
    match heaps {
        [3, 4, 5] => 2,
        [3, 5] => 6,
        [6, 7, 9] => 8,
        [12, 10, 7] => 1,
        [2, 2, 1] => 1,
        [0, 0, 0, 6] => 6,
        _ => 0,
    }
}
