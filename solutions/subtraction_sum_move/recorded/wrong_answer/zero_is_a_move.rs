//! Counts an amount of 0 as a move. The table is allocated full of zeros and filled
//! upwards, so "take 0" from heap n reads the unfilled entry n itself, a 0, and every
//! mex is pushed up by that phantom value. With moves 0 1 and a single heap of 1 (a
//! win: take the stone) the table says 1 2 instead of 0 1, the search finds no amount
//! reaching the target, and it answers None.
// expect: wrong answer
// expect: heaps = [1], moves = [0, 1]
// expect: An amount of 0 is not a move (a move takes at least one stone): skip 0 when filling the
// expect: table and when looking for the move. With moves [0, 1], heaps are worth 0 1 0 1 ..., as
// expect: with moves [1] alone.
// expect-not: does not count as n
// expect-not: Grundy numbers first, and return None when it is 0
// expect-not: heap_index 0 is the first heap

pub fn subtraction_sum_move(heaps: &[usize], moves: &[usize]) -> Option<(usize, usize)> {
    let largest = heaps.iter().copied().max().unwrap_or(0);
    let mut grundy = vec![0usize; largest + 1];
    for heap in 0..=largest {
        let mut seen = vec![false; moves.len() + 1];
        for &amount in moves {
            if amount <= heap {
                seen[grundy[heap - amount]] = true;
            }
        }
        grundy[heap] = seen.iter().position(|&s| !s).unwrap_or(seen.len());
    }
    let total = heaps.iter().fold(0, |acc, &heap| acc ^ grundy[heap]);
    if total == 0 {
        return None;
    }
    for (heap_index, &heap) in heaps.iter().enumerate() {
        for &amount in moves {
            if amount <= heap && grundy[heap - amount] == grundy[heap] ^ total {
                return Some((heap_index, amount));
            }
        }
    }
    None
}
