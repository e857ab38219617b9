//! Switches to the endgame rule too late: it plays normal Nim until every heap holds 0
//! or 1 stone. With one big heap left, the normal move always leaves an even number of
//! heaps of 1. On a single heap of 2 it takes both stones, the last stone, and loses;
//! the winning move takes 1 and leaves the opponent the last one.
// expect: wrong answer
// expect: heaps = [2]
// expect: the opponent wins misère Nim: no stone is left, so whoever took the last one lost.
// expect: Once only one heap holds more than one stone, the normal Nim move leaves an even number
// expect: of heaps of 1 (here 0): shrink that heap to 0 or 1 so that the number of 1s left is odd.
// expect: On a single heap of 2, take 1 and leave 1.
// expect-not: count the heaps of 1 among the others

/// A move: take `remove` stones from heap `heap_index`, leaving `new_size` stones.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Move {
    pub heap_index: usize,
    pub remove: u64,
    pub new_size: u64,
}

pub fn misere_winning_move(heaps: &[u64]) -> Option<Move> {
    let nim_sum = heaps.iter().fold(0, |acc, &heap| acc ^ heap);
    // The endgame only once every heap is down to 0 or 1.
    if heaps.iter().all(|&heap| heap <= 1) {
        let ones = heaps.iter().filter(|&&heap| heap == 1).count();
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
