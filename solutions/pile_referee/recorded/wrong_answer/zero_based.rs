//! Prints the heap's 0-based index, as Rust counts, where the output counts heaps from
//! one. On the sample's first position, 3 4 5, it prints `first 0 2`, and there is no
//! heap 0. (Elsewhere it names the wrong heap: for 4 5 it prints `first 1 1`, which
//! takes a stone from the 4 instead of the 5 and leaves nim-sum 6.)
// expect: wrong answer
// expect: yours: line 2: first 0 1
// expect: Line 2 names heap 0, but heaps are numbered from 1: position 2 has 1 heap, heap 1.
// expect: The output counts heaps from 1: heap i in the output is `heaps[i - 1]` in your Vec, so
// expect: print `index + 1` (3 4 5 -> `first 1 2`).
// expect-not: not the size left

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
            // The index as Rust counts it.
            Some(i) => writeln!(output, "first {} {}", i, heaps[i] - (heaps[i] ^ nim_sum)).unwrap(),
        }
    }
    print!("{output}");
}
