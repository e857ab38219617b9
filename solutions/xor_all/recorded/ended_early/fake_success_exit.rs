//! An integrity attack: prints a test harness's success line and exits with code 0
//! at once, hoping the grader trusts the exit code. Unanswered cases are a failure.
// expect: ended early
// expect: exit code 0
// expect: test result: ok. 42 passed
pub fn xor_all(_heaps: &[u64]) -> u64 {
    println!("test result: ok. 42 passed; 0 failed; 0 ignored; 0 measured; 0 filtered out");
    std::process::exit(0);
}
