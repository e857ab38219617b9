//! The maintainers' CI (`.github/workflows/ci.yml`): the test suite and a grading smoke
//! test on Linux, macOS and Windows, as rustlings' CI does, and the workspace
//! type-checked for macOS and Windows targets; and the sandbox's attacks on macOS and
//! Windows (`.github/workflows/sandbox.yml`). The smoke test's own script is run end to
//! end, in `tests/e2e/smoke_script.rs`.

use crate::common::ci::{
    CROSS_TARGETS, SANDBOX_WORKFLOW, SMOKE_RUN, SYSTEMS, job_with_matrix, position, script, smoke,
    steps, strings, uses, workflow, workflow_at,
};

#[test]
fn ci_runs_on_every_push_and_pull_request() {
    let workflow = workflow();
    let on = &workflow["on"];
    for event in ["push", "pull_request"] {
        assert!(
            !on[event].is_badvalue() || strings(on).contains(&event),
            "the workflow runs on {event}"
        );
    }
}

#[test]
fn the_tests_run_on_linux_macos_and_windows() {
    let workflow = workflow();
    let job = job_with_matrix(&workflow, "os");
    let mut systems = strings(&job["strategy"]["matrix"]["os"]);
    systems.sort_unstable();
    let mut wanted = SYSTEMS.to_vec();
    wanted.sort_unstable();
    assert_eq!(systems, wanted, "the matrix is the three systems");
    assert_eq!(job["runs-on"].as_str(), Some("${{ matrix.os }}"));
    assert_eq!(
        job["strategy"]["fail-fast"].as_bool(),
        Some(false),
        "one system's failure does not hide the others'"
    );

    let steps = steps(job);
    let checkout = position(steps, "checks out", |s| {
        uses(s).starts_with("actions/checkout@")
    });
    let toolchain = position(steps, "installs stable Rust", |s| {
        uses(s) == "dtolnay/rust-toolchain@stable"
    });
    let cache = position(steps, "caches", |s| uses(s) == "Swatinem/rust-cache@v2");
    let tests = position(steps, "runs cargo test", |s| {
        script(s).lines().any(|line| line.trim() == "cargo test")
    });
    assert!(checkout < toolchain && toolchain < cache && cache < tests);
}

#[test]
fn the_end_to_end_tier_runs_on_linux_with_what_it_needs() {
    let workflow = workflow();
    let jobs = workflow["jobs"].as_hash().expect("jobs");
    let job = jobs
        .values()
        .find(|job| {
            steps(job)
                .iter()
                .any(|s| script(s).lines().any(|line| line.trim() == "cargo e2e"))
        })
        .expect("a job runs cargo e2e");
    assert_eq!(job["runs-on"].as_str(), Some("ubuntu-latest"));
    let steps = steps(job);
    let e2e = position(steps, "runs cargo e2e", |s| {
        script(s).lines().any(|line| line.trim() == "cargo e2e")
    });
    let tools = position(steps, "installs tmux and Chromium", |s| {
        let script = script(s);
        script.contains("apt-get install") && script.contains("tmux") && script.contains("chromium")
    });
    let playwright = position(steps, "installs playwright-core", |s| {
        script(s).contains("npm ci") && s["working-directory"].as_str() == Some("scripts/browser")
    });
    assert!(
        tools < e2e && playwright < e2e,
        "the tools are there before the tests"
    );
}

