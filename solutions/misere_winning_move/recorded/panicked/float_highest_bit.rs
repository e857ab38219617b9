//! The endgame right, but normal play's heap found by the nim-sum's highest bit in
//! floating point: an f64 keeps 53 bits, so the log2 of a nim-sum like 2^54 - 1 rounds
//! up to 54, and the heap chosen for that bit would grow: `heap - new_size` underflows.
// expect: panicked
// expect: attempt to subtract with overflow

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
            let bit = ((nim_sum as f64).log2() as u32).min(63);
            let index = heaps.iter().position(|&heap| heap >> bit & 1 == 1)?;
            (index, heaps[index] ^ nim_sum)
        }
    };
    Some(Move {
        heap_index: index,
        remove: heaps[index] - new_size,
        new_size,
    })
}
