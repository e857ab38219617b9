//! Correct, by another route: it knows the lost positions (only 0s and 1s with an odd
//! count of 1s, or a heap above 1 and nim-sum 0) and tries, for each heap, the only new
//! sizes that can reach one: 0, 1 and `a ^ X`. The counts after a move are updated in
//! O(1), so the whole search stays linear.

/// A move: take `remove` stones from heap `heap_index`, leaving `new_size` stones.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Move {
    pub heap_index: usize,
    pub remove: u64,
    pub new_size: u64,
}

/// Whether the player to move loses, from the position's counts and nim-sum.
fn is_lost(big: usize, ones: usize, nim_sum: u64) -> bool {
    if big == 0 {
        ones % 2 == 1
    } else {
        nim_sum == 0
    }
}

pub fn misere_winning_move(heaps: &[u64]) -> Option<Move> {
    let nim_sum = heaps.iter().fold(0, |acc, &heap| acc ^ heap);
    let big = heaps.iter().filter(|&&heap| heap > 1).count();
    let ones = heaps.iter().filter(|&&heap| heap == 1).count();
    for (heap_index, &heap) in heaps.iter().enumerate() {
        for new_size in [0, 1, heap ^ nim_sum] {
            if new_size >= heap {
                continue;
            }
            let big_after = big - usize::from(heap > 1) + usize::from(new_size > 1);
            let ones_after = ones - usize::from(heap == 1) + usize::from(new_size == 1);
            if is_lost(big_after, ones_after, nim_sum ^ heap ^ new_size) {
                return Some(Move {
                    heap_index,
                    remove: heap - new_size,
                    new_size,
                });
            }
        }
    }
    None
}
