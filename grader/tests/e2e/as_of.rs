//! `--as-of`: grading each checkout as its git repository was at a deadline, without
//! running anything of the learner's: their repository sets an fsmonitor, filters, a
//! textconv, a pager and hooks to a script that leaves a marker file, which must never
//! appear.
// The learner's hooks and filters are shell scripts, as on Unix.
#![cfg(unix)]

use crate::common;

use std::os::unix::fs::PermissionsExt;
use std::path::{Path, PathBuf};
use std::process::Command;

use common::{Workbook, copy_tree, valid_report};

const FIRST: &str = "2025-01-10T12:00:00+00:00";
const SECOND: &str = "2025-02-10T12:00:00+00:00";

/// git as the test (not the grader) runs it, with our own identity and dates.
fn git(repo: &Path, args: &[&str], date: &str) -> String {
    let output = Command::new("git")
        .args([
            "-c",
            "user.name=Learner",
            "-c",
            "user.email=learner@example.com",
        ])
        .args([
            "-c",
            "commit.gpgsign=false",
            "-c",
            "init.defaultBranch=main",
        ])
        .args(args)
        .current_dir(repo)
        .env("GIT_CONFIG_NOSYSTEM", "1")
        .env("GIT_CONFIG_GLOBAL", "/dev/null")
        .env("GIT_AUTHOR_DATE", date)
        .env("GIT_COMMITTER_DATE", date)
        .output()
        .unwrap();
    assert!(output.status.success(), "git {args:?}: {output:?}");
    String::from_utf8(output.stdout).unwrap()
}

/// A learner's repository: xor_all solved in the first commit, is_losing_position in
/// the second, apply_move solved but never committed. Then its configuration is armed:
/// every program it names writes `marker`.
struct Learner {
    workbook: Workbook,
    _trap: tempfile::TempDir,
    marker: PathBuf,
    first: String,
}

impl Learner {
    fn new() -> Learner {
        let workbook = Workbook::new();
        let root = workbook.root().to_path_buf();
        workbook.write(".gitattributes", "*.rs filter=x diff=x\n");
        workbook.solve("xor_all");
        git(&root, &["init", "-q"], FIRST);
        git(&root, &["add", "-A"], FIRST);
        git(&root, &["commit", "-qm", "xor_all"], FIRST);
        let first = git(&root, &["rev-parse", "HEAD"], FIRST).trim().to_string();
        git(&root, &["tag", "week1"], FIRST);
        workbook.solve("is_losing_position");
        git(&root, &["commit", "-qam", "is_losing_position"], SECOND);
        workbook.solve("apply_move");

        // The script and its marker live outside the repository, so that the armed
        // `.git` can move into a class folder.
        let trap = tempfile::tempdir().unwrap();
        let marker = trap.path().join("marker");
        let script = trap.path().join("evil.sh");
        std::fs::write(
            &script,
            format!("#!/bin/sh\ntouch '{}'\ncat\n", marker.display()),
        )
        .unwrap();
        std::fs::set_permissions(&script, std::fs::Permissions::from_mode(0o755)).unwrap();
        let script = script.display().to_string();
        for (key, value) in [
            ("core.fsmonitor", script.as_str()),
            ("core.pager", &script),
            ("core.hooksPath", ".git/hooks"),
            ("filter.x.smudge", &script),
            ("filter.x.clean", &script),
            ("filter.x.process", &script),
            ("diff.x.textconv", &script),
            ("diff.external", &script),
        ] {
            git(&root, &["config", key, value], FIRST);
        }
        std::fs::create_dir_all(root.join(".git/hooks")).unwrap();
        for hook in ["post-checkout", "pre-auto-gc", "reference-transaction"] {
            std::fs::copy(
                trap.path().join("evil.sh"),
                root.join(".git/hooks").join(hook),
            )
            .unwrap();
        }
        Learner {
            workbook,
            _trap: trap,
            marker,
            first,
        }
    }

    fn armed(&self) -> bool {
        self.marker.exists()
    }
}

fn score_as_of(
    instructor: &Workbook,
    learner: &Learner,
    as_of: &str,
) -> (i32, Option<u64>, String) {
    score_of(instructor, learner.workbook.root(), as_of)
}

/// The score of the checkout at `root` as of `as_of`, with `verify --workbook --format
/// json`: the exit code, the score (unless it could not be graded), and stderr.
fn score_of(instructor: &Workbook, root: &Path, as_of: &str) -> (i32, Option<u64>, String) {
    let root = root.display().to_string();
    let run = instructor.grader(&[
        "verify",
        "--workbook",
        &root,
        "--as-of",
        as_of,
        "--format",
        "json",
    ]);
    let score = (run.code != 2).then(|| valid_report(&run.stdout)["score"].as_u64().unwrap());
    (run.code, score, run.stderr)
}

#[test]
fn the_trap_is_real_a_plain_git_status_springs_it() {
    let learner = Learner::new();
    assert!(!learner.armed());
    git(learner.workbook.root(), &["status"], FIRST);
    assert!(
        learner.armed(),
        "the fsmonitor of the learner's repository ran"
    );
}

