//! The hidden tests of `pile_referee` are in the grader, not in this crate: `cargo test`
//! here only says so. `cargo grader run pile_referee` grades your code with them.

#[test]
#[ignore = "the grader has the hidden tests: run `cargo grader run pile_referee`"]
fn hidden_tests_are_in_the_grader() {
    panic!("this test grades nothing: run `cargo grader run pile_referee`");
}
