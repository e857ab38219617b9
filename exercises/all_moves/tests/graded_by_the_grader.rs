//! The hidden tests of `all_moves` are in the grader, not in this crate: `cargo test`
//! here only says so. `cargo grader run all_moves` grades your code with them.

#[test]
#[ignore = "the grader has the hidden tests: run `cargo grader run all_moves`"]
fn hidden_tests_are_in_the_grader() {
    panic!("this test grades nothing: run `cargo grader run all_moves`");
}
