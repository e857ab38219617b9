//! Correct, and simpler to trust: after one table it tries every heap and every amount
//! and returns the first move after which the Grundy numbers XOR to 0. That includes
//! moves that RAISE a heap's Grundy number: with moves 1 3 4 and heaps 9 2 5 (Grundy
//! numbers 0 0 3) it answers (0, 4), turning the 9 (value 0) into a 5 (value 3).
//! O(heaps * moves) after the table.

pub fn subtraction_sum_move(heaps: &[usize], moves: &[usize]) -> Option<(usize, usize)> {
    let largest = heaps.iter().copied().max().unwrap_or(0);
    let mut grundy: Vec<usize> = Vec::with_capacity(largest + 1);
    for heap in 0..=largest {
        let reachable: Vec<usize> = moves
            .iter()
            .filter(|&&amount| amount >= 1 && amount <= heap)
            .map(|&amount| grundy[heap - amount])
            .collect();
        let mex = (0..).find(|value| !reachable.contains(value)).unwrap();
        grundy.push(mex);
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
