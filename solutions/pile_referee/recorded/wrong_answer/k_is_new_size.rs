//! Prints the size the heap is left with instead of k, the number of stones taken. On
//! the sample's 3 4 5 it prints `first 1 1` (3 -> 1) instead of `first 1 2`; on
//! 0 0 0 6 it prints `first 4 0`, taking no stone at all.
// expect: wrong answer
// expect: yours: line 2: first 1 0
// expect: Line 2, `first 1 0`, takes no stone: k is at least 1.
// expect: k is the number of stones taken, a - (a ^ X) = 1, not the size left, a ^ X = 0.
// expect-not: counts heaps from 1

use std::fmt::Write as _;
use std::io::Read;

fn main() {
    let mut input = String::new();
    std::io::stdin().read_to_string(&mut input).unwrap();
    let mut numbers = input
        .split_ascii_whitespace()
        .map(|t| t.parse::<u64>().unwrap());
    let positions = numbers.next().unwrap();
    let mut output = String::new();
    for _ in 0..positions {
        let n = numbers.next().unwrap() as usize;
        let heaps: Vec<u64> = numbers.by_ref().take(n).collect();
        let nim_sum = heaps.iter().fold(0, |acc, &heap| acc ^ heap);
        match heaps.iter().position(|&heap| heap ^ nim_sum < heap) {
            None => output.push_str("second\n"),
            // The new size, where the count taken is asked.
            Some(i) => writeln!(output, "first {} {}", i + 1, heaps[i] ^ nim_sum).unwrap(),
        }
    }
    print!("{output}");
}
