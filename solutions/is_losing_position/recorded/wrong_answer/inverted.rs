//! The answer upside down: "nim-sum 0" read as winning. With no heaps the player to
//! move cannot move, and loses.
// expect: wrong answer
// expect: [] is a losing position: its nim-sum is 0
// expect: You said it is winning.
// expect: the answer is true
// expect-not: Not only the position without stones is losing
pub fn is_losing_position(heaps: &[u64]) -> bool {
    heaps.iter().fold(0, |acc, &heap| acc ^ heap) != 0
}
