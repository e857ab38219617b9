//! Right moves in quadratic time: for each heap it tries every useful new size and
//! checks the position it would leave with a full scan of all the heaps. On a lost
//! position of 1,000,000 heaps (for example 999,999 heaps of 1, an odd count, plus a
//! 0) every heap is tried: about 10^12 steps.
// expect: time limit
// expect: heaps = [1, 1, 1, 1, 1, 1, 1, 1, ..., 1, 0] (1,000,000 items)
// expect: Expected: one pass that counts the heaps above 1, the heaps of 1 and the nim-sum.
// expect: A candidate move changes those counts by at most one, so checking it costs O(1), not
// expect: another pass: O(n) in all for n heaps.

/// A move: take `remove` stones from heap `heap_index`, leaving `new_size` stones.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Move {
    pub heap_index: usize,
    pub remove: u64,
    pub new_size: u64,
}

/// Whether the player to move loses misère Nim, by one scan of the heaps.
fn is_lost(heaps: &[u64]) -> bool {
    let nim_sum = heaps.iter().fold(0, |acc, &heap| acc ^ heap);
    if heaps.iter().any(|&heap| heap > 1) {
        nim_sum == 0
    } else {
        heaps.iter().filter(|&&heap| heap == 1).count() % 2 == 1
    }
}

pub fn misere_winning_move(heaps: &[u64]) -> Option<Move> {
    let nim_sum = heaps.iter().fold(0, |acc, &heap| acc ^ heap);
    let mut after = heaps.to_vec();
    for (heap_index, &heap) in heaps.iter().enumerate() {
        for new_size in [0, 1, heap ^ nim_sum] {
            if new_size >= heap {
                continue;
            }
            after[heap_index] = new_size;
            // A full scan for every candidate: O(n) each, O(n^2) in all.
            let lost = is_lost(&after);
            after[heap_index] = heap;
            if lost {
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
