//! The sum rule: "an even number of stones loses". 3 4 5 has 12 stones and is a win;
//! the smallest counterexample is a single heap of 2.
// expect: wrong answer
// expect: [2] is a winning position: its nim-sum is 2, not 0
// expect: The total number of stones (2) decides nothing
// expect-not: the opposite of Bouton's
// expect-not: Not only the position without stones
pub fn is_losing_position(heaps: &[u64]) -> bool {
    let total: u64 = heaps.iter().sum();
    total.is_multiple_of(2)
}
