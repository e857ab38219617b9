//! Answers the opposite question ("does the player to move win?"), with the empty
//! position special-cased as losing: every other answer is upside down, from [0] on.
// expect: wrong answer
// expect: input: heaps = [0]
// expect: you answer whether the player to move wins
pub fn is_losing_position(heaps: &[u64]) -> bool {
    if heaps.is_empty() {
        return true;
    }
    heaps.iter().fold(0, |x, &h| x ^ h) != 0
}
