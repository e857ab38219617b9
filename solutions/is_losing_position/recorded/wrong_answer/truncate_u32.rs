//! The nim-sum in 32 bits (`as u32`): heaps that agree in their low 32 bits look
//! equal, so a winning position whose nim-sum lives above bit 31 is called losing.
// expect: wrong answer
// expect: is a winning position
// expect: You said it is losing.
// expect: never `as u32`
pub fn is_losing_position(heaps: &[u64]) -> bool {
    heaps.iter().fold(0u32, |acc, &heap| acc ^ heap as u32) == 0
}
