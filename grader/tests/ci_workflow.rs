//! The maintainers' CI (`.github/workflows/ci.yml`): the test suite and a grading smoke
//! test on Linux, macOS and Windows, as rustlings' CI does, and the workspace
//! type-checked for macOS and Windows targets. The smoke test's own script runs here
//! too, against the real grader on a copy of the workbook, and against graders that
//! lie, which it must catch.

mod common;

use common::repo_root;
use yaml_rust2::{Yaml, YamlLoader};

const WORKFLOW: &str = ".github/workflows/ci.yml";
const SYSTEMS: [&str; 3] = ["ubuntu-latest", "macos-latest", "windows-latest"];
/// The targets CI type-checks on Linux (scripts/cross_check.sh checks others).
const CROSS_TARGETS: [&str; 2] = ["aarch64-apple-darwin", "x86_64-pc-windows-msvc"];
const SMOKE_RUN: &str = "cargo grader run xor_all";

fn workflow() -> Yaml {
    let text = std::fs::read_to_string(repo_root().join(WORKFLOW)).unwrap();
    let mut documents = YamlLoader::load_from_str(&text).expect("the workflow is YAML");
    assert_eq!(documents.len(), 1);
    documents.remove(0)
}

fn strings(list: &Yaml) -> Vec<&str> {
    list.as_vec()
        .map(|items| items.iter().filter_map(Yaml::as_str).collect())
        .unwrap_or_default()
}

/// The job whose matrix has `key`.
fn job_with_matrix<'a>(workflow: &'a Yaml, key: &str) -> &'a Yaml {
    let jobs = workflow["jobs"].as_hash().expect("jobs");
    jobs.values()
        .find(|job| !job["strategy"]["matrix"][key].is_badvalue())
        .unwrap_or_else(|| panic!("a job has a matrix of {key}"))
}

fn steps(job: &Yaml) -> &[Yaml] {
    job["steps"].as_vec().expect("steps")
}

/// The index of the first step for which `wanted` holds.
fn position(steps: &[Yaml], what: &str, wanted: impl Fn(&Yaml) -> bool) -> usize {
    steps
        .iter()
        .position(wanted)
        .unwrap_or_else(|| panic!("no step {what}"))
}

fn uses(step: &Yaml) -> &str {
    step["uses"].as_str().unwrap_or_default()
}

fn script(step: &Yaml) -> &str {
    step["run"].as_str().unwrap_or_default()
}

/// The smoke test's step, and its script.
fn smoke(workflow: &Yaml) -> (&Yaml, &str) {
    let job = job_with_matrix(workflow, "os");
    let steps = steps(job);
    let at = position(steps, "runs the smoke test", |s| {
        script(s).contains(SMOKE_RUN)
    });
    (job, script(&steps[at]))
}

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
    let tmux = position(steps, "installs tmux", |s| {
        script(s).contains("apt-get install") && script(s).contains("tmux")
    });
    assert!(checkout < toolchain && toolchain < cache && cache < tests);
    assert!(tmux < tests, "tmux is there before the tests");
    assert_eq!(
        steps[tmux]["if"].as_str(),
        Some("runner.os == 'Linux'"),
        "apt-get is on Linux only"
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

/// The smoke test's script itself, run here (bash and executable scripts: Unix only).
#[cfg(unix)]
mod smoke_script {
    use std::os::unix::fs::PermissionsExt;
    use std::path::Path;
    use std::process::Command;

    use super::common::{GRADER, Workbook};
    use super::{smoke, workflow};

    /// Runs the smoke test's script in a fresh copy of the workbook, with a `cargo` on PATH
    /// that maps `cargo grader ARGS` to `grader` and builds nothing.
    fn run_smoke_script(grader: &Path) -> std::process::Output {
        let script = smoke(&workflow()).1.to_string();
        let workbook = Workbook::new();
        let bin = tempfile::tempdir().unwrap();
        let cargo = bin.path().join("cargo");
        std::fs::write(
            &cargo,
            "#!/bin/sh\ncase \"$1\" in\n  build) exit 0 ;;\n  grader) shift; exec \"$SMOKE_GRADER\" \"$@\" ;;\nesac\necho \"unexpected: cargo $*\" >&2\nexit 99\n",
        )
        .unwrap();
        std::fs::set_permissions(&cargo, std::fs::Permissions::from_mode(0o755)).unwrap();
        let path = std::env::var_os("PATH").unwrap_or_default();
        let mut paths = vec![bin.path().to_path_buf()];
        paths.extend(std::env::split_paths(&path));
        Command::new("bash")
            .arg("-c")
            .arg(&script)
            .current_dir(workbook.root())
            .env("PATH", std::env::join_paths(paths).unwrap())
            .env("SMOKE_GRADER", grader)
            .env("NO_COLOR", "1")
            .env_remove("XORLINGS_SEED")
            .output()
            .unwrap()
    }

    #[test]
    fn the_smoke_test_passes_with_the_real_grader() {
        let output = run_smoke_script(Path::new(GRADER));
        let stdout = String::from_utf8_lossy(&output.stdout);
        assert!(
            output.status.success(),
            "the smoke test failed:\n{stdout}\n{}",
            String::from_utf8_lossy(&output.stderr)
        );
        assert!(stdout.contains("smoke test passed"), "{stdout}");
    }

    /// Graders that get one of the three cases wrong: the script catches each.
    #[test]
    fn the_smoke_test_catches_graders_that_lie() {
        // The fake reads the exercise file as the real one would: the stub has `todo!`,
        // the endless loop `loop {`, the reference neither.
        let fake = |stub: &str, endless: &str| {
            format!(
                "f=exercises/xor_all/src/lib.rs\n\
                 if grep -q 'todo!' \"$f\"; then {stub}; fi\n\
                 if grep -q 'loop {{' \"$f\"; then {endless}; fi\n\
                 exit 0\n"
            )
        };
        // Each is right on every case but one, so only the check of that case can fail it.
        let fails = "echo 'xor_all: panicked'; exit 1";
        let times_out = "echo 'xor_all: time limit'; exit 1";
        let bin = tempfile::tempdir().unwrap();
        for (name, body) in [
            ("passes everything", "exit 0".to_string()),
            (
                "fails the reference",
                "echo 'time limit'; exit 1".to_string(),
            ),
            ("passes the stub", fake("exit 0", times_out)),
            (
                "passes the endless loop",
                fake(fails, "echo 'time limit'; exit 0"),
            ),
            (
                "never names the time limit",
                fake(fails, "echo 'xor_all: wrong answer'; exit 1"),
            ),
        ] {
            let path = bin.path().join(name.replace(' ', "-"));
            std::fs::write(&path, format!("#!/bin/sh\n{body}\n")).unwrap();
            std::fs::set_permissions(&path, std::fs::Permissions::from_mode(0o755)).unwrap();
            let output = run_smoke_script(&path);
            assert!(
                !output.status.success(),
                "the smoke test passed a grader that {name}:\n{}",
                String::from_utf8_lossy(&output.stdout)
            );
        }
    }
}
