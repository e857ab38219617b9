//! Only the position with no stones left is taken as losing: 1 1 loses for the player
//! to move too (whatever they take, the opponent takes the last stone).
// expect: wrong answer
// expect: [1, 1] is a losing position
// expect: You said it is winning.
// expect-not: total number of stones
// expect: Not only the position without stones is losing
pub fn is_losing_position(heaps: &[u64]) -> bool {
    heaps.iter().all(|&heap| heap == 0)
}
