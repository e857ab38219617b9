//! Reported problems, each kept fixed by a test: a hang on one case costs only its
//! group, compile errors still make a report that keeps Exercism's rules, and a
//! solution tuned to the learners' seed is caught by an instructor's seed.

use crate::common;

use common::{Workbook, manifest, valid_report};
use grader::Seed;
use xorlings_core::wire::Wire;

/// The positions of each group of `xor_all`'s cases with `seed`, read back from the
/// cases the runner gets.
fn xor_all_cases(seed: Seed) -> Vec<Vec<Vec<u64>>> {
    let workbook = manifest();
    let xor_all = &workbook.exercises[workbook.index_of("xor_all").unwrap()];
    let plan = xor_all.tests.plan(seed);
    (0..plan.groups().len())
        .map(|group| {
            let mut input = Vec::new();
            plan.write_input(group, &mut input).unwrap();
            let words: Vec<u64> = input
                .chunks(8)
                .map(|bytes| u64::from_le_bytes(bytes.try_into().unwrap()))
                .collect();
            let mut words = words.as_slice();
            let count = usize::take(&mut words).unwrap();
            let cases: Vec<Vec<u64>> = (0..count)
                .map(|_| Vec::<u64>::take(&mut words).unwrap())
                .collect();
            assert!(words.is_empty());
            cases
        })
        .collect()
}

fn statuses(report: &serde_json::Value) -> Vec<String> {
    report["tests"]
        .as_array()
        .unwrap()
        .iter()
        .map(|t| t["status"].as_str().unwrap().to_string())
        .collect()
}

#[test]
fn a_hang_on_the_empty_position_fails_only_the_groups_that_have_it() {
    let workbook = Workbook::new();
    workbook.write(
        &workbook.exercise_file("xor_all"),
        "pub fn xor_all(heaps: &[u64]) -> u64 {\n    \
         while heaps.is_empty() {\n        std::hint::spin_loop();\n    }\n    \
         heaps.iter().fold(0, |x, &h| x ^ h)\n}\n",
    );
    let run = workbook.grader(&["run", "xor_all", "--format", "json"]);
    run.expect_code(1);
    let report = valid_report(&run.stdout);
    let with_empty: Vec<bool> = xor_all_cases(Seed::DEFAULT)
        .iter()
        .map(|cases| cases.iter().any(Vec::is_empty))
        .collect();
    assert!(with_empty.contains(&true) && with_empty.contains(&false));
    let expected: Vec<&str> = with_empty
        .iter()
        .map(|&empty| if empty { "error" } else { "pass" })
        .collect();
    assert_eq!(statuses(&report), expected);
    let groups = with_empty.len() as u64;
    let passed = with_empty.iter().filter(|empty| !**empty).count() as u64;
    assert_eq!(report["score"], 100 / groups * passed);
    let hung = report["tests"]
        .as_array()
        .unwrap()
        .iter()
        .find(|t| t["status"] == "error")
        .unwrap();
    assert!(
        hung["message"].as_str().unwrap().starts_with("time limit"),
        "{hung}"
    );
}

#[test]
fn a_report_of_checkouts_that_do_not_compile_keeps_exercisms_rules() {
    let instructor = Workbook::new();
    let checkout = Workbook::new();
    for exercise in manifest().exercises {
        checkout.write(
            &checkout.exercise_file(&exercise.name),
            &format!("pub fn {}( {{", exercise.name),
        );
    }
    let root = checkout.root().display().to_string();
    let run = instructor.grader(&["verify", "--workbook", &root, "--format", "json"]);
    run.expect_code(1);
    let report = valid_report(&run.stdout);
    assert_eq!(report["status"], "error");
    assert!(
        report["message"]
            .as_str()
            .unwrap()
            .contains("does not compile")
    );
    let tests = report["tests"].as_array().unwrap();
    for exercise in manifest().exercises {
        let of_it = tests.iter().filter(|t| {
            t["name"]
                .as_str()
                .unwrap()
                .starts_with(&format!("{}: ", exercise.name))
        });
        let mut count = 0;
        for test in of_it {
            count += 1;
            assert_eq!(test["status"], "error");
            assert!(
                test["message"]
                    .as_str()
                    .unwrap()
                    .contains("does not compile")
            );
        }
        assert!(count > 0, "{} has its tests", exercise.name);
    }

    // One exercise that compiles and passes among them: the report fails, still valid.
    checkout.solve("xor_all");
    let run = instructor.grader(&["verify", "--workbook", &root, "--format", "json"]);
    let report = valid_report(&run.stdout);
    assert_eq!(report["status"], "fail");
    assert!(report.get("message").is_none_or(|m| m.is_null()));
}

/// Compiles `code` here and keeps its text for the learner's file, so that the test
/// and the tuned code hash positions alike.
macro_rules! shared {
    ($($code:tt)*) => {
        $($code)*
        const KEY: &str = stringify!($($code)*);
    };
}

shared! {
    /// A word-wise FNV-1a hash of a position.
    fn key(heaps: &[u64]) -> u64 {
        let mut hash: u64 = 0xcbf2_9ce4_8422_2325;
        for word in std::iter::once(heaps.len() as u64).chain(heaps.iter().copied()) {
            hash = (hash ^ word).wrapping_mul(0x0100_0000_01b3);
        }
        hash
    }
}

/// An `xor_all` that knows the answer of every case of the learners' seed and is
/// wrong on every other position.
fn tuned_xor_all() -> String {
    let mut known: Vec<(u64, u64)> = xor_all_cases(Seed::DEFAULT)
        .iter()
        .flatten()
        .map(|heaps| (key(heaps), heaps.iter().fold(0, |x, &h| x ^ h)))
        .collect();
    known.sort_unstable();
    known.dedup();
    let table: String = known
        .iter()
        .map(|(key, answer)| format!("({key:#x},{answer:#x}),"))
        .collect();
    format!(
        "static KNOWN: [(u64, u64); {}] = [{table}];\n\n{KEY}\n\
         pub fn xor_all(heaps: &[u64]) -> u64 {{\n    \
         match KNOWN.binary_search_by_key(&key(heaps), |&(k, _)| k) {{\n        \
         Ok(i) => KNOWN[i].1,\n        \
         Err(_) => heaps.iter().fold(1, |x, &h| x ^ h),\n    }}\n}}\n",
        known.len()
    )
}

#[test]
fn a_solution_tuned_to_the_learners_seed_fails_an_instructors_random_seed() {
    let workbook = Workbook::new();
    workbook.write(&workbook.exercise_file("xor_all"), &tuned_xor_all());
    workbook
        .grader(&["run", "xor_all", "--format", "json"])
        .expect_code(0);
    let run = workbook.grader(&["run", "xor_all", "--format", "json", "--seed", "random"]);
    run.expect_code(1);
    let report = valid_report(&run.stdout);
    assert_eq!(report["exercises"][0]["verdict"], "wrong answer");
    // The first group (every small position) is the same for every seed; the random
    // groups are not.
    let statuses = statuses(&report);
    assert_eq!(statuses[0], "pass");
    assert!(statuses[1..].iter().all(|s| s == "fail"), "{statuses:?}");
}
