//! Right Grundy numbers and the right move, but the heap numbered from 1: it names the
//! heap after the one to reduce. When that next heap is smaller than the amount, the
//! answer also takes more stones than the heap holds, which is not this code's mistake.
// expect: wrong answer
// expect: indices are 0-based, so heap_index 0 is the first heap
// expect-not: An amount larger than the heap is not a move, not a way to empty it

pub fn subtraction_sum_move(heaps: &[usize], moves: &[usize]) -> Option<(usize, usize)> {
    let largest = heaps.iter().copied().max().unwrap_or(0);
    let mut grundy = vec![0usize; largest + 1];
    for heap in 1..=largest {
        let mut seen = vec![false; moves.len() + 1];
        for &amount in moves {
            if (1..=heap).contains(&amount) {
                seen[grundy[heap - amount]] = true;
            }
        }
        grundy[heap] = seen.iter().position(|&s| !s).unwrap_or(seen.len());
    }
    let total = heaps.iter().fold(0, |acc, &heap| acc ^ grundy[heap]);
    if total == 0 {
        return None;
    }
    for (index, &heap) in heaps.iter().enumerate() {
        for &amount in moves {
            if (1..=heap).contains(&amount) && grundy[heap - amount] == grundy[heap] ^ total {
                // Heaps numbered from 1, as a person counts them.
                return Some((index + 1, amount));
            }
        }
    }
    None
}
