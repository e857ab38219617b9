//! Correct: uses the promise that a preperiod plus a period is at most 10,984. It fills
//! a table of 11,184 entries at once, then looks for the nearest earlier copy of the
//! last window (as long as the largest amount): that copy proves the period, from
//! where it starts.
const TABLE: usize = 10_984 + 2 * 100;

pub fn grundy_at(n: u64, moves: &[usize]) -> usize {
    let largest = moves.iter().copied().max().unwrap_or(0);
    if largest == 0 {
        return 0;
    }
    let mut table = vec![0usize; TABLE];
    for heap in 0..TABLE {
        let mut reached = vec![false; moves.len() + 1];
        for &m in moves {
            if m >= 1 && m <= heap {
                reached[table[heap - m]] = true;
            }
        }
        table[heap] = reached.iter().position(|&r| !r).unwrap();
    }
    if n < TABLE as u64 {
        return table[n as usize];
    }
    let last = TABLE - largest;
    let period = (1..=last)
        .find(|&p| table[last - p..last - p + largest] == table[last..])
        .expect("the promise: a window repeats within the table");
    let from = last - period;
    table[from + ((n - from as u64) % period as u64) as usize]
}
