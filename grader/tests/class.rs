//! Grading for instructors: the JSON report (Exercism's rules and our schema), partial
//! credit, and grading a learner's checkout that was tampered with or is old.

mod common;

use common::{Workbook, exercism_rules, manifest, repo_root, schema, valid_report};
use serde_json::{Value, json};

#[test]
fn the_rules_and_the_schema_reject_reports_that_break_them() {
    let good = json!({
        "version": 3, "status": "fail", "score": 0, "max_score": 100, "seed": 0,
        "tests": [{"name": "x: a", "status": "fail", "message": "wrong", "test_code": "x()", "task_id": 1}],
        "exercises": []
    });
    assert!(schema().is_valid(&good));
    assert!(
        exercism_rules(&good).is_empty(),
        "{:?}",
        exercism_rules(&good)
    );
    let broken = |change: &dyn Fn(&mut Value)| {
        let mut report = good.clone();
        change(&mut report);
        report
    };
    for (what, report) in [
        (
            "an error without a message",
            broken(&|r| r["status"] = json!("error")),
        ),
        (
            "a failing test without a message",
            broken(&|r| r["tests"][0]["message"] = Value::Null),
        ),
        (
            "a pass that is not",
            broken(&|r| r["status"] = json!("pass")),
        ),
        (
            "a message on a fail",
            broken(&|r| r["message"] = json!("why")),
        ),
        (
            "long output",
            broken(&|r| r["tests"][0]["output"] = json!("x".repeat(501))),
        ),
        (
            "a text task_id",
            broken(&|r| r["tests"][0]["task_id"] = json!("1")),
        ),
    ] {
        assert!(!exercism_rules(&report).is_empty(), "{what} was not caught");
    }
    assert!(!schema().is_valid(&broken(&|r| r["score"] = json!(-1))));
}

#[test]
fn run_json_reports_a_stub_with_groups_in_order() {
    let workbook = Workbook::new();
    let run = workbook.grader(&["run", "apply_move", "--format", "json"]);
    run.expect_code(1);
    let report = valid_report(&run.stdout);
    // Every group panicked on `todo!()`: no test returned an answer.
    assert_eq!(report["status"], "error");
    assert!(report["message"].as_str().unwrap().contains("todo!()"));
    assert_eq!(report["score"], 0);
    assert_eq!(report["max_score"], 100);
    assert_eq!(report["exercises"][0]["verdict"], "panicked");
    let first = &report["tests"][0];
    assert!(
        first["name"]
            .as_str()
            .unwrap()
            .starts_with("apply_move: every move"),
        "{first}"
    );
    assert_eq!(first["status"], "error");
    let number = manifest().index_of("apply_move").unwrap() + 1;
    assert_eq!(first["task_id"], number);
    assert!(
        first["test_code"]
            .as_str()
            .unwrap()
            .starts_with("apply_move(heaps: &[u64], heap_index: usize")
    );
}

#[test]
fn partial_credit_counts_the_groups_passed() {
    let workbook = Workbook::new();
    // Right on every heap below 2^32, wrong above: only the 64-bit groups fail.
    workbook.write(
        &workbook.exercise_file("xor_all"),
        "pub fn xor_all(heaps: &[u64]) -> u64 {\n    println!(\"{} heaps\", heaps.len());\n    heaps.iter().fold(0u32, |x, &h| x ^ h as u32) as u64\n}\n",
    );
    let run = workbook.grader(&["run", "xor_all", "--format", "json"]);
    run.expect_code(1);
    let report = valid_report(&run.stdout);
    assert_eq!(report["status"], "fail");
    let tests = report["tests"].as_array().unwrap();
    let passed = tests.iter().filter(|t| t["status"] == "pass").count();
    assert!(passed > 0 && passed < tests.len(), "{tests:#?}");
    assert_eq!(report["score"], 100 * passed / tests.len());
    let failed = tests.iter().find(|t| t["status"] == "fail").unwrap();
    assert!(
        failed["message"].as_str().unwrap().contains("32 bits"),
        "the advice is in the report"
    );
    assert!(
        failed["output"].as_str().unwrap().ends_with(" heaps"),
        "{failed}"
    );
    assert!(
        failed["test_code"]
            .as_str()
            .unwrap()
            .contains("smallest failing case: heaps = [")
    );
}

/// A learner's checkout with two exercises solved and a third half right.
fn learner_checkout() -> Workbook {
    let checkout = Workbook::new();
    checkout.solve("xor_all");
    checkout.solve("is_losing_position");
    checkout.write(
        &checkout.exercise_file("grundy_number"),
        "pub fn grundy_number(n: usize, moves: &[usize]) -> usize {\n    if moves.is_empty() { 0 } else { n % (moves.len() + 1) }\n}\n",
    );
    checkout
}

