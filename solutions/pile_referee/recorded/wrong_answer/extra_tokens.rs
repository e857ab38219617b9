//! Adds the size left after the move to each answer, "to be helpful": on the sample's
//! 3 4 5 it prints `first 1 2 1`. The format has exactly three tokens on such a line,
//! and a checker cannot tell the extra number from the next answer's.
// expect: wrong answer
// mistake: print exactly `first i k` or `second`, nothing more on the line; notes and
// mistake: debugging go to standard error (`eprintln!`).

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
            Some(i) => {
                let left = heaps[i] ^ nim_sum;
                // The size left, appended for clarity.
                writeln!(output, "first {} {} {}", i + 1, heaps[i] - left, left).unwrap()
            }
        }
    }
    print!("{output}");
}
