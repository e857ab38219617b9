//! Takes as a heap's Grundy number the smallest number from 1 up that no move reaches,
//! as if a mex could not be 0. It skips amounts of 0, but with a 0 among the amounts its
//! table is the one code that counts 0 as a move builds (that code always sees a 0
//! among the values reached), so some answers match it; on move sets without 0 it is
//! just as wrong.
// expect: wrong answer
// expect-not: An amount of 0 is not a move (a move takes at least one stone)

pub fn subtraction_sum_move(heaps: &[usize], moves: &[usize]) -> Option<(usize, usize)> {
    let largest = heaps.iter().copied().max().unwrap_or(0);
    let mut grundy = vec![0usize; largest + 1];
    for heap in 0..=largest {
        let mut seen = vec![false; moves.len() + 2];
        for &amount in moves {
            if (1..=heap).contains(&amount) {
                seen[grundy[heap - amount]] = true;
            }
        }
        grundy[heap] = (1..seen.len()).find(|&g| !seen[g]).unwrap_or(seen.len());
    }
    let total = heaps.iter().fold(0, |acc, &heap| acc ^ grundy[heap]);
    if total == 0 {
        return None;
    }
    for (heap_index, &heap) in heaps.iter().enumerate() {
        for &amount in moves {
            if (1..=heap).contains(&amount) && grundy[heap - amount] == grundy[heap] ^ total {
                return Some((heap_index, amount));
            }
        }
    }
    None
}
