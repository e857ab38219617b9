//! Correct, with other tools: the amounts are cleaned once (sorted, repeats and 0
//! dropped), each mex is a bit mask (Grundy numbers stay below 32 with at most 20
//! amounts: `(!mask).trailing_zeros()` is the mex), and it moves in the LAST heap that
//! qualifies. Any winning move is accepted.

pub fn subtraction_sum_move(heaps: &[usize], moves: &[usize]) -> Option<(usize, usize)> {
    let mut amounts: Vec<usize> = moves.iter().copied().filter(|&m| m > 0).collect();
    amounts.sort_unstable();
    amounts.dedup();
    let largest = heaps.iter().copied().max().unwrap_or(0);
    let mut grundy = vec![0u32; largest + 1];
    for heap in 1..=largest {
        let mut mask = 0u32;
        // Sorted: stop at the first amount the heap cannot pay.
        for &amount in amounts.iter().take_while(|&&m| m <= heap) {
            mask |= 1 << grundy[heap - amount];
        }
        grundy[heap] = (!mask).trailing_zeros();
    }
    let total = heaps.iter().fold(0, |acc, &heap| acc ^ grundy[heap]);
    if total == 0 {
        return None;
    }
    let heap_index = heaps
        .iter()
        .rposition(|&heap| grundy[heap] ^ total < grundy[heap])?;
    let heap = heaps[heap_index];
    let amount = amounts
        .iter()
        .take_while(|&&m| m <= heap)
        .find(|&&m| grundy[heap - m] == grundy[heap] ^ total)?;
    Some((heap_index, *amount))
}
