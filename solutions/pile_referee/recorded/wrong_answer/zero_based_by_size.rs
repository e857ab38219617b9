//! Two slips at once: it prints the heap's 0-based index, and it picks the first heap
//! larger than the nim-sum (answering `second` when there is none), in `i64` so that
//! nothing panics. Some lines name the right heap counted from 0, others a heap that
//! would have to grow (k < 0), others `second` for a won position: no single mistake
//! explains every wrong line, so the checker names none.
// expect: wrong answer
// expect: yours: line 2: second
// expect: Position 2, [1], is won by the first player
// expect-not: The output counts heaps from 1
// expect-not: it has the nim-sum's highest set bit

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
        // A heap larger than the nim-sum has stones to give... or so it seems.
        match heaps
            .iter()
            .position(|&heap| nim_sum != 0 && heap > nim_sum)
        {
            None => output.push_str("second\n"),
            Some(i) => writeln!(output, "first {} {}", i, heaps[i] - (heaps[i] ^ nim_sum)).unwrap(),
        }
    }
    print!("{output}");
}
