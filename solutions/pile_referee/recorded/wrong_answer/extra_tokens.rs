//! Adds the size left after the move to each answer, "to be helpful": on the sample's
//! 3 4 5 it prints `first 1 2 1`. The format has exactly three tokens on such a line,
//! and a checker cannot tell the extra number from the next answer's.
// expect: wrong answer
// expect: yours: line 2: first 1 1 0
// expect: Line 2 is `first 1 1 0`: an answer is `second` alone, or `first i k`, three words;
// expect: this line has 4 words.
// expect: +first 1 1 0
// expect: Print exactly `first i k` or `second`, nothing more on the line: the checker reads every
// expect: word, and an extra number answers nothing. Notes and debugging go to standard error
// expect: (`eprintln!`), which the checker never reads.

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
