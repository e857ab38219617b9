//! Keeps one table of Grundy numbers in a static, to save building it again, and only
//! extends it: a call with other moves reads numbers computed for the moves before. The
//! same call in a fresh process is right.
// expect: wrong answer
// expect: what it answers here depends on the calls before it
use std::sync::Mutex;

static TABLE: Mutex<Vec<usize>> = Mutex::new(Vec::new());

pub fn grundy_number(n: usize, moves: &[usize]) -> usize {
    let mut grundy = TABLE.lock().unwrap();
    let mut seen = vec![false; moves.len() + 1];
    while grundy.len() <= n {
        let size = grundy.len();
        seen.fill(false);
        for &amount in moves {
            if (1..=size).contains(&amount) {
                seen[grundy[size - amount]] = true;
            }
        }
        grundy.push(seen.iter().position(|&s| !s).unwrap_or(seen.len()));
    }
    grundy[n]
}
