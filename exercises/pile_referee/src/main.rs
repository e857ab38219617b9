//! # `pile_referee`: the pile referee
//!
//! Lesson: `lessons/pile-referee.md`. Grade with `cargo grader run pile_referee`.
//!
//! A whole program, as in a programming contest: read Nim positions from standard
//! input and write, for each one, who wins with perfect play (normal Nim: whoever takes
//! the last stone wins) and a winning move for the first player.
//!
//! Input: the number of positions T on the first line; then, for each position, a line
//! with its number of heaps n and a line with the n heap sizes, separated by spaces.
//!
//! Output: one line per position, in order:
//! - `second` when the nim-sum is 0 (the player to move loses);
//! - otherwise `first i k`: take k stones from heap i, where heaps are numbered from
//!   1 (the first heap is heap 1), `1 <= k <=` the size of heap i, and the position
//!   left has nim-sum 0.
//!
//! Example (the sample):
//!
//! ```text
//! input           output
//! 3               first 1 2
//! 3               second
//! 3 4 5           first 4 6
//! 2
//! 2 2
//! 4
//! 0 0 0 6
//! ```
//!
//! Any winning move is accepted: a checker tests each line, it does not compare your
//! output with one expected file. Print nothing else on standard output (debugging
//! goes to `eprintln!`, standard error).
//!
//! What the hidden tests use:
//! - 1 <= T <= 10,000 positions; every position has n >= 1 heaps; the total of n
//!   over all positions is at most 200,000;
//! - heap sizes from 0 to 1,000,000,000 (a position may be all zeros: `second`);
//! - input files: the sample, edge cases, random positions, and the maximum size
//!   (about 2 MB of input). At that size, read all of standard input at once into a
//!   `String` and split it with `split_ascii_whitespace`, and collect the output in
//!   one `String` (or a `BufWriter`) printed at the end.

fn main() {
    // TODO: read all of stdin, then for each position compute the nim-sum and print
    // `second` or `first i k` (i counted from 1); delete the line below.
    todo!("read the positions from standard input and judge each one")
}
