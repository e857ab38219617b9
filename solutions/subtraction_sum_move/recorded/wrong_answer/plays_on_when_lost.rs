//! Right Grundy numbers and the right winning move, but from a lost position (XOR 0) it
//! still takes the first amount that fits, "to keep playing", where the answer is None.
// expect: wrong answer
// expect: Compute the XOR of the heaps' Grundy numbers first, and return None when it is 0.

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
    let legal = |heap: usize, amount: usize| (1..=heap).contains(&amount);
    for (heap_index, &heap) in heaps.iter().enumerate() {
        for &amount in moves {
            if legal(heap, amount) && (total == 0 || grundy[heap - amount] == grundy[heap] ^ total)
            {
                return Some((heap_index, amount));
            }
        }
    }
    None
}
