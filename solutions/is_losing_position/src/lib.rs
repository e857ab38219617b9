//! Reference solution: Bouton's theorem, a position loses exactly when its nim-sum is 0.

/// Returns true exactly when the player to move loses with perfect play.
pub fn is_losing_position(heaps: &[u64]) -> bool {
    heaps.iter().fold(0, |sum, &heap| sum ^ heap) == 0
}
