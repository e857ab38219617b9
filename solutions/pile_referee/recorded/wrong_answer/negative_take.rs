//! Chooses the largest heap instead of one with the nim-sum's highest bit, in `i64` so
//! nothing panics: the largest heap may have to GROW to reach nim-sum 0, and k comes
//! out negative. On 2 2 1 (nim-sum 1) it prints `first 1 -1`; already on the sample's
//! 3 4 5 it prints `first 3 -2` (5 would become 7).
// expect: wrong answer
// expect: yours: line 5: first 1 -1
// expect: In line 5, k is -1: k counts the stones taken, so it is at least 1.
// expect: Heap 1 (2) would have to grow to a ^ X = 3 to leave nim-sum 0. Take from a heap `a` with
// expect: `a ^ X < a` (it has the nim-sum's highest set bit), whatever its size: k = a - (a ^ X) is
// expect: then at least 1.

use std::fmt::Write as _;
use std::io::Read;

fn main() {
    let mut input = String::new();
    std::io::stdin().read_to_string(&mut input).unwrap();
    let mut numbers = input
        .split_ascii_whitespace()
        .map(|t| t.parse::<i64>().unwrap());
    let positions = numbers.next().unwrap();
    let mut output = String::new();
    for _ in 0..positions {
        let n = numbers.next().unwrap() as usize;
        let heaps: Vec<i64> = numbers.by_ref().take(n).collect();
        let nim_sum = heaps.iter().fold(0, |acc, &heap| acc ^ heap);
        if nim_sum == 0 {
            output.push_str("second\n");
            continue;
        }
        // The first of the largest heaps: surely it has stones to spare.
        let largest = *heaps.iter().max().unwrap();
        let i = heaps.iter().position(|&heap| heap == largest).unwrap();
        writeln!(
            output,
            "first {} {}",
            i + 1,
            heaps[i] - (heaps[i] ^ nim_sum)
        )
        .unwrap();
    }
    print!("{output}");
}
