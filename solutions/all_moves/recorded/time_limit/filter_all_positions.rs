//! Right answers, in the right order, exponential time: lists every position whose
//! heaps are no larger than the current ones (in increasing order, like an odometer)
//! and keeps those that differ from it in exactly one heap. That is the product of
//! (size + 1) over the heaps: 51^8, about 4.6 * 10^13 positions, for 8 heaps of 50.
// expect: time limit
// expect: Filtering every smaller position instead costs the product of (size + 1) over the heaps
pub fn all_moves(heaps: &[u64]) -> Vec<Vec<u64>> {
    let mut moves = Vec::new();
    let mut candidate = vec![0; heaps.len()];
    loop {
        let changed = candidate.iter().zip(heaps).filter(|(c, h)| c != h).count();
        if changed == 1 {
            moves.push(candidate.clone());
        }
        // Next candidate: count up, the last heap fastest.
        let mut index = heaps.len();
        loop {
            if index == 0 {
                return moves;
            }
            index -= 1;
            if candidate[index] < heaps[index] {
                candidate[index] += 1;
                break;
            }
            candidate[index] = 0;
        }
    }
}
