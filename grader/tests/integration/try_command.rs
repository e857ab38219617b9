//! `cargo grader try`: the learner's own function on their own input, judged by the
//! exercise's checker, through the real binary on a temporary copy of the workbook.

use crate::common;

use common::Workbook;

const ADDING: &str = "pub fn xor_all(heaps: &[u64]) -> u64 {\n    \
    for heap in heaps {\n        println!(\"adding {heap}\");\n    }\n    \
    heaps.iter().sum()\n}\n";

#[test]
fn a_right_answer_is_explained_and_exits_0() {
    let workbook = Workbook::new();
    workbook.solve("nim_winning_move");
    workbook
        .grader(&["try", "nim_winning_move", "3", "4", "5"])
        .expect_code(0)
        .stdout_has("Trying nim_winning_move on heaps = [3, 4, 5]:")
        .stdout_has("Your function returned Some(Move {")
        .stdout_has("After the move: [1, 4, 5], nim-sum 0.")
        .stdout_has("    1 = 001")
        .stdout_has("nim_winning_move: right on your input, the checker accepts this answer.");

    workbook.solve("apply_move");
    workbook
        .grader(&["try", "apply_move", "[3, 4, 5]", "0", "1"])
        .expect_code(0)
        .stdout_has("Before the move: [3, 4, 5]\n  After the move:  [1, 4, 5]");
    workbook
        .grader(&["try", "3", "3,4,5", "7", "1"])
        .expect_code(0)
        .stdout_has("You say there is no heap 7 among 3 heaps");
}

#[test]
fn a_wrong_answer_gets_the_rule_the_advice_and_what_was_printed() {
    let workbook = Workbook::new();
    workbook.write(&workbook.exercise_file("xor_all"), ADDING);
    let run = workbook.grader(&["try", "xor_all", "3", "4", "5"]);
    run.expect_code(1)
        .stdout_has("Your function returned 12.")
        .stdout_has("xor_all: wrong answer on your input.")
        .stdout_has("The nim-sum of [3, 4, 5] is 2, but your function returned 12.")
        .stdout_has("More in the lesson: lessons/nim-sum.md#common-mistakes")
        .stdout_has("| adding 5");
    // One input is no proof of a mistake (other code may return 12 here too): the rule
    // alone, never a guess at which mistake it was.
    assert!(!run.stdout.contains("You added"), "{}", run.stdout);
    assert_eq!(
        run.stdout.matches("4 = 100").count(),
        1,
        "the columns are shown once:\n{}",
        run.stdout
    );
}

#[test]
fn panics_and_endless_loops_are_explained() {
    let workbook = Workbook::new();
    workbook
        .grader(&["try", "xor_all", "1", "2"])
        .expect_code(1)
        .stdout_has("xor_all: panicked on your input.")
        .stdout_has("not yet implemented")
        .stdout_has("still has its `todo!()`");
    workbook.write(
        &workbook.exercise_file("xor_all"),
        "pub fn xor_all(heaps: &[u64]) -> u64 { heaps[0] ^ heaps[1..].iter().fold(0, |x, h| x ^ h) }\n",
    );
    workbook
        .grader(&["try", "xor_all", "[]"])
        .expect_code(1)
        .stdout_has("index out of bounds")
        .stdout_has("An empty position has no heaps[0]");
    workbook.write(
        &workbook.exercise_file("xor_all"),
        "pub fn xor_all(_: &[u64]) -> u64 { loop {} }\n",
    );
    workbook
        .grader(&["try", "xor_all", "1"])
        .expect_code(1)
        .stdout_has("time limit on your input")
        .stdout_has("The time limit is 2.00 s");
}

#[test]
fn bad_syntax_says_how_to_type_the_input() {
    let workbook = Workbook::new();
    workbook
        .grader(&["try", "apply_move", "3,4,5", "x", "1"])
        .expect_code(2)
        .stderr_has("this input cannot be tried: heap_index: `x` is not a whole number")
        .stderr_has("usage: cargo grader try apply_move <heaps> <heap_index> <new_size>")
        .stderr_has("One word per argument");
    workbook
        .grader(&["try", "apply_move", "3", "4", "5", "6"])
        .expect_code(2)
        .stderr_has("takes 3 values, <heaps> <heap_index> <new_size>; you gave 4");
    workbook
        .grader(&["try", "xor_all", "3", "-1"])
        .expect_code(2)
        .stderr_has("heaps: `-1` is not a whole number")
        .stderr_has("usage: cargo grader try xor_all <heaps>");
    workbook
        .grader(&["try", "xor_all"])
        .expect_code(2)
        .stderr_has("type the input after the exercise's name")
        .stderr_has("[] is an empty list");
}

#[test]
fn an_input_outside_the_promises_is_refused() {
    let workbook = Workbook::new();
    workbook.solve("grundy_number");
    workbook
        .grader(&["try", "grundy_number", "200000", "1,2"])
        .expect_code(2)
        .stderr_has(
            "outside what the exercise promises: 200,000 stones in a heap, more than the \
             100,000 promised",
        )
        .stderr_has("usage: cargo grader try grundy_number <n> <moves>");
}

#[test]
fn an_unknown_exercise_gets_a_suggestion() {
    let workbook = Workbook::new();
    workbook
        .grader(&["try", "xor_al", "1", "2"])
        .expect_code(2)
        .stderr_has("there is no exercise called `xor_al`; did you mean `xor_all`?");
}
