//! Finds the right move but returns the heap's NEW SIZE where the amount taken is
//! asked. With moves 1 2 3 and a single heap of 3 the move takes all 3 stones, and it
//! answers (0, 0): "take 0".
// expect: wrong answer
// expect: heaps = [1], moves = [1]
// expect: An amount of 0 takes no stone: a move takes at least one.
// expect: The answer is (heap_index, amount taken), not the size left:
// expect: from heap 0 (1 stone) take 1, leaving 0, and answer (0, 1).
// expect-not: Only the amounts in `moves` may be taken
// expect-not: does not count as n

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
        for &amount in moves {
            if amount >= 1 && amount <= heap && grundy[heap - amount] == grundy[heap] ^ total {
                // The size left, where the amount taken is asked.
                return Some((heap_index, heap - amount));
            }
        }
    }
    None
}
