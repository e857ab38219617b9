//! The hidden tests of `kayles_grundy` are in the grader, not in this crate: `cargo test`
//! here only says so. `cargo grader run kayles_grundy` grades your code with them.

#[test]
#[ignore = "the grader has the hidden tests: run `cargo grader run kayles_grundy`"]
fn hidden_tests_are_in_the_grader() {
    panic!("this test grades nothing: run `cargo grader run kayles_grundy`");
}
