//! Sizes the mex buffer from "Grundy numbers are at most 20" as `[bool; 20]`: that
//! holds flags for the values 0 to 19 only. With the 20 amounts 1 to 20, a heap of 20
//! has Grundy number 20, and filling the entry of 21 marks value 20 out of bounds.
// expect: panicked
// expect: index out of bounds
// expect: heaps = [21], moves = [1, 2, 3, 4, 5, 6, 7, 8, ..., 19, 20] (20 items)
// expect: Your flags have 20 slots, but a mex over 20 values can be 20 itself: they need 21
// expect: (one more than the amounts). With these moves, heap 20 has Grundy number 20.

pub fn subtraction_sum_move(heaps: &[usize], moves: &[usize]) -> Option<(usize, usize)> {
    let largest = heaps.iter().copied().max().unwrap_or(0);
    let mut grundy: Vec<usize> = Vec::with_capacity(largest + 1);
    for heap in 0..=largest {
        // "At most 20 amounts, so Grundy numbers below 20"... up to 20, in fact.
        let mut seen = [false; 20];
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
        for &amount in moves {
            if amount >= 1 && amount <= heap && grundy[heap - amount] == grundy[heap] ^ total {
                return Some((heap_index, amount));
            }
        }
    }
    None
}
