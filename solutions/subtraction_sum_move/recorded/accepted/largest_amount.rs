//! Correct, choosing among all winning moves the one that takes the most stones (ties:
//! the first heap). The table is filled with a reused `seen` buffer sized by the number
//! of amounts, as the Grundy tables lesson does.

pub fn subtraction_sum_move(heaps: &[usize], moves: &[usize]) -> Option<(usize, usize)> {
    let largest = heaps.iter().copied().max().unwrap_or(0);
    let mut grundy = vec![0usize; largest + 1];
    let mut seen = vec![false; moves.len() + 1];
    for heap in 1..=largest {
        seen.fill(false);
        for &amount in moves {
            if amount != 0 && amount <= heap {
                seen[grundy[heap - amount]] = true;
            }
        }
        grundy[heap] = seen.iter().position(|&s| !s).unwrap_or(seen.len());
    }
    let total = heaps.iter().fold(0, |acc, &heap| acc ^ grundy[heap]);
    if total == 0 {
        return None;
    }
    let mut best: Option<(usize, usize)> = None;
    for (heap_index, &heap) in heaps.iter().enumerate() {
        for &amount in moves {
            let wins =
                amount != 0 && amount <= heap && grundy[heap - amount] ^ grundy[heap] == total;
            if wins && best.is_none_or(|(_, taken)| amount > taken) {
                best = Some((heap_index, amount));
            }
        }
    }
    best
}
