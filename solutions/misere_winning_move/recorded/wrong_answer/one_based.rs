//! The right strategy, but heaps numbered from 1, as a person counts them. On a single
//! heap of 2 it names heap 1, which does not exist. (On 1 1 it names heap 1, the second
//! heap of 1, which happens to be a winning move too.)
// expect: wrong answer
// expect: There is no heap 1: the position has 1 heap, numbered 0.
// expect: Heap 0 is the one to reduce: indices are 0-based, so heap_index 0 is the first heap.

/// A move: take `remove` stones from heap `heap_index`, leaving `new_size` stones.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Move {
    pub heap_index: usize,
    pub remove: u64,
    pub new_size: u64,
}

pub fn misere_winning_move(heaps: &[u64]) -> Option<Move> {
    let big = heaps.iter().filter(|&&heap| heap > 1).count();
    let ones = heaps.iter().filter(|&&heap| heap == 1).count();
    let (index, new_size) = match big {
        0 if ones % 2 == 0 => (heaps.iter().position(|&heap| heap == 1)?, 0),
        0 => return None,
        1 => (
            heaps.iter().position(|&heap| heap > 1)?,
            if ones % 2 == 1 { 0 } else { 1 },
        ),
        _ => {
            let nim_sum = heaps.iter().fold(0, |acc, &heap| acc ^ heap);
            if nim_sum == 0 {
                return None;
            }
            let index = heaps.iter().position(|&heap| heap ^ nim_sum < heap)?;
            (index, heaps[index] ^ nim_sum)
        }
    };
    Some(Move {
        // Heaps numbered from 1.
        heap_index: index + 1,
        remove: heaps[index] - new_size,
        new_size,
    })
}
