//! Grading for instructors: reports held to Exercism's rules and our schema, a learner's
//! checkout graded whole (tampered with, broken or old), a class, and the secret seed.

use crate::common;
use crate::common::{Workbook, exercism_rules, manifest, repo_root, schema, valid_report};
use serde_json::{Value, json};

/// The guide's page on grading a checkout or a class, whose CI recipe the tests run.
const GRADING_PAGE: &str = "docs/guide/grading.md";

/// Every exercise solved, `verify` passes whole, and exits 0.
#[test]
fn verify_passes_a_workbook_with_every_exercise_solved() {
    let workbook = Workbook::new();
    let exercises = manifest().exercises;
    for exercise in &exercises {
        workbook.solve(&exercise.name);
    }
    workbook
        .grader(&["verify"])
        .expect_code(0)
        .stdout_has(&format!("{0} of {0} exercises pass", exercises.len()));
}

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

/// A learner's checkout with two exercises solved and a third half right.
fn learner_checkout() -> Workbook {
    let checkout = Workbook::as_pushed();
    checkout.solve("xor_all");
    checkout.solve("is_losing_position");
    checkout.write(
        &checkout.exercise_file("grundy_number"),
        "pub fn grundy_number(n: usize, moves: &[usize]) -> usize {\n    if moves.is_empty() { 0 } else { n % (moves.len() + 1) }\n}\n",
    );
    checkout
}

