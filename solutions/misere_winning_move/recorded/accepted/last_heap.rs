//! Correct, with other choices than the reference: one pass gathers the counts, and in
//! every case it moves in the LAST heap that qualifies (`rposition`). Without a big heap
//! any heap of 1 may be taken, so this is often a different move; any winning move is
//! accepted.

/// A move: take `remove` stones from heap `heap_index`, leaving `new_size` stones.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Move {
    pub heap_index: usize,
    pub remove: u64,
    pub new_size: u64,
}

pub fn misere_winning_move(heaps: &[u64]) -> Option<Move> {
    let (mut nim_sum, mut big, mut ones) = (0u64, 0usize, 0usize);
    for &heap in heaps {
        nim_sum ^= heap;
        big += usize::from(heap > 1);
        ones += usize::from(heap == 1);
    }
    let (heap_index, new_size) = if big >= 2 {
        if nim_sum == 0 {
            return None;
        }
        let i = heaps.iter().rposition(|&heap| heap ^ nim_sum < heap)?;
        (i, heaps[i] ^ nim_sum)
    } else if big == 1 {
        let i = heaps.iter().rposition(|&heap| heap > 1)?;
        (i, u64::from(ones % 2 == 0))
    } else if ones % 2 == 0 && ones > 0 {
        (heaps.iter().rposition(|&heap| heap == 1)?, 0)
    } else {
        return None;
    };
    Some(Move {
        heap_index,
        remove: heaps[heap_index] - new_size,
        new_size,
    })
}
