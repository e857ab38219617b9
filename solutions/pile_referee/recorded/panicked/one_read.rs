//! Reads standard input with a single `read` into a 64 KiB buffer: the sample and the
//! edge cases fit, but a larger file is cut after its first 65,536 bytes, and the
//! numbers run out.
// expect: panicked
// expect: called `Option::unwrap()` on a `None` value
// expect: one `read` call returns at most its buffer's length
// expect: std::io::read_to_string(std::io::stdin())
use std::io::{self, Read};

fn main() {
    let mut buffer = vec![0u8; 64 << 10];
    let read = io::stdin().read(&mut buffer).unwrap();
    let input = String::from_utf8_lossy(&buffer[..read]).into_owned();
    let mut numbers = input
        .split_ascii_whitespace()
        .map(|w| w.parse::<u64>().unwrap());
    let mut out = String::new();
    let positions = numbers.next().unwrap();
    for _ in 0..positions {
        let n = numbers.next().unwrap() as usize;
        let heaps: Vec<u64> = (0..n).map(|_| numbers.next().unwrap()).collect();
        let x = heaps.iter().fold(0, |acc, &h| acc ^ h);
        match heaps.iter().position(|&a| x != 0 && a ^ x < a) {
            Some(i) => out += &format!("first {} {}\n", i + 1, heaps[i] - (heaps[i] ^ x)),
            None => out += "second\n",
        }
    }
    print!("{out}");
}
