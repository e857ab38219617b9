//! The grader's hidden tests on this reference solution. `scripts/mutants.sh` runs this
//! test on every mutant of the solution, and each mutant must fail it.

#[test]
fn passes_the_hidden_tests() {
    grader::assert_solution_passes(env!("CARGO_MANIFEST_DIR"));
}
