//! Guesses a rule instead of searching: "an even number of stones loses". Right on
//! `[]`, `[1]` and `[1, 1]`; `[2]` gives `true`, but taking both stones wins.
// expect: wrong answer
// expect-not: the total, the largest heap and the number of heaps
// expect: input: heaps = [2]
// expect: The total number of stones does not decide the game: [2] has an even total, yet taking 2 stones from heap 0 wins.
pub fn brute_force_is_losing(heaps: &[u64]) -> bool {
    heaps.iter().sum::<u64>() % 2 == 0
}
