//! Two slips at once: it chooses the heap by the nim-sum's lowest set bit instead of its
//! highest, and sets `remove` to X (no subtraction, so no overflow to panic on). Where
//! the heap it picks can win, only `remove` is wrong; where it cannot, the heap is.
//! Neither slip explains every wrong answer, so the grader names neither.
// expect: wrong answer
// expect: Heap 0 would grow from 1 to 2 (take -1)
// expect-not: it equals X only when the heap has none of X's bits below its highest

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
    let lowest_bit = nim_sum & nim_sum.wrapping_neg();
    let heap_index = heaps.iter().position(|&heap| heap & lowest_bit != 0)?;
    Some(Move {
        heap_index,
        remove: nim_sum,
        new_size: heaps[heap_index] ^ nim_sum,
    })
}
