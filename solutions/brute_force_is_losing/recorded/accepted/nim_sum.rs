//! Passes, but misses the point: it uses Bouton's rule (nim-sum 0) instead of a
//! search. The grader judges answers, and the answers are right; the lesson's check
//! of Bouton's rule against a search needs a search that knows no theory.
pub fn brute_force_is_losing(heaps: &[u64]) -> bool {
    heaps.iter().fold(0, |sum, &heap| sum ^ heap) == 0
}
