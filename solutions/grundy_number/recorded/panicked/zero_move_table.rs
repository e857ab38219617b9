//! Treats an amount of 0 as a move in a table built with `push`: the "move" to the heap
//! itself reads the entry being computed, which does not exist yet.
// expect: panicked
// expect: index out of bounds: the len is 0 but the index is 0
// expect: 0 is not a move
pub fn grundy_number(n: usize, moves: &[usize]) -> usize {
    let mut grundy: Vec<usize> = Vec::with_capacity(n + 1);
    for size in 0..=n {
        let mut reachable = Vec::new();
        for &m in moves {
            if m <= size {
                reachable.push(grundy[size - m]);
            }
        }
        let mex = (0..).find(|v| !reachable.contains(v)).unwrap_or(0);
        grundy.push(mex);
    }
    grundy[n]
}