/// The checkout graded with the instructor's grader and hidden tests, by the command of
/// the README's classroom recipe.
fn graded(instructor: &Workbook, checkout: &Workbook) -> (i32, Value) {
    let readme = std::fs::read_to_string(repo_root().join("README.md")).unwrap();
    let recipe = readme
        .lines()
        .find(|line| line.starts_with("cargo grader verify --workbook"))
        .expect("the README has a classroom recipe");
    let args: Vec<String> = recipe
        .split_whitespace()
        .skip_while(|word| *word != "verify")
        .take_while(|word| *word != ">")
        .map(|word| match word {
            "\"$CHECKOUT\"" => checkout.root().display().to_string(),
            other => other.to_string(),
        })
        .collect();
    let args: Vec<&str> = args.iter().map(String::as_str).collect();
    let run = instructor.grader(&args);
    assert!(run.stderr.is_empty(), "{}", run.stderr);
    (run.code, valid_report(&run.stdout))
}

fn scores(report: &Value) -> Vec<u64> {
    report["exercises"]
        .as_array()
        .unwrap()
        .iter()
        .map(|e| e["score"].as_u64().unwrap())
        .collect()
}

#[test]
fn a_checkout_is_graded_with_the_instructors_tests_whatever_else_it_changed() {
    let instructor = Workbook::new();
    let checkout = learner_checkout();
    let (code, report) = graded(&instructor, &checkout);
    assert_eq!(code, 1);
    let scores = scores(&report);
    let index = |name: &str| manifest().index_of(name).unwrap();
    assert_eq!(scores[index("xor_all")], 100);
    assert_eq!(scores[index("is_losing_position")], 100);
    assert!(scores[index("grundy_number")] < 100, "{scores:?}");
    let score = report["score"].clone();

    // Tamper with everything but the exercise files: a manifest that lists only a solved
    // exercise, Cargo files, a forged progress file, and a "grader" that always passes.
    checkout.write(
        "workbook.toml",
        "[[exercise]]\nname = \"xor_all\"\nlesson = \"x.md\"\nhint = \"\"\npoints = 10000\n",
    );
    checkout.write("Cargo.toml", "[workspace]\nmembers = []\n");
    checkout.write(
        "exercises/grundy_number/Cargo.toml",
        "[package]\nname = \"cheat\"\n",
    );
    let every: Vec<String> = manifest()
        .exercises
        .iter()
        .map(|e| format!("\"{}\"", e.name))
        .collect();
    checkout.write(
        ".xorlings-progress.toml",
        &format!("done = [{}]\n", every.join(", ")),
    );
    checkout.write(
        "grader/src/main.rs",
        "fn main() { println!(\"{{\\\"score\\\": 600}}\") }\n",
    );
    let (tampered_code, tampered) = graded(&instructor, &checkout);
    assert_eq!(tampered_code, code);
    assert_eq!(tampered["score"], score);
    assert_eq!(
        tampered["exercises"].as_array().unwrap().len(),
        manifest().exercises.len()
    );
    // Nothing was written into the learner's checkout.
    assert!(
        checkout
            .read(".xorlings-progress.toml")
            .contains("grundy_table")
    );
    assert!(!checkout.path("target").exists());
}

#[test]
fn a_checkout_with_a_missing_or_broken_exercise_file_scores_zero_for_it_alone() {
    let instructor = Workbook::new();
    let checkout = learner_checkout();
    std::fs::remove_file(checkout.path(&checkout.exercise_file("xor_all"))).unwrap();
    checkout.write(
        &checkout.exercise_file("grundy_table"),
        "pub fn grundy_table( {",
    );
    let (_, report) = graded(&instructor, &checkout);
    assert_eq!(report["status"], "fail");
    let index = |name: &str| manifest().index_of(name).unwrap();
    let scores = scores(&report);
    assert_eq!(scores[index("xor_all")], 0);
    assert_eq!(scores[index("is_losing_position")], 100);
    let tests = report["tests"].as_array().unwrap();
    let of = |exercise: &'static str| {
        tests.iter().filter(move |t| {
            t["name"]
                .as_str()
                .unwrap()
                .starts_with(&format!("{exercise}: "))
        })
    };
    for test in of("xor_all") {
        assert_eq!(test["status"], "error");
        assert!(
            test["message"].as_str().unwrap().contains("is missing"),
            "{test}"
        );
    }
    assert!(
        of("grundy_table").count() > 0,
        "an exercise that does not compile has its tests too"
    );
    for test in of("grundy_table") {
        assert_eq!(test["status"], "error");
        assert!(
            test["message"]
                .as_str()
                .unwrap()
                .contains("does not compile"),
            "{test}"
        );
    }
}

