//! Correct with `i32` sizes: 1,000,000,000 is below `i32::MAX` (2,147,483,647), and an
//! XOR of numbers below 2^30 stays below 2^30, so nothing overflows. It would break
//! the moment it ADDED sizes (see panicked/sum_i32.rs), or if sizes went past 2^31.

use std::fmt::Write as _;
use std::io::Read;

fn main() {
    let mut input = String::new();
    std::io::stdin().read_to_string(&mut input).unwrap();
    let mut numbers = input
        .split_ascii_whitespace()
        .map(|t| t.parse::<i32>().unwrap());
    let positions = numbers.next().unwrap();
    let mut output = String::new();
    for _ in 0..positions {
        let n = numbers.next().unwrap() as usize;
        let heaps: Vec<i32> = numbers.by_ref().take(n).collect();
        let nim_sum = heaps.iter().fold(0, |acc, &heap| acc ^ heap);
        match heaps.iter().position(|&heap| heap ^ nim_sum < heap) {
            None => output.push_str("second\n"),
            Some(i) => writeln!(
                output,
                "first {} {}",
                i + 1,
                heaps[i] - (heaps[i] ^ nim_sum)
            )
            .unwrap(),
        }
    }
    print!("{output}");
}