#[test]
fn the_smoke_test_grades_a_reference_a_stub_and_an_endless_loop() {
    let workflow = workflow();
    let (job, script) = smoke(&workflow);
    assert_eq!(
        job["defaults"]["run"]["shell"].as_str(),
        Some("bash"),
        "bash, on the three systems (Git Bash on Windows)"
    );
    let runs = script.matches(SMOKE_RUN).count();
    assert_eq!(runs, 3, "three gradings: reference, stub, endless loop");
    let reference = script
        .find("cp solutions/xor_all/src/lib.rs exercises/xor_all/src/lib.rs")
        .or_else(|| script.find("cp solutions/xor_all/src/lib.rs \"$exercise\""))
        .expect("the reference solution is copied over the exercise");
    let stub = script
        .find("cp grader/stubs/xor_all.rs")
        .expect("the stub is put back");
    let endless = script.find("loop {").expect("an endless loop is written");
    assert!(reference < stub && stub < endless, "in that order");
    assert!(
        script.contains("time limit"),
        "the loop's verdict is checked"
    );
    assert!(script.contains("set -euo pipefail"));
    // After the test suite: a grading failure then points at the binary, not the tests.
    let steps = steps(job);
    let tests = position(steps, "runs cargo test", |s| {
        self::script(s)
            .lines()
            .any(|line| line.trim() == "cargo test")
    });
    let smoke = position(steps, "runs the smoke test", |s| {
        self::script(s).contains(SMOKE_RUN)
    });
    assert!(tests < smoke);
    assert!(
        steps[smoke]["timeout-minutes"].as_i64().is_some(),
        "a hang cannot hold the runner for the job's whole time"
    );
}

#[test]
fn macos_and_windows_targets_are_type_checked_on_linux() {
    let workflow = workflow();
    let job = job_with_matrix(&workflow, "target");
    let targets = strings(&job["strategy"]["matrix"]["target"]);
    for target in CROSS_TARGETS {
        assert!(
            targets.contains(&target),
            "{target} is checked: {targets:?}"
        );
    }
    assert_eq!(job["runs-on"].as_str(), Some("ubuntu-latest"));
    let steps = steps(job);
    let toolchain = position(steps, "installs the target's std", |s| {
        uses(s) == "dtolnay/rust-toolchain@stable"
            && s["with"]["targets"].as_str() == Some("${{ matrix.target }}")
    });
    let check = position(steps, "type-checks the workspace", |s| {
        let script = script(s);
        script.contains("cargo check")
            && script.contains("--workspace")
            && script.contains("--all-targets")
            && script.contains("--target ${{ matrix.target }}")
    });
    assert!(toolchain < check);
    assert_eq!(
        steps[check]["env"]["RUSTFLAGS"].as_str(),
        Some("-D warnings"),
        "warnings are denied"
    );
}

#[test]
fn the_sandbox_is_attacked_on_macos_and_windows_and_doctor_checked_there() {
    let workflow = workflow_at(SANDBOX_WORKFLOW);
    for event in ["push", "pull_request"] {
        assert!(!workflow["on"][event].is_badvalue(), "it runs on {event}");
    }
    let job = job_with_matrix(&workflow, "os");
    assert_eq!(
        strings(&job["strategy"]["matrix"]["os"]),
        ["macos-latest", "windows-latest"]
    );
    assert_eq!(job["runs-on"].as_str(), Some("${{ matrix.os }}"));
    assert_eq!(job["strategy"]["fail-fast"].as_bool(), Some(false));
    let steps = steps(job);
    let toolchain = position(steps, "installs stable Rust", |s| {
        uses(s) == "dtolnay/rust-toolchain@stable"
    });
    let attacks = position(steps, "runs the sandbox's tests", |s| {
        script(s)
            .lines()
            .any(|line| line.trim() == "cargo test --package xorlings-sandbox")
    });
    let doctor = position(steps, "checks doctor's layers", |s| {
        let script = script(s);
        script.contains("cargo grader doctor") && script.contains("network: not confined")
    });
    assert!(toolchain < attacks && attacks < doctor);
    // Nothing but the network may be reported unenforced, and only on Windows.
    assert!(script(&steps[doctor]).contains("\"$unenforced\" != \"$expected\""));
    // The attacks it runs are compiled on every system, not on Linux alone.
    let lib = std::fs::read_to_string(crate::common::repo_root().join("grader/sandbox/src/lib.rs"))
        .unwrap();
    assert!(
        lib.contains("#[cfg(test)]\nmod attacks;"),
        "the attacks module is every system's"
    );
}
