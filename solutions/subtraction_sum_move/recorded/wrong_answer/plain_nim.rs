//! Plays plain Nim on the heap sizes: the nim-sum of the sizes, and a heap `a` with
//! `a ^ X < a` reduced to `a ^ X`. With moves 1 2 3 and a single heap of 4 it answers
//! "take 4", an amount that is not allowed, from a lost position (Grundy number 0:
//! whatever you take, the opponent takes the rest).
// expect: wrong answer
// expect: heaps = [1], moves = [0]
// expect: which XOR to 0: no amount in moves fits any heap, so no move is possible at all.
// expect: In a subtraction game a heap of n does not count as n: XOR the heaps' Grundy numbers
// expect: (one table up to the largest heap) and look for a heap whose Grundy number g can move to
// expect: g ^ X. With moves [1, 2, 3], a heap of 4 is worth 0.
// expect-not: not the size left: from heap
// expect-not: Only the amounts in `moves` may be taken
// expect-not: Grundy numbers first, and return None when it is 0

pub fn subtraction_sum_move(heaps: &[usize], moves: &[usize]) -> Option<(usize, usize)> {
    let _ = moves; // the moves do not matter in Nim... but this is not Nim.
    let nim_sum = heaps.iter().fold(0, |acc, &heap| acc ^ heap);
    if nim_sum == 0 {
        return None;
    }
    let heap_index = heaps.iter().position(|&heap| heap ^ nim_sum < heap)?;
    let heap = heaps[heap_index];
    Some((heap_index, heap - (heap ^ nim_sum)))
}
