//! Finds the right Grundy number to reach but then picks the new size as in Nim: the
//! smallest size below the heap with that Grundy number, whatever the amount. With
//! moves 2 3 and a single heap of 4 (Grundy number 2) it empties the heap, "take 4",
//! which is not an allowed amount; taking 3 (to 1, Grundy number 0) is the move.
// expect: wrong answer
// expect: heaps = [3], moves = [1]
// expect: 3 is not one of the amounts in moves [1]: only those may be taken.
// expect: Only the amounts in `moves` may be taken: search the amounts m with
// expect: `grundy[heap - m] == target`, not every smaller size. The mex guarantees that one of them
// expect: reaches any smaller Grundy number.
// expect-not: not a way to empty it
// expect-not: not the size left: from heap
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
    let heap_index = heaps
        .iter()
        .position(|&heap| grundy[heap] ^ total < grundy[heap])?;
    let heap = heaps[heap_index];
    let target = grundy[heap] ^ total;
    // Any smaller size with the right value, as if every amount were allowed.
    let new_size = (0..heap).find(|&size| grundy[size] == target)?;
    Some((heap_index, heap - new_size))
}
