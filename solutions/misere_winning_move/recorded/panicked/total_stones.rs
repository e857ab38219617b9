//! Detects the endgame with the total number of stones: "every heap is 0 or 1 exactly
//! when the total equals the number of 1s". Heaps use the full u64 range, and the total
//! of 2^63 2^63 (or of u64::MAX 1) does not fit in a u64: the sum panics on overflow.
// expect: panicked
// expect: attempt to add with overflow
// expect: heaps = [9223372036854775808, 9223372036854775808]
// expect: Heaps go up to u64::MAX, so their total does not fit in a u64: count the heaps above 1
// expect: instead of adding stones up.

/// A move: take `remove` stones from heap `heap_index`, leaving `new_size` stones.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Move {
    pub heap_index: usize,
    pub remove: u64,
    pub new_size: u64,
}

pub fn misere_winning_move(heaps: &[u64]) -> Option<Move> {
    let ones = heaps.iter().filter(|&&heap| heap == 1).count() as u64;
    let total: u64 = heaps.iter().sum();
    if total == ones {
        // Only 0s and 1s.
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
    let big = heaps.iter().filter(|&&heap| heap > 1).count();
    if big == 1 {
        let heap_index = heaps.iter().position(|&heap| heap > 1)?;
        let new_size = if ones % 2 == 1 { 0 } else { 1 };
        return Some(Move {
            heap_index,
            remove: heaps[heap_index] - new_size,
            new_size,
        });
    }
    let nim_sum = heaps.iter().fold(0, |acc, &heap| acc ^ heap);
    if nim_sum == 0 {
        return None;
    }
    let heap_index = heaps.iter().position(|&heap| heap ^ nim_sum < heap)?;
    let heap = heaps[heap_index];
    Some(Move {
        heap_index,
        remove: heap - (heap ^ nim_sum),
        new_size: heap ^ nim_sum,
    })
}
