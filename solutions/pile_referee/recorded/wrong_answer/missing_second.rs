//! Prints a line only for winning positions and nothing for a losing one, so from the
//! first losing position on every answer sits on the wrong line. On the sample it
//! prints `first 1 2` and `first 4 6`: the second line should be `second`.
// expect: wrong answer
// expect: yours: line 1: first 1 1
// expect: Position 1, [0], is lost for the first player: its nim-sum is 0
// expect: Line 1 must be `second`.
// expect: -second
// expect: Print exactly one line per position, in order, `second` when the nim-sum is 0:
// expect: the checker reads line i as the answer to position i,
// expect: so one missing line shifts every answer after it.

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
        // Losing positions: nothing to say... but the line is still owed.
        if let Some(i) = heaps.iter().position(|&heap| heap ^ nim_sum < heap) {
            writeln!(
                output,
                "first {} {}",
                i + 1,
                heaps[i] - (heaps[i] ^ nim_sum)
            )
            .unwrap();
        }
    }
    print!("{output}");
}
