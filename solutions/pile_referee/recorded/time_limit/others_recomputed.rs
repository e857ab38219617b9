//! Right answers in quadratic time: for each heap it XORs all the OTHER heaps again to
//! see whether the heap can be reduced to that value. A losing position of 200,000
//! heaps (every heap tried, none qualifies) costs 4 * 10^10 steps.
// expect: time limit
// expect: the largest position: 200,000 heaps, won only by a move on heap 150,001
// expect: Expected: reading the input once and one pass over each position's heaps: the other heaps
// expect: XOR to X ^ a, so there is no need to recompute them for every heap (O(n) per position of
// expect: n heaps).

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
        let mut answer = None;
        for (i, &heap) in heaps.iter().enumerate() {
            // The XOR of all the other heaps, from scratch for every heap.
            let others = heaps
                .iter()
                .enumerate()
                .filter(|&(j, _)| j != i)
                .fold(0, |acc, (_, &other)| acc ^ other);
            if others < heap {
                answer = Some((i + 1, heap - others));
                break;
            }
        }
        match answer {
            None => output.push_str("second\n"),
            Some((i, k)) => writeln!(output, "first {i} {k}").unwrap(),
        }
    }
    print!("{output}");
}