#[test]
fn a_checkout_made_before_the_folders_were_renamed_grades_the_same() {
    let instructor = Workbook::new();
    let checkout = learner_checkout();
    let (_, today) = graded(&instructor, &checkout);
    // The layout of the first sessions: six exercises in `exercises/NN_name/`, numbered
    // by their place in that course; the exercises added since did not exist.
    let first_course = [
        "xor_all",
        "is_losing_position",
        "apply_move",
        "nim_winning_move",
        "grundy_number",
        "grundy_table",
    ];
    for exercise in manifest().exercises {
        let from = checkout.path(&format!("exercises/{}", exercise.name));
        match first_course.iter().position(|&name| name == exercise.name) {
            Some(i) => std::fs::rename(
                &from,
                checkout.path(&format!("exercises/{:02}_{}", i + 1, exercise.name)),
            )
            .unwrap(),
            None => std::fs::remove_dir_all(&from).unwrap(),
        }
    }
    let (_, old_layout) = graded(&instructor, &checkout);
    let by_name = |report: &Value| -> Vec<(String, u64)> {
        report["exercises"]
            .as_array()
            .unwrap()
            .iter()
            .map(|e| {
                (
                    e["name"].as_str().unwrap().to_string(),
                    e["score"].as_u64().unwrap(),
                )
            })
            .collect()
    };
    for ((name, then), (_, now)) in by_name(&old_layout).into_iter().zip(by_name(&today)) {
        if first_course.contains(&name.as_str()) {
            assert_eq!(then, now, "{name} grades the same");
        } else {
            assert_eq!(then, 0, "{name} did not exist then");
        }
    }
    assert!(scores(&today).iter().any(|&score| score > 0));
}

/// Reads CSV as RFC 4180 writes it: quoted fields, doubled quotes, CRLF.
#[cfg(unix)]
fn parse_csv(text: &str) -> Vec<Vec<String>> {
    let (mut records, mut record, mut field) = (Vec::new(), Vec::new(), String::new());
    let mut chars = text.chars().peekable();
    let mut quoted = false;
    while let Some(c) = chars.next() {
        match (quoted, c) {
            (true, '"') if chars.peek() == Some(&'"') => {
                chars.next();
                field.push('"');
            }
            (true, '"') => quoted = false,
            (true, c) => field.push(c),
            (false, '"') => quoted = true,
            (false, ',') => record.push(std::mem::take(&mut field)),
            (false, '\r') => assert_eq!(chars.next(), Some('\n'), "CRLF"),
            (false, '\n') => panic!("a bare LF ends a record"),
            (false, c) => field.push(c),
        }
        if !quoted && c == '\r' {
            record.push(std::mem::take(&mut field));
            records.push(std::mem::take(&mut record));
        }
    }
    assert!(
        record.is_empty() && field.is_empty(),
        "the last record ends with CRLF"
    );
    records
}

/// Every file under `dir` with its size and modification time.
#[cfg(unix)]
fn listing(dir: &std::path::Path) -> Vec<(std::path::PathBuf, u64, std::time::SystemTime)> {
    walkdir::WalkDir::new(dir)
        .follow_links(false)
        .into_iter()
        .map(|entry| {
            let entry = entry.unwrap();
            let meta = entry.path().symlink_metadata().unwrap();
            (
                entry.path().to_path_buf(),
                meta.len(),
                meta.modified().unwrap(),
            )
        })
        .collect()
}

