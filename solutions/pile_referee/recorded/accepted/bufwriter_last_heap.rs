//! Correct, and a different answer than the reference: it reduces the LAST heap with
//! the nim-sum's highest bit. On 3 5 7 (nim-sum 1) it prints `first 3 1`, the
//! reference `first 1 1`; both leave nim-sum 0, and the checker accepts either.

use std::io::{BufWriter, Read, Write};

fn main() {
    let mut input = String::new();
    std::io::stdin().read_to_string(&mut input).unwrap();
    let mut tokens = input.split_ascii_whitespace();
    let mut next = || -> u64 { tokens.next().unwrap().parse().unwrap() };
    let mut out = BufWriter::new(std::io::stdout().lock());
    let positions = next();
    for _ in 0..positions {
        let n = next() as usize;
        let heaps: Vec<u64> = (0..n).map(|_| next()).collect();
        let nim_sum = heaps.iter().fold(0, |acc, &heap| acc ^ heap);
        match heaps.iter().rposition(|&heap| heap ^ nim_sum < heap) {
            Some(i) if nim_sum != 0 => {
                writeln!(out, "first {} {}", i + 1, heaps[i] - (heaps[i] ^ nim_sum)).unwrap()
            }
            _ => writeln!(out, "second").unwrap(),
        }
    }
    out.flush().unwrap();
}
