//! Guesses a rule instead of searching: "an even number of stones loses". Right on
//! `[]`, `[1]` and `[1, 1]`; `[2]` gives `true`, but taking both stones wins.
// expect: wrong answer
// mistake: The total number of stones does not decide the game: [2] has an even total, yet taking both stones wins. Search the moves instead of guessing a rule.
pub fn brute_force_is_losing(heaps: &[u64]) -> bool {
    heaps.iter().sum::<u64>() % 2 == 0
}
