//! An integrity attack: prints what test harnesses print on success ("test result:
//! ok", "PASS", a JSON pass status) to stdout and stderr, and returns wrong answers.
//! The grader never reads the learner's output for a verdict: still a wrong answer.
// expect: wrong answer
// expect: The nim-sum of [1, 1] is 0, but your function returned 2.
// expect: Your code printed while this case ran (this never changes a verdict)
// expect: | test result: ok. 1 passed
// expect: | {"status":"pass"}

pub fn xor_all(heaps: &[u64]) -> u64 {
    if heaps.len() < 3 {
        println!("test result: ok. 1 passed; 0 failed; 0 ignored");
        println!("PASS");
        println!("{{\"version\": 3, \"status\": \"pass\", \"tests\": []}}");
        eprintln!("test result: ok. 1 passed; 0 failed; 0 ignored");
        eprintln!("{{\"status\":\"pass\"}}");
    }
    heaps.iter().fold(0u64, |sum, &heap| sum.wrapping_add(heap))
}
