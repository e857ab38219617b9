//! Finds the highest bit with a 32-bit count, `31 - (x as u32).leading_zeros()`: for a
//! nim-sum with bits above 31 it picks the wrong heap (whose size would grow, so
//! `heap - new_size` underflows), or underflows itself when the low 32 bits are 0.
// expect: panicked
// expect: attempt to subtract with overflow
// expect: Code that looks at 32 bits

/// A move: take `remove` stones from heap `heap_index`, leaving `new_size` stones.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Move {
    pub heap_index: usize,
    pub remove: u64,
    pub new_size: u64,
}

pub fn nim_winning_move(heaps: &[u64]) -> Option<Move> {
    let nim_sum = heaps.iter().fold(0, |acc, &heap| acc ^ heap);
    if nim_sum == 0 {
        return None;
    }
    // The highest bit found with a 32-bit count: wrong for nim-sums of 2^32 and more.
    let high_bit = 31 - (nim_sum as u32).leading_zeros();
    let heap_index = heaps.iter().position(|&heap| heap >> high_bit & 1 == 1)?;
    let heap = heaps[heap_index];
    Some(Move {
        heap_index,
        remove: heap - (heap ^ nim_sum),
        new_size: heap ^ nim_sum,
    })
}
