//! rustc under the compiler's policy: it compiles and links, and reads nothing else.

use super::{LIMIT, PROGRAM_LIMITS, compile, run, toolchain};
use crate::{Cancel, How, Policy};

#[test]
fn rustc_compiles_and_links_a_program_that_runs_confined() {
    let dir = tempfile::tempdir().unwrap();
    let program = compile(
        "fn main() { println!(\"hello from the sandbox\"); }",
        dir.path(),
    )
    .unwrap();
    let policy = Policy::program(&program, &toolchain().std_dir(), PROGRAM_LIMITS).unwrap();
    let run = run(&program, &[], &policy, LIMIT, &Cancel::default());
    assert_eq!(run.ended.how, How::Exited(0), "{run:?}");
    assert_eq!(run.stdout, "hello from the sandbox\n");
}

#[test]
fn rustc_cannot_include_a_file_outside_its_policy() {
    let dir = tempfile::tempdir().unwrap();
    let source = "const STOLEN: &str = include_str!(\"/etc/passwd\");\n\
                  fn main() { println!(\"{STOLEN}\"); }";
    let messages = compile(source, dir.path()).unwrap_err();
    assert!(messages.contains("/etc/passwd"), "{messages}");
    assert!(!dir.path().join("program").exists());
}
