//! Sorts `values` in place: the slice is borrowed as `&[usize]`, shared, so it cannot
//! be changed. Sort a copy (`values.to_vec()`) instead.
// expect: does not compile
// expect: error[E0596]: cannot borrow `*values` as mutable, as it is behind a `&` reference
// expect-not: [grader]
pub fn mex(values: &[usize]) -> usize {
    values.sort_unstable();
    let mut expected = 0;
    for &value in values {
        if value == expected {
            expected += 1;
        } else if value > expected {
            break;
        }
    }
    expected
}
