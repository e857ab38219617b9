//! Sees the first twelve values and guesses that they repeat from the start: a row of
//! n pins gets the value of row n mod 12. Right for the first twelve rows, wrong at
//! every row where the true values are off that pattern. Some of its wrong answers
//! happen to be n mod 3, n mod 2, or what XOR-ing lengths gives, but not all of them:
//! the grader names none of those mistakes.
// expect: wrong answer
// expect: A row of 12 pins has Grundy number 4, but you returned 0.
// expect-not: Either the moves that split the row are missing
// expect-not: Kayles also knocks down two pins side by side
// expect-not: Two rows a and b are worth table[a] ^ table[b], not a ^ b.
pub fn kayles_grundy(n: usize) -> usize {
    const FIRST: [usize; 12] = [0, 1, 2, 3, 1, 4, 3, 2, 1, 4, 2, 6];
    FIRST[n % 12]
}
