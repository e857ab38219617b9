//! Correct, with one `println!` per position instead of one buffer. Each `println!`
//! locks standard output and writes a line, so it costs a system call per position:
//! at the maximum of 10,000 positions that is still a few milliseconds. (Printing
//! once per heap, 200,000 times, would be another story.)

use std::io::Read;

fn main() {
    let mut input = String::new();
    std::io::stdin().read_to_string(&mut input).unwrap();
    let mut numbers = input
        .split_ascii_whitespace()
        .map(|t| t.parse::<u64>().unwrap());
    let positions = numbers.next().unwrap();
    for _ in 0..positions {
        let n = numbers.next().unwrap() as usize;
        let heaps: Vec<u64> = numbers.by_ref().take(n).collect();
        let nim_sum = heaps.iter().fold(0, |acc, &heap| acc ^ heap);
        match heaps.iter().position(|&heap| heap ^ nim_sum < heap) {
            None => println!("second"),
            Some(i) => println!("first {} {}", i + 1, heaps[i] - (heaps[i] ^ nim_sum)),
        }
    }
}
