//! Counts the heaps in a u16 to save memory, and prints the heap number as that
//! counter's value: right up to heap 65,535, but heap 150,001 of the largest position
//! comes out as 18,929 (150,001 less twice 65,536), a heap that does not win.
// expect: wrong answer
// expect: the largest position: 200,000 heaps, won only by a move on heap 150,001
use std::fmt::Write;
use std::io::Read;

fn main() {
    let mut input = String::new();
    std::io::stdin().read_to_string(&mut input).unwrap();
    let mut words = input
        .split_ascii_whitespace()
        .map(|w| w.parse::<u64>().unwrap());
    let positions = words.next().unwrap();
    let mut output = String::new();
    for _ in 0..positions {
        let n = words.next().unwrap() as usize;
        let heaps: Vec<u64> = words.by_ref().take(n).collect();
        let x = heaps.iter().fold(0, |x, &a| x ^ a);
        if x == 0 {
            output.push_str("second\n");
            continue;
        }
        let mut number: u16 = 0;
        for &a in &heaps {
            number = number.wrapping_add(1);
            if a ^ x < a {
                writeln!(output, "first {number} {}", a - (a ^ x)).unwrap();
                break;
            }
        }
    }
    print!("{output}");
}
