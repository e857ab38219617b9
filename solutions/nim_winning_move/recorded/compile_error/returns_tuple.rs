//! Returns a tuple `(index, new_size)` instead of the `Move` struct: the hidden tests
//! read a `Move`, so the code does not compile with them.
// expect: does not compile
// expect: The hidden tests call `nim_winning_move(heaps: &[u64]) -> Option<Move>`: the signature must stay as the stub declares it, and so must `Move`.
// expect-not: [grader]
/// A move: take `remove` stones from heap `heap_index`, leaving `new_size` stones.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Move {
    pub heap_index: usize,
    pub remove: u64,
    pub new_size: u64,
}

pub fn nim_winning_move(heaps: &[u64]) -> Option<(usize, u64)> {
    let nim_sum = heaps.iter().fold(0, |acc, &heap| acc ^ heap);
    if nim_sum == 0 {
        return None;
    }
    let heap_index = heaps.iter().position(|&heap| heap ^ nim_sum < heap)?;
    Some((heap_index, heaps[heap_index] ^ nim_sum))
}