/// The checkout graded with the instructor's grader and hidden tests, by the command of
/// the guide's CI recipe (docs/guide/grading.md).
fn graded(instructor: &Workbook, checkout: &Workbook) -> (i32, Value) {
    let guide = std::fs::read_to_string(repo_root().join(GRADING_PAGE)).unwrap();
    let recipe = guide
        .lines()
        .find(|line| line.starts_with("cargo grader verify --workbook"))
        .expect("the guide's grading page has a CI recipe");
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

    let run = instructor.verify_class(class.path(), out.path(), &[]);
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

/// The instructor's seed in the tests: 19 digits, which no report shows by chance.
const SECRET_SEED: u64 = 9_876_543_210_123_456_789;

/// The fingerprint of `seed` as coreutils computes it, not as the grader does.
fn fingerprint(seed: u64) -> String {
    let output = std::process::Command::new("sh")
        .args(["-c", "printf 'xorlings seed %s' \"$1\" | sha1sum", "sh"])
        .arg(seed.to_string())
        .output()
        .unwrap();
    assert!(output.status.success(), "{output:?}");
    String::from_utf8(output.stdout).unwrap()[..8].to_string()
}

/// A class folder of checkouts, one per `(name, exercises solved)`.
fn class_of(learners: &[(&std::ffi::OsStr, &[&str])]) -> tempfile::TempDir {
    let class = tempfile::tempdir().unwrap();
    for (name, solved) in learners {
        let checkout = Workbook::new();
        for exercise in *solved {
            checkout.solve(exercise);
        }
        common::copy_tree(checkout.root(), &class.path().join(name));
    }
    class
}

/// Runs the grader in `workbook` with `XORLINGS_SEED` set to `seed`.
fn grader_with_seed_variable(workbook: &Workbook, seed: &str, args: &[&str]) -> common::Run {
    std::process::Command::new(common::GRADER)
        .args(args)
        .current_dir(workbook.root())
        .env("NO_COLOR", "1")
        .env("XORLINGS_SEED", seed)
        .output()
        .unwrap()
        .into()
}

#[test]
fn a_secret_seed_stays_with_the_instructor_and_the_reports_carry_its_fingerprint() {
    use std::ffi::OsStr;
    let instructor = Workbook::new();
    let class = class_of(&[(OsStr::new("ada"), &["xor_all"]), (OsStr::new("bob"), &[])]);
    let out = tempfile::tempdir().unwrap();
    let secrets = tempfile::tempdir().unwrap();
    let seed_file = secrets.path().join("seed");
    std::fs::write(&seed_file, format!("{SECRET_SEED}\n")).unwrap();
    let run = instructor.verify_class(
        class.path(),
        out.path(),
        &["--seed-file", &seed_file.display().to_string()],
    );
    run.expect_code(0);
    let expected = fingerprint(SECRET_SEED);
    // The instructor's own output names the seed, and its fingerprint.
    run.stdout_has(&format!(
        "seed {SECRET_SEED} (fingerprint {expected} in the reports)"
    ));
    run.stderr_has(&SECRET_SEED.to_string());

    // No file the learners get has the seed, in decimal or in hex.
    let (decimal, hex) = (SECRET_SEED.to_string(), format!("{SECRET_SEED:x}"));
    let mut files = 0;
    for entry in std::fs::read_dir(out.path()).unwrap() {
        let path = entry.unwrap().path();
        let text = std::fs::read_to_string(&path).unwrap();
        assert!(
            !text.contains(&decimal) && !text.to_lowercase().contains(&hex),
            "{} has the seed:\n{text}",
            path.display()
        );
        files += 1;
    }
    assert_eq!(files, 5, "two reports for each learner and the summary");
    for learner in ["ada", "bob"] {
        let json = std::fs::read_to_string(out.path().join(format!("{learner}.json"))).unwrap();
        let report = valid_report(&json);
        assert_eq!(report["seed_fingerprint"], expected.as_str(), "{learner}");
        assert!(report.get("seed").is_none(), "{learner}: {report}");
        let text = std::fs::read_to_string(out.path().join(format!("{learner}.txt"))).unwrap();
        assert!(
            text.contains(&format!("seed fingerprint {expected})")),
            "{text}"
        );
    }
}

#[test]
fn a_checkouts_report_names_a_seed_from_the_variable_or_random_by_its_fingerprint_only() {
    let instructor = Workbook::new();
    let checkout = learner_checkout();
    let root = checkout.root().display().to_string();
    let args = ["verify", "--workbook", &root, "--format", "json"];
    let run = grader_with_seed_variable(&instructor, &SECRET_SEED.to_string(), &args);
    run.expect_code(1);
    assert!(
        !run.stdout.contains(&SECRET_SEED.to_string()),
        "{}",
        run.stdout
    );
    let report = valid_report(&run.stdout);
    assert_eq!(
        report["seed_fingerprint"],
        fingerprint(SECRET_SEED).as_str()
    );
    run.stderr_has(&format!("grading with seed {SECRET_SEED} "));

    // A random seed is told on stderr alone, and the report's fingerprint is its own.
    let mut with_random = args.to_vec();
    with_random.extend(["--seed", "random"]);
    let run = instructor.grader(&with_random);
    run.expect_code(1);
    let seed: u64 = run
        .stderr
        .split("grading with seed ")
        .nth(1)
        .and_then(|rest| rest.split_whitespace().next())
        .and_then(|number| number.parse().ok())
        .unwrap_or_else(|| panic!("stderr names no seed: {}", run.stderr));
    assert!(!run.stdout.contains(&seed.to_string()));
    let report = valid_report(&run.stdout);
    assert_eq!(report["seed_fingerprint"], fingerprint(seed).as_str());

    // A seed anyone could try is named, and the instructor warned.
    let run = grader_with_seed_variable(&instructor, "2025", &args);
    run.stderr_has("warning: a seed of fewer than 15 digits");
    assert!(!run.stdout.contains("2025\n"));
    assert_eq!(
        valid_report(&run.stdout)["seed_fingerprint"],
        fingerprint(2025).as_str()
    );
}

#[test]
fn folder_names_that_a_spreadsheet_would_run_are_defused_and_shown_on_one_line() {
    use std::ffi::OsStr;
    let instructor = Workbook::new();
    let hyperlink = "=HYPERLINK(\"https:evil.example\",\"click\")";
    // As OWASP's example, but for its `/`, which no folder name can have.
    let command = "+cmd|' -C calc'!A0";
    let broken = "two\nlines";
    let class = class_of(&[
        (OsStr::new(hyperlink), &["xor_all"]),
        (OsStr::new(command), &[]),
        (OsStr::new("@SUM(A1)"), &[]),
        (OsStr::new(broken), &[]),
    ]);
    let out = tempfile::tempdir().unwrap();
    let run = instructor.verify_class(class.path(), out.path(), &[]);
    run.expect_code(0);
    let summary = std::fs::read_to_string(out.path().join("summary.csv")).unwrap();
    // Quoted, with a `'` in front: a spreadsheet shows the cell as text.
    for written in [
        "\r\n\"'=HYPERLINK(\"\"https:evil.example\"\",\"\"click\"\")\",",
        "\r\n\"'+cmd|' -C calc'!A0\",",
        "\r\n\"'@SUM(A1)\",",
        "\r\n\"two\nlines\",",
    ] {
        assert!(summary.contains(written), "{written:?} in:\n{summary}");
    }
    // And the file is still RFC 4180: every record has every column.
    let records = parse_csv(&summary);
    assert_eq!(records.len(), 5);
    assert!(records.iter().all(|r| r.len() == records[0].len()));
    let names: Vec<&str> = records[1..].iter().map(|r| r[0].as_str()).collect();
    assert!(names.contains(&"'=HYPERLINK(\"https:evil.example\",\"click\")"));
    assert!(names.contains(&broken), "{names:?}");

    // The printed table keeps each learner on one line.
    assert!(run.stdout.contains("two␊lines"), "{}", run.stdout);
    assert!(
        !run.stdout.lines().any(|line| line.starts_with("lines")),
        "{}",
        run.stdout
    );
    let text = std::fs::read_to_string(out.path().join(format!("{broken}.txt"))).unwrap();
    assert!(text.starts_with("Learner: two␊lines\n"), "{text}");
}
