//! Reference solution: a memoised search. A position is losing exactly when no move
//! reaches a losing position. The order of the heaps does not change the game, so
//! each position is sorted before it is looked up: the memo holds one entry per
//! position up to order, and reaching the same position again costs one look-up.

use std::collections::HashMap;

/// Returns `true` when the player to move loses (a P-position), found by searching
/// the moves, not by a formula.
pub fn brute_force_is_losing(heaps: &[u64]) -> bool {
    let mut memo = HashMap::new();
    is_losing(sorted(heaps.to_vec()), &mut memo)
}

/// The canonical form of a position: its heaps in increasing order.
fn sorted(mut heaps: Vec<u64>) -> Vec<u64> {
    heaps.sort_unstable();
    heaps
}

/// Is the sorted position `heaps` losing? Every answer is kept in `memo`.
fn is_losing(heaps: Vec<u64>, memo: &mut HashMap<Vec<u64>, bool>) -> bool {
    if let Some(&known) = memo.get(&heaps) {
        return known;
    }
    // Losing until a move to a losing position turns up. No stones: no moves, losing.
    let mut losing = true;
    'moves: for index in 0..heaps.len() {
        for new_size in 0..heaps[index] {
            let mut next = heaps.clone();
            next[index] = new_size;
            if is_losing(sorted(next), memo) {
                losing = false;
                break 'moves;
            }
        }
    }
    memo.insert(heaps, losing);
    losing
}