#[test]
fn a_checkout_is_graded_at_its_last_commit_before_the_deadline_running_nothing_of_its_own() {
    let instructor = Workbook::new();
    let learner = Learner::new();

    let (code, score, _) = score_as_of(&instructor, &learner, "2025-01-31");
    assert_eq!(
        (code, score),
        (1, Some(100)),
        "only xor_all was committed by then"
    );
    let (_, score, _) = score_as_of(&instructor, &learner, "2025-03-01 00:00 +0000");
    assert_eq!(score, Some(200), "apply_move was never committed");
    let (_, score, _) = score_as_of(&instructor, &learner, "week1");
    assert_eq!(score, Some(100), "a tag names the commit");
    let (code, _, stderr) = score_as_of(&instructor, &learner, "2025-01-01");
    assert_eq!(code, 2);
    assert!(stderr.contains("no commit as of 2025-01-01"), "{stderr}");
    assert!(
        !learner.armed(),
        "git ran a program of the learner's repository"
    );
}

#[test]
fn a_class_as_of_a_deadline_has_a_row_for_every_kind_of_repository() {
    let instructor = Workbook::new();
    let learner = Learner::new();
    let class = tempfile::tempdir().unwrap();
    let out = tempfile::tempdir().unwrap();
    // The learner's repository itself (its .git folder too), one without git, and one
    // whose only commit is after the deadline.
    copy_tree(learner.workbook.root(), &class.path().join("ada"));
    std::fs::rename(
        learner.workbook.root().join(".git"),
        class.path().join("ada/.git"),
    )
    .unwrap();
    copy_tree(Workbook::new().root(), &class.path().join("bob"));
    let late = class.path().join("cy");
    copy_tree(Workbook::new().root(), &late);
    git(&late, &["init", "-q"], SECOND);
    git(&late, &["add", "-A"], SECOND);
    git(&late, &["commit", "-qm", "late"], SECOND);

    let run = instructor.verify_class(
        class.path(),
        out.path(),
        &["--as-of", "2025-01-31T23:59:59Z"],
    );
    run.expect_code(1);
    let summary = std::fs::read_to_string(out.path().join("summary.csv")).unwrap();
    let lines: Vec<&str> = summary.lines().collect();
    assert!(lines[0].ends_with(",total,max,status,commit"), "{summary}");
    // Only xor_all (the course's first exercise) was committed by the deadline.
    let exercises = common::manifest().exercises.len();
    let max = 100 * exercises;
    let others = ",0".repeat(exercises - 1);
    assert_eq!(
        lines[1],
        format!("ada,100{others},100,{max},graded,{}", learner.first)
    );
    let no_scores = ",".repeat(exercises + 2);
    assert!(
        lines[2].starts_with(&format!(
            "bob{no_scores}{max},not graded: not a git repository"
        )),
        "{summary}"
    );
    assert!(
        lines[3].starts_with(&format!("cy{no_scores}{max},not graded: no commit as of")),
        "{summary}"
    );
    let text = std::fs::read_to_string(out.path().join("ada.txt")).unwrap();
    assert!(text.contains(&learner.first), "{text}");
    assert!(text.contains("2025-01-10T12:00:00"), "{text}");
    assert!(
        !learner.armed(),
        "git ran a program of the learner's repository"
    );
}

/// A learner's repository whose first commit (dated FIRST) has only stubs, and whose
/// second (dated SECOND) has xor_all solved: the workbook, and both commits' ids.
fn stub_then_solved() -> (Workbook, String, String) {
    let workbook = Workbook::new();
    let root = workbook.root().to_path_buf();
    git(&root, &["init", "-q"], FIRST);
    git(&root, &["add", "-A"], FIRST);
    git(&root, &["commit", "-qm", "stubs"], FIRST);
    let stubs = git(&root, &["rev-parse", "HEAD"], FIRST).trim().to_string();
    workbook.solve("xor_all");
    git(&root, &["commit", "-qam", "xor_all"], SECOND);
    let solved = git(&root, &["rev-parse", "HEAD"], SECOND)
        .trim()
        .to_string();
    (workbook, stubs, solved)
}

/// The text of xor_all's file in `commit`, as plain git shows it.
fn xor_all_in(workbook: &Workbook, commit: &str) -> String {
    let path = format!("{commit}:{}", workbook.exercise_file("xor_all"));
    git(workbook.root(), &["cat-file", "blob", &path], FIRST)
}

#[test]
fn a_replace_ref_does_not_hand_a_commit_another_commits_files() {
    let instructor = Workbook::new();
    let (learner, stubs, solved) = stub_then_solved();
    assert_eq!(score_of(&instructor, learner.root(), &solved).1, Some(100));
    git(learner.root(), &["replace", &stubs, &solved], FIRST);
    let solution = learner.read(&learner.exercise_file("xor_all"));
    assert_eq!(
        xor_all_in(&learner, &stubs),
        solution,
        "the trap is real: plain git shows the solved file at the stubs' commit"
    );
    let (code, score, stderr) = score_of(&instructor, learner.root(), &stubs);
    assert_eq!((code, score), (1, Some(0)), "{stderr}");
}

