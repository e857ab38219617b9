//! Reference solution: all of standard input read at once, split into numbers; the
//! answers collected in one `String` and printed with a single write.

use std::fmt::Write as _;
use std::io::{self, Read, Write};

/// The answer for one position: `None` when the player to move loses, otherwise
/// `(i, k)`: take `k` stones from heap `i`, counted from 1.
fn winning_move(heaps: &[u64]) -> Option<(usize, u64)> {
    let nim_sum = heaps.iter().fold(0, |sum, &heap| sum ^ heap);
    if nim_sum == 0 {
        return None;
    }
    let index = heaps.iter().position(|&heap| heap ^ nim_sum < heap)?;
    let heap = heaps[index];
    Some((index + 1, heap - (heap ^ nim_sum)))
}

fn main() {
    let mut input = String::new();
    io::stdin()
        .read_to_string(&mut input)
        .expect("cannot read standard input");
    let mut numbers = input
        .split_ascii_whitespace()
        .map(|token| token.parse::<u64>().expect("a number"));
    let mut next = || numbers.next().expect("the input ended early");

    let positions = next();
    let mut output = String::new();
    let mut heaps = Vec::new();
    for _ in 0..positions {
        let n = next();
        heaps.clear();
        heaps.extend((0..n).map(|_| next()));
        match winning_move(&heaps) {
            None => output.push_str("second\n"),
            Some((i, k)) => writeln!(output, "first {i} {k}").unwrap(),
        }
    }
    io::stdout()
        .write_all(output.as_bytes())
        .expect("cannot write standard output");
}
