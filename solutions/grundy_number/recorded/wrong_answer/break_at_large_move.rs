//! Stops at the first amount larger than the heap (`break`), as if the moves were
//! sorted: with moves [usize::MAX, 1] (or [3, 1, 2]) a heap of 1 never tries the 1.
// expect: wrong answer
// expect: the Grundy number of a heap of 1 is 1, but you returned 0.
// expect: keep looking at the others, since the moves may be unsorted
// expect-not: contains 0, which is not a move
pub fn grundy_number(n: usize, moves: &[usize]) -> usize {
    let mut grundy: Vec<usize> = Vec::with_capacity(n + 1);
    for size in 0..=n {
        let mut reachable = Vec::new();
        for &m in moves {
            if m == 0 {
                continue;
            }
            if m > size {
                break;
            }
            reachable.push(grundy[size - m]);
        }
        let mex = (0..).find(|v| !reachable.contains(v)).unwrap_or(0);
        grundy.push(mex);
    }
    grundy[n]
}
