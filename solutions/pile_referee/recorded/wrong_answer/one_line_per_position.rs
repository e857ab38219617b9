//! Parses each position as ONE line "n a1 ... an", a common contest layout, where this
//! input puts n and the sizes on two lines. On the sample the line "3" becomes a
//! position with no sizes (`second`, where `first 1 2` is right), the line "3 4 5"
//! becomes n = 3 with sizes 4 5, and so on: every answer after the count is off.
// expect: wrong answer
// expect: yours: line 2: second
// expect: Position 2, [1], is won by the first player
// expect: Your answers fit this input read as one line "n a1 ... an" per position,
// expect: but the statement puts n on one line and the n sizes on the next.
// expect: Reading tokens (`split_ascii_whitespace` on all of the input)
// expect: makes line breaks irrelevant.

use std::fmt::Write as _;
use std::io::Read;

fn main() {
    let mut input = String::new();
    std::io::stdin().read_to_string(&mut input).unwrap();
    let mut lines = input.lines();
    let positions: usize = lines.next().unwrap().trim().parse().unwrap();
    let mut output = String::new();
    for _ in 0..positions {
        // "n a1 a2 ... an" on one line -- not this problem's layout.
        let mut numbers = lines
            .next()
            .unwrap_or("")
            .split_ascii_whitespace()
            .map(|t| t.parse::<u64>().unwrap());
        let n = numbers.next().unwrap_or(0) as usize;
        let heaps: Vec<u64> = numbers.take(n).collect();
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
