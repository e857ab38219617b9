//! Does not skip amounts larger than the heap: `size - m` underflows (a panic in a
//! debug build) as soon as a move is bigger than the heap, e.g. moves [1] on a heap of 0.
// expect: panicked
// expect: attempt to subtract with overflow
// expect: a move larger than the heap cannot be taken
pub fn grundy_number(n: usize, moves: &[usize]) -> usize {
    let mut grundy: Vec<usize> = Vec::with_capacity(n + 1);
    for size in 0..=n {
        let mut reachable = Vec::new();
        for &m in moves {
            if m != 0 {
                reachable.push(grundy[size - m]);
            }
        }
        let mex = (0..).find(|v| !reachable.contains(v)).unwrap_or(0);
        grundy.push(mex);
    }
    grundy[n]
}
