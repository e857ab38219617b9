//! Finds the nim-sum's highest bit with floating point: `log2` of X as an f64. An f64
//! keeps 53 bits, and log2(2^49 - 1) rounds up to 49: its "highest bit" is 49, which no
//! heap has: a winning position gets None.
// expect: wrong answer
// expect: input: heaps = [562949953421311]
// expect: You returned None.
// expect-not: no heap is larger than the nim-sum
// expect-not: Code that looks at 32 bits

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
    let bit = ((nim_sum as f64).log2() as u32).min(63);
    let heap_index = heaps.iter().position(|&heap| heap >> bit & 1 == 1)?;
    let heap = heaps[heap_index];
    Some(Move {
        heap_index,
        remove: heap - (heap ^ nim_sum),
        new_size: heap ^ nim_sum,
    })
}
