//! Looks amounts up with `heap.saturating_sub(amount)`, which silences the underflow but
//! treats "take more than the heap" as "empty it". With moves 3 2 and a single heap of 2
//! it answers "take 3 from heap 0", more stones than the heap holds.
// expect: wrong answer
// expect: heaps = [1], moves = [3, 1, 2]
// expect: Heap 0 holds 1 stone, so taking 3 is not a move.
// expect: An amount larger than the heap is not a move, not a way to empty it: skip it
// expect: (from a heap of 2 with moves [3, 2], only 2 can be taken).
// expect-not: not every smaller size
// expect-not: heap_index 0 is the first heap

pub fn subtraction_sum_move(heaps: &[usize], moves: &[usize]) -> Option<(usize, usize)> {
    let largest = heaps.iter().copied().max().unwrap_or(0);
    let mut grundy: Vec<usize> = Vec::with_capacity(largest + 1);
    for heap in 0..=largest {
        let mut seen = vec![false; moves.len() + 1];
        for &amount in moves {
            if amount >= 1 && amount <= heap {
                seen[grundy[heap - amount]] = true;
            }
        }
        grundy.push(seen.iter().position(|&s| !s).unwrap_or(seen.len()));
    }
    let total = heaps.iter().fold(0, |acc, &heap| acc ^ grundy[heap]);
    if total == 0 {
        return None;
    }
    for (heap_index, &heap) in heaps.iter().enumerate() {
        let target = grundy[heap] ^ total;
        if target < grundy[heap] {
            // saturating_sub: no panic, but "take 3 from 2" now looks like "empty it".
            for &amount in moves {
                if amount >= 1 && grundy[heap.saturating_sub(amount)] == target {
                    return Some((heap_index, amount));
                }
            }
        }
    }
    None
}
