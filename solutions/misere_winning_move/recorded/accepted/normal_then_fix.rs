//! Correct, in Bouton's own words: make the normal-play winning move, unless it would
//! leave no heap above 1; then pick 0 or 1 for the new size so that an odd number of
//! heaps of 1 remain. Positions of 0s and 1s only are handled first.

/// A move: take `remove` stones from heap `heap_index`, leaving `new_size` stones.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Move {
    pub heap_index: usize,
    pub remove: u64,
    pub new_size: u64,
}

pub fn misere_winning_move(heaps: &[u64]) -> Option<Move> {
    let nim_sum = heaps.iter().fold(0, |acc, &heap| acc ^ heap);
    let big = heaps.iter().filter(|&&heap| heap > 1).count();
    let ones = heaps.iter().filter(|&&heap| heap == 1).count();
    if big == 0 {
        // Only 0s and 1s: normal play would leave an even count of 1s; misère wants odd.
        if ones % 2 == 1 {
            return None;
        }
        let heap_index = heaps.iter().position(|&heap| heap == 1)?;
        return Some(Move {
            heap_index,
            remove: 1,
            new_size: 0,
        });
    }
    // With one big heap the nim-sum is at least 2; with two or more, 0 means lost.
    if nim_sum == 0 {
        return None;
    }
    let heap_index = heaps.iter().position(|&heap| heap ^ nim_sum < heap)?;
    let heap = heaps[heap_index];
    let mut new_size = heap ^ nim_sum;
    let big_after = big - usize::from(heap > 1) + usize::from(new_size > 1);
    if big_after == 0 {
        // The normal move would enter the endgame with an even count of 1s: flip it.
        let ones_after = ones - usize::from(heap == 1) + usize::from(new_size == 1);
        if ones_after % 2 == 0 {
            new_size ^= 1;
        }
    }
    Some(Move {
        heap_index,
        remove: heap - new_size,
        new_size,
    })
}
