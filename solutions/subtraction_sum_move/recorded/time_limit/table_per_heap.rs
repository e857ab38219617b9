//! Right answers, but a Grundy table is rebuilt from 0 for every heap it looks at
//! (once to XOR, once more in the search): O(heaps * largest heap * moves). At 10,000
//! heaps of 100,000 stones with 20 amounts that is about 2 * 10^10 steps.
// expect: time limit
// expect: Expected: one Grundy table up to the largest heap, O(largest heap * k) for k amounts,
// expect: then one pass over the heaps. A table per heap does that work again for every heap.

/// The Grundy number of one heap, from a fresh table.
fn grundy(n: usize, moves: &[usize]) -> usize {
    let mut table: Vec<usize> = Vec::with_capacity(n + 1);
    for heap in 0..=n {
        let mut seen = vec![false; moves.len() + 1];
        for &amount in moves {
            if amount >= 1 && amount <= heap {
                seen[table[heap - amount]] = true;
            }
        }
        table.push(seen.iter().position(|&s| !s).unwrap_or(seen.len()));
    }
    table[n]
}

pub fn subtraction_sum_move(heaps: &[usize], moves: &[usize]) -> Option<(usize, usize)> {
    let total = heaps.iter().fold(0, |acc, &heap| acc ^ grundy(heap, moves));
    if total == 0 {
        return None;
    }
    for (heap_index, &heap) in heaps.iter().enumerate() {
        let value = grundy(heap, moves);
        if value ^ total < value {
            for &amount in moves {
                if amount >= 1 && amount <= heap && grundy(heap - amount, moves) == value ^ total {
                    return Some((heap_index, amount));
                }
            }
        }
    }
    None
}
