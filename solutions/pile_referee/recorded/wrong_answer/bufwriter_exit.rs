//! Writes its answers through a `BufWriter`, then ends with `std::process::exit(0)`
//! "to be quick": exit skips the writer's drop, so its buffer is never flushed, and the
//! output is empty.
// expect: wrong answer
// expect: Your output is empty
// expect: reaches standard output only when it is flushed
// expect-not: nothing more on the line: the checker reads every word
use std::io::{self, BufWriter, Read, Write};

fn main() {
    let mut input = String::new();
    io::stdin().read_to_string(&mut input).unwrap();
    let mut numbers = input
        .split_ascii_whitespace()
        .map(|w| w.parse::<u64>().unwrap());
    let mut out = BufWriter::new(io::stdout().lock());
    let positions = numbers.next().unwrap();
    for _ in 0..positions {
        let n = numbers.next().unwrap() as usize;
        let heaps: Vec<u64> = numbers.by_ref().take(n).collect();
        let x = heaps.iter().fold(0, |acc, &h| acc ^ h);
        match heaps.iter().position(|&a| x != 0 && a ^ x < a) {
            Some(i) => writeln!(out, "first {} {}", i + 1, heaps[i] - (heaps[i] ^ x)).unwrap(),
            None => writeln!(out, "second").unwrap(),
        }
    }
    std::process::exit(0);
}
