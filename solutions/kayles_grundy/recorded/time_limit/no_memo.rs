//! Right values from a recursion without a memo: every row recomputes every shorter
//! row again, for each of its moves, and the time grows exponentially with n.
// expect: time limit
// expect: A recursion without a memo takes exponential time
fn grundy(row: usize) -> usize {
    let mut reached = Vec::new();
    for knocked in 1..=row.min(2) {
        let rest = row - knocked;
        for left in 0..=rest {
            reached.push(grundy(left) ^ grundy(rest - left));
        }
    }
    (0..).find(|v| !reached.contains(v)).unwrap()
}

pub fn kayles_grundy(n: usize) -> usize {
    grundy(n)
}
