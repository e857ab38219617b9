//! Adds up each position's stones in an `i32` to answer all-empty positions at once
//! ("no stones: second"). Sizes fit in an `i32`, their sum does not: three heaps of
//! 1,000,000,000 add up to 3,000,000,000 > 2,147,483,647, and the addition panics.
// expect: panicked
// expect: attempt to add with overflow
// expect: Sizes up to 10^9 fit in an i32, but sums of them do not (three heaps of 10^9 make
// expect: 3,000,000,000). You do not need the total at all (an all-zero position has nim-sum 0),
// expect: and u64 sizes are safest.

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
        // A shortcut for empty tables; the sum overflows long before 200,000 heaps.
        let total: i32 = heaps.iter().sum();
        if total == 0 {
            output.push_str("second\n");
            continue;
        }
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