#[test]
fn a_graft_does_not_give_the_history_another_parent() {
    let instructor = Workbook::new();
    let (learner, stubs, solved) = stub_then_solved();
    // A parentless commit with the solved file, dated before the deadline, grafted in
    // as the solved commit's parent instead of the stubs'.
    let tree = git(
        learner.root(),
        &["rev-parse", &format!("{solved}^{{tree}}")],
        FIRST,
    );
    let early = "2025-01-20T12:00:00+00:00";
    let forged = git(
        learner.root(),
        &["commit-tree", "-m", "backdated", tree.trim()],
        early,
    );
    let grafts = format!("{solved} {}\n", forged.trim());
    learner.write(".git/info/grafts", &grafts);
    let deadline = "2025-01-31";
    let picked = git(
        learner.root(),
        &["rev-list", "-1", &format!("--before={deadline}"), "HEAD"],
        FIRST,
    );
    assert_eq!(
        picked.trim(),
        forged.trim(),
        "the trap is real: plain git walks the grafted history"
    );
    let (code, score, stderr) = score_of(&instructor, learner.root(), deadline);
    assert_eq!((code, score), (1, Some(0)), "{stderr}");

    // In a class, the row names the real commit.
    let class = tempfile::tempdir().unwrap();
    let out = tempfile::tempdir().unwrap();
    let ada = class.path().join("ada");
    copy_tree(learner.root(), &ada);
    std::fs::rename(learner.root().join(".git"), ada.join(".git")).unwrap();
    instructor
        .verify_class(class.path(), out.path(), &["--as-of", deadline])
        .expect_code(0);
    let summary = std::fs::read_to_string(out.path().join("summary.csv")).unwrap();
    assert!(
        summary.contains(&format!(",graded,{stubs}\r\n")),
        "{summary}"
    );
}

/// A repository holding the solved file, and a learner's clone of it that keeps no
/// object of its own: git finds them all through `objects/info/alternates`.
fn borrowing_objects() -> (Workbook, Workbook) {
    let (solved, _, _) = stub_then_solved();
    let learner = Workbook::new();
    std::fs::remove_dir_all(learner.root()).unwrap();
    let (from, to) = (solved.root().display(), learner.root().display());
    git(
        solved.root(),
        &[
            "clone",
            "-q",
            "--shared",
            &from.to_string(),
            &to.to_string(),
        ],
        FIRST,
    );
    assert!(learner.path(".git/objects/info/alternates").is_file());
    (solved, learner)
}

#[test]
fn a_repository_that_reads_another_ones_objects_is_not_graded() {
    let instructor = Workbook::new();
    let (_solved, learner) = borrowing_objects();
    let (code, score, stderr) = score_of(&instructor, learner.root(), "2025-03-01");
    assert_eq!((code, score), (2, None), "{stderr}");
    assert!(
        stderr.contains(".git/objects/info/alternates makes git read another repository's"),
        "{stderr}"
    );

    // Without the file, the same objects named in the grader's environment stay out of
    // git's reach: the commit's objects are missing.
    let alternates = learner.read(".git/objects/info/alternates");
    std::fs::remove_file(learner.path(".git/objects/info/alternates")).unwrap();
    let output = Command::new(common::GRADER)
        .args([
            "verify",
            "--workbook",
            &learner.root().display().to_string(),
        ])
        .args(["--as-of", "2025-03-01", "--format", "json"])
        .current_dir(instructor.root())
        .env("NO_COLOR", "1")
        .env_remove("XORLINGS_SEED")
        .env("GIT_ALTERNATE_OBJECT_DIRECTORIES", alternates.trim())
        .output()
        .unwrap();
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert_eq!(output.status.code(), Some(2), "{stderr}");
    assert!(stderr.contains("cannot grade"), "{stderr}");
}

#[test]
fn an_object_file_edited_to_hold_other_content_is_caught() {
    let instructor = Workbook::new();
    let (learner, stubs, _) = stub_then_solved();
    let root = learner.root();
    let file = learner.exercise_file("xor_all");
    let stub_blob = git(root, &["rev-parse", &format!("{stubs}:{file}")], FIRST);
    let solved_blob = git(root, &["hash-object", "-w", &file], FIRST);
    let object = |id: &str| {
        root.join(".git/objects")
            .join(&id[..2])
            .join(id[2..].trim())
    };
    let stub_object = object(&stub_blob);
    std::fs::set_permissions(&stub_object, std::fs::Permissions::from_mode(0o644)).unwrap();
    std::fs::copy(object(&solved_blob), &stub_object).unwrap();
    assert_eq!(
        xor_all_in(&learner, &stubs),
        learner.read(&file),
        "the trap is real: plain git reads the solved file under the stub's id"
    );
    let (code, score, stderr) = score_of(&instructor, root, &stubs);
    assert_eq!((code, score), (2, None), "{stderr}");
    assert!(stderr.contains("git fsck: "), "{stderr}");
    assert!(stderr.contains("grade a fresh clone"), "{stderr}");
}
