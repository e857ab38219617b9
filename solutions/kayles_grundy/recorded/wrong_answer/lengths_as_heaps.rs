//! XORs the lengths of the two rows a move leaves, as if each row were a Nim heap of
//! its length, instead of their Grundy numbers: right up to row 4, wrong from row 5 on.
// expect: wrong answer
// expect: A row of 5 pins has Grundy number 4, but you returned 1.
// expect: Two rows a and b are worth table[a] ^ table[b], not a ^ b.
pub fn kayles_grundy(n: usize) -> usize {
    let mut reached = Vec::new();
    for knocked in 1..=n.min(2) {
        let rest = n - knocked;
        for left in 0..=rest {
            reached.push(left ^ (rest - left));
        }
    }
    (0..).find(|v| !reached.contains(v)).unwrap()
}
