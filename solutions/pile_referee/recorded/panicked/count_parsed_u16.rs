//! Parses T and each n as u16, thinking of "counts" as small: right until the largest
//! position, whose n = 200,000 does not fit in 16 bits. The advice names that count,
//! not the sizes (which it parses as u64).
// expect: panicked
// expect: PosOverflow
// expect: the first number of this input too large for a narrow type is a count, 200,000
// expect-not: parse sizes as u64
use std::fmt::Write;
use std::io::Read;

fn main() {
    let mut input = String::new();
    std::io::stdin().read_to_string(&mut input).unwrap();
    let mut words = input.split_ascii_whitespace();
    let positions: u16 = words.next().unwrap().parse().unwrap();
    let mut output = String::new();
    for _ in 0..positions {
        let n: u16 = words.next().unwrap().parse().unwrap();
        let heaps: Vec<u64> = (0..n)
            .map(|_| words.next().unwrap().parse().unwrap())
            .collect();
        let x = heaps.iter().fold(0, |x, &a| x ^ a);
        match heaps.iter().position(|&a| a ^ x < a) {
            Some(i) => writeln!(output, "first {} {}", i + 1, heaps[i] - (heaps[i] ^ x)).unwrap(),
            None => output.push_str("second\n"),
        }
    }
    print!("{output}");
}
