//! Keeps its table of values seen in a static, to save allocating it on every call, and
//! clears only as many flags as this call has values: the flag just past them stays as
//! a longer list left it, so after `[0]`, the empty list finds 0 seen and answers 1. The
//! same call in a fresh process is right.
// expect: wrong answer
// expect: what it answers here depends on the calls before it
use std::sync::Mutex;

static SEEN: Mutex<Vec<bool>> = Mutex::new(Vec::new());

pub fn mex(values: &[usize]) -> usize {
    let mut seen = SEEN.lock().unwrap();
    let len = values.len() + 1;
    if seen.len() < len {
        seen.resize(len, false);
    }
    for flag in seen[..values.len()].iter_mut() {
        *flag = false;
    }
    for &value in values {
        if value < len {
            seen[value] = true;
        }
    }
    (0..len).find(|&k| !seen[k]).unwrap_or(len)
}
