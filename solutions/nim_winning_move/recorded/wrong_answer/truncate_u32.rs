//! The nim-sum computed in 32 bits (`as u32`): the move it finds clears only the low 32
//! bits of the nim-sum (and when the heaps agree in their low 32 bits, it sees 0 and
//! returns None from a winning position).
// expect: wrong answer
// expect: input: heaps = [4294967296]
// expect: You returned None.
// expect: Code that looks at 32 bits

/// A move: take `remove` stones from heap `heap_index`, leaving `new_size` stones.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Move {
    pub heap_index: usize,
    pub remove: u64,
    pub new_size: u64,
}

pub fn nim_winning_move(heaps: &[u64]) -> Option<Move> {
    let nim_sum = heaps.iter().fold(0u32, |acc, &heap| acc ^ heap as u32);
    if nim_sum == 0 {
        return None;
    }
    let nim_sum = nim_sum as u64;
    let heap_index = heaps.iter().position(|&heap| heap ^ nim_sum < heap)?;
    let heap = heaps[heap_index];
    Some(Move {
        heap_index,
        remove: heap - (heap ^ nim_sum),
        new_size: heap ^ nim_sum,
    })
}
