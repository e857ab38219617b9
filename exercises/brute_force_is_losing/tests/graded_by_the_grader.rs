//! The hidden tests of `brute_force_is_losing` are in the grader, not in this crate: `cargo test`
//! here only says so. `cargo grader run brute_force_is_losing` grades your code with them.

#[test]
#[ignore = "the grader has the hidden tests: run `cargo grader run brute_force_is_losing`"]
fn hidden_tests_are_in_the_grader() {
    panic!("this test grades nothing: run `cargo grader run brute_force_is_losing`");
}
