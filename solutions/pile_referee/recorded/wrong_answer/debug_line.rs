//! Right answers, then a leftover debugging line on standard output: after the sample's
//! three answers it prints `done: 3 positions`, a fourth line for which there is no
//! position.
// expect: wrong answer
// expect: yours: line 4: done: 3 positions
// expect: Your output has 4 lines, but the input has only 3 positions: line 4 (`done: 3 positions`)
// expect: answers no position.
// expect: +done: 3 positions
// expect: Standard output holds the answers and nothing else: print debugging messages with
// expect: `eprintln!` (standard error), which the checker never reads.

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
    println!("done: {positions} positions"); // left over from debugging
}
