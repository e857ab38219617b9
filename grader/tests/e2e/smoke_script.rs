//! The CI workflow's grading smoke test (`.github/workflows/ci.yml`), its script run
//! here against the real grader on a copy of the workbook, and against graders that lie,
//! which it must catch (bash and executable scripts: Unix only).

#![cfg(unix)]

use std::os::unix::fs::PermissionsExt;
use std::path::Path;
use std::process::Command;

use crate::common::ci::{smoke, workflow};
use crate::common::{GRADER, Workbook};

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
