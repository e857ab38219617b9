//! The hidden tests of `grundy_at` are in the grader, not in this crate: `cargo test`
//! here only says so. `cargo grader run grundy_at` grades your code with them.

#[test]
#[ignore = "the grader has the hidden tests: run `cargo grader run grundy_at`"]
fn hidden_tests_are_in_the_grader() {
    panic!("this test grades nothing: run `cargo grader run grundy_at`");
}
