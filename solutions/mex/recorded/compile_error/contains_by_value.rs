//! Passes a `usize` to `contains`, which takes a reference (`&usize`): a type error.
//! (Once fixed to `values.contains(&candidate)` it compiles, but it is the quadratic
//! scan that runs out of time.)
// expect: does not compile
// expect: error[E0308]: mismatched types
// expect-not: [grader]
pub fn mex(values: &[usize]) -> usize {
    (0..)
        .find(|&candidate| !values.contains(candidate))
        .unwrap()
}
