//! The learner edition (`dev release`), written from a copy of the workbook without git:
//! no solutions in plain sight, a workspace that builds, every command working, the
//! reference offered once an exercise passes, and `cargo test` green.

use crate::common;

use std::io::{BufRead, BufReader, Write};
use std::process::{Command, Stdio};

use common::{GRADER, cargo_in, manifest, repo_root, whole_workbook};

#[test]
fn the_learner_edition_hides_the_solutions_builds_works_and_offers_the_reference_after_a_pass() {
    let instructor = whole_workbook();
    let edition = tempfile::tempdir().unwrap();
    let out = edition.path().join("xorlings");
    let run = Command::new(GRADER)
        .args(["dev", "release"])
        .arg(&out)
        .current_dir(instructor.path())
        .output()
        .unwrap();
    common::Run::from(run)
        .expect_code(0)
        .stdout_has("no solutions in plain sight");

    // Nothing of the instructor's in plain sight.
    for gone in ["solutions", "grader/tests", "scripts", ".ci"] {
        assert!(!out.join(gone).exists(), "{gone} is in the learner edition");
    }
    let files: Vec<String> = walkdir::WalkDir::new(&out)
        .into_iter()
        .flatten()
        .map(|e| e.path().display().to_string())
        .collect();
    assert!(
        !files.iter().any(|f| f.contains("/recorded/")),
        "recorded solutions leaked"
    );
    let root = repo_root();
    for exercise in manifest().exercises {
        let stub = std::fs::read_to_string(root.join(exercise.stub())).unwrap();
        assert_eq!(
            std::fs::read_to_string(out.join(exercise.file())).unwrap(),
            stub
        );
        let packed =
            std::fs::read_to_string(out.join(format!("grader/reference/{}.txt", exercise.name)))
                .unwrap();
        let solution = std::fs::read_to_string(root.join(exercise.solution())).unwrap();
        let first_line = solution.lines().find(|l| l.contains("fn ")).unwrap();
        assert!(
            !packed.contains(first_line.trim()),
            "{} is readable",
            exercise.name
        );
        let lesson = std::fs::read_to_string(out.join(&exercise.lesson)).unwrap();
        assert!(
            !lesson.contains("solutions/"),
            "{} names a file it lacks",
            exercise.lesson
        );
    }
    // The learner's pages name nothing the edition lacks, and every link leads somewhere.
    assert!(!out.join("docs/guide").exists() && !out.join("docs/contributing.md").exists());
    for page in common::docs::pages(&out) {
        let text = std::fs::read_to_string(out.join(&page)).unwrap();
        for lacking in ["solutions/", "scripts/", "grader/tests", "docs/guide"] {
            assert!(
                !text.contains(lacking),
                "{} names {lacking}, which the edition lacks",
                page.display()
            );
        }
    }
    let broken = common::docs::broken_links(&out);
    assert!(broken.is_empty(), "the edition's broken links: {broken:?}");

    // The workspace builds and every command works.
    cargo_in("learner-edition", &out, &["build", "-q", "-p", "grader"]).expect_code(0);
    let grader = |args: &[&str]| {
        let mut all = vec!["run", "-q", "-p", "grader", "--"];
        all.extend(args);
        cargo_in("learner-edition", &out, &all)
    };
    let list = grader(&["list"]);
    list.expect_code(0);
    for exercise in manifest().exercises {
        list.stdout_has(&exercise.name);
    }
    grader(&["hint", "xor_all"]).expect_code(0);
    grader(&["lesson", "xor_all"])
        .expect_code(0)
        .stdout_has("nim-sum");
    grader(&["run", "xor_all"])
        .expect_code(1)
        .stdout_has("todo!()");

    // After a pass, the reference appears, to compare with.
    let xor_all = manifest()
        .exercises
        .into_iter()
        .find(|e| e.name == "xor_all")
        .unwrap();
    let reference = std::fs::read_to_string(root.join(xor_all.solution())).unwrap();
    assert!(!out.join(xor_all.solution()).exists());
    std::fs::write(out.join(xor_all.file()), &reference).unwrap();
    grader(&["run", "xor_all"])
        .expect_code(0)
        .stdout_has("Compare with the reference solution: solutions/xor_all/src/lib.rs");
    assert_eq!(
        std::fs::read_to_string(out.join(xor_all.solution())).unwrap(),
        reference
    );

    // Watch starts and grades the current exercise.
    let binary = repo_root().join("target/workbook-copies/learner-edition/debug/grader");
    let mut watch = Command::new(binary)
        .arg("watch")
        .current_dir(&out)
        .env("NO_COLOR", "1")
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .unwrap();
    let mut lines = BufReader::new(watch.stdout.take().unwrap()).lines();
    assert!(
        lines
            .by_ref()
            .map_while(Result::ok)
            .any(|line| line.contains("hidden case")),
        "watch showed no verdict"
    );
    writeln!(watch.stdin.as_mut().unwrap(), "q").unwrap();
    assert!(watch.wait().unwrap().success());

    // The learner edition's own tests pass.
    cargo_in("learner-edition", &out, &["test", "-q"]).expect_code(0);
}
