//! Right answers, quadratic time: removes repeats by keeping a `Vec` of the distinct
//! values and asking `contains` before each push, then sorts and walks. On 1,000,000
//! distinct values (0 to 999,999 shuffled) each `contains` scans up to a million.
// expect: time limit
// expect: or for every value, is O(n^2)
pub fn mex(values: &[usize]) -> usize {
    let mut distinct: Vec<usize> = Vec::new();
    for &value in values {
        if !distinct.contains(&value) {
            distinct.push(value);
        }
    }
    distinct.sort_unstable();
    let mut expected = 0;
    for value in distinct {
        if value != expected {
            break;
        }
        expected += 1;
    }
    expected
}