// Folder names that are not UTF-8, and a symbolic link: Unix's.
#[cfg(unix)]
#[test]
fn a_class_of_mixed_checkouts_gets_one_row_each_with_the_right_totals() {
    use std::ffi::OsStr;
    use std::os::unix::ffi::OsStrExt;

    let instructor = Workbook::new();
    let class = tempfile::tempdir().unwrap();
    let out = tempfile::tempdir().unwrap();
    let learner = |name: &OsStr, solved: &[&str]| {
        let checkout = Workbook::new();
        for exercise in solved {
            checkout.solve(exercise);
        }
        let to = class.path().join(name);
        common::copy_tree(checkout.root(), &to);
        to
    };
    let every: Vec<String> = manifest().exercises.into_iter().map(|e| e.name).collect();
    let every: Vec<&str> = every.iter().map(String::as_str).collect();
    let two = ["xor_all", "is_losing_position"];
    let complete = learner(OsStr::new("O\"Brien, Ann"), &every);
    // Half done, with a file that is not text.
    let half = learner(
        OsStr::new("half"),
        &["xor_all", "is_losing_position", "apply_move"],
    );
    std::fs::write(half.join("exercises/grundy_table/src/lib.rs"), [0xff, 0xfe]).unwrap();
    learner(OsStr::from_bytes(b"stub\xff"), &[]);
    // Its exercises are another learner's, through a link.
    let linked = learner(OsStr::new("linked"), &[]);
    std::fs::remove_dir_all(linked.join("exercises")).unwrap();
    std::os::unix::fs::symlink(complete.join("exercises"), linked.join("exercises")).unwrap();
    let notes = class.path().join("notes");
    std::fs::create_dir(&notes).unwrap();
    std::fs::write(notes.join("README.txt"), "not a checkout").unwrap();
    let tampered = learner(OsStr::new("tampered"), &two);
    std::fs::write(
        tampered.join("workbook.toml"),
        "[[exercise]]\nname = \"xor_all\"\nlesson = \"x.md\"\nhint = \"\"\npoints = 10000\n",
    )
    .unwrap();
    std::fs::write(tampered.join("Cargo.toml"), "[workspace]\nmembers = []\n").unwrap();
    std::fs::write(
        tampered.join(".xorlings-progress.toml"),
        format!("done = {every:?}\n"),
    )
    .unwrap();
    std::fs::create_dir_all(tampered.join("grader/src")).unwrap();
    std::fs::write(tampered.join("grader/src/main.rs"), "fn main() {}\n").unwrap();
    let old = learner(OsStr::new("old"), &two);
    for (i, exercise) in every.iter().enumerate() {
        std::fs::rename(
            old.join(format!("exercises/{exercise}")),
            old.join(format!("exercises/{:02}_{exercise}", i + 1)),
        )
        .unwrap();
    }
    std::fs::write(class.path().join("roster.txt"), "a plain file is nobody").unwrap();
    let before = listing(class.path());

    let run = instructor.grader(&[
        "verify",
        "--class",
        &class.path().display().to_string(),
        "--out",
        &out.path().display().to_string(),
    ]);
    // `notes` could not be graded; everyone else was.
    run.expect_code(1);
    let summary = out.path().join("summary.csv");
    run.stdout_has(&summary.display().to_string());
    assert_eq!(
        listing(class.path()),
        before,
        "nothing was written in the class folder"
    );

    let max = (100 * every.len()).to_string();
    let records = parse_csv(&std::fs::read_to_string(&summary).unwrap());
    let mut header = vec!["learner".to_string()];
    header.extend(every.iter().map(|e| e.to_string()));
    header.extend(["total", "max", "status"].map(String::from));
    assert_eq!(records[0], header);
    let rows: Vec<(&str, &str, &str)> = records[1..]
        .iter()
        .map(|r| {
            assert_eq!(r.len(), header.len(), "{r:?}");
            assert_eq!(r[every.len() + 2], max);
            (
                r[0].as_str(),
                r[every.len() + 1].as_str(),
                r[every.len() + 3].as_str(),
            )
        })
        .collect();
    let status_of = |name: &str| rows.iter().find(|r| r.0 == name).unwrap().2;
    assert_eq!(
        rows.iter().map(|r| (r.0, r.1)).collect::<Vec<_>>(),
        [
            ("O\"Brien, Ann", max.as_str()),
            ("half", "300"),
            ("linked", "0"),
            ("notes", ""),
            ("old", "200"),
            ("stub\\xff", "0"),
            ("tampered", "200"),
        ],
        "{rows:#?}"
    );
    for graded in ["O\"Brien, Ann", "old", "stub\\xff", "tampered"] {
        assert_eq!(status_of(graded), "graded");
    }
    assert_eq!(
        status_of("half"),
        "incomplete: not read: grundy_table (not UTF-8 text)"
    );
    assert!(
        status_of("linked").starts_with("incomplete: not read: xor_all, is_losing_position")
            && status_of("linked").ends_with("(a symbolic link, or sits in a folder that is one)"),
        "{}",
        status_of("linked")
    );
    assert_eq!(
        status_of("notes"),
        "not graded: not a checkout: it has no exercises folder"
    );

    // Each graded learner has both reports, named byte for byte after the folder.
    for name in [
        OsStr::new("O\"Brien, Ann"),
        OsStr::from_bytes(b"stub\xff"),
        OsStr::new("half"),
    ] {
        let mut json = name.to_os_string();
        json.push(".json");
        let report = valid_report(&std::fs::read_to_string(out.path().join(json)).unwrap());
        assert_eq!(report["max_score"], max.parse::<u64>().unwrap());
        let mut text = name.to_os_string();
        text.push(".txt");
        let text = std::fs::read_to_string(out.path().join(text)).unwrap();
        assert!(text.contains("exercises pass. Score:"), "{text}");
    }
    assert!(out.path().join("notes.txt").is_file());
    assert!(!out.path().join("roster.txt.json").exists());
}
