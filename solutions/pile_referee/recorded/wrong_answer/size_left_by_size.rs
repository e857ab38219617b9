//! Two slips at once: it prints the size the heap is left with (a ^ X) instead of the
//! stones taken, and it picks the first heap larger than the nim-sum (answering
//! `second` when there is none). Where that heap can win, only k is wrong; where it
//! cannot, the heap is. No single mistake explains every wrong line, so the checker
//! names none.
// expect: wrong answer
// expect: yours: line 2: second
// expect: Position 2, [1], is won by the first player
// expect-not: not the size left, a ^ X

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
        match heaps
            .iter()
            .position(|&heap| nim_sum != 0 && heap > nim_sum)
        {
            None => output.push_str("second\n"),
            // The heap's size after the move.
            Some(i) => writeln!(output, "first {} {}", i + 1, heaps[i] ^ nim_sum).unwrap(),
        }
    }
    print!("{output}");
}
