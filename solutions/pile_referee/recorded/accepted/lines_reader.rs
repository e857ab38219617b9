//! Correct, reading line by line with `lines()`: the count line, then per position the
//! n line and the heaps line. Slower than one `read_to_string` (a `String` per line),
//! but the input has only 2T + 1 lines, so it stays well within the limit. Output goes
//! through a locked, buffered handle.

use std::io::{BufRead, BufWriter, Write};

fn main() {
    let stdin = std::io::stdin();
    let mut lines = stdin.lock().lines().map(|line| line.unwrap());
    let out = std::io::stdout();
    let mut out = BufWriter::new(out.lock());
    let positions: usize = lines.next().unwrap().trim().parse().unwrap();
    for _ in 0..positions {
        let _n = lines.next().unwrap(); // the heaps line says it all
        let heaps: Vec<u64> = lines
            .next()
            .unwrap()
            .split_whitespace()
            .map(|t| t.parse().unwrap())
            .collect();
        let nim_sum = heaps.iter().fold(0, |acc, &heap| acc ^ heap);
        if nim_sum == 0 {
            writeln!(out, "second").unwrap();
            continue;
        }
        let i = heaps
            .iter()
            .position(|&heap| heap ^ nim_sum < heap)
            .unwrap();
        writeln!(out, "first {} {}", i + 1, heaps[i] - (heaps[i] ^ nim_sum)).unwrap();
    }
}
