//! Reads "an empty heap" as "nothing to combine" and answers 0 for any position with
//! a heap of 0. Each wrong answer is also what AND would give (AND with 0 is 0), but the
//! code does not use AND: it gets 1 1 right, where AND says 1.
// expect: wrong answer
// expect: The nim-sum of [0, 1] is 1, but your function returned 0.
// expect-not: You used AND
pub fn xor_all(heaps: &[u64]) -> u64 {
    if heaps.contains(&0) {
        return 0;
    }
    heaps.iter().fold(0, |x, &h| x ^ h)
}
