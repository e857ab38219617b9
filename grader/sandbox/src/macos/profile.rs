//! The Seatbelt profile of a policy, and the `sandbox-exec` command line that applies it
//! (`sandbox-exec -p PROFILE -D NAME=PATH... -- PROGRAM ARGS...`), as Codex CLI and
//! Bazel confine code on macOS.
//!
//! The profile denies everything by default, then allows what the policy lists: reading
//! (and mapping as code: the std dylib) `read`, also executing `execute`, reading and
//! writing under `write`. Paths never enter the profile's text: each is a parameter
//! (`(param "READ_0")`), passed with `-D` and canonicalized first (Seatbelt matches the
//! real path: `/var/folders/...` is `/private/var/folders/...`), so a path with quotes
//! or parentheses cannot change the profile. Paths that do not exist are left out, as
//! the Linux backend leaves them out of its Landlock rules. No rule allows the network.
//!
//! What else a process may do depends on [`Processes`]:
//! - a learner's program (`Forbidden`): no fork, no exec but of the program itself (the
//!   one `sandbox-exec` makes), signals and process information about itself only, and
//!   the few system settings (`sysctl`) the standard library reads;
//! - rustc (`Allowed`): fork and exec of what `execute` lists (the linker), signals
//!   within its own sandbox, every system setting and the system services Apple's
//!   toolchain asks for. Nothing of the learner's code runs during a compile (a learner's
//!   file has no build script and no procedural macro), so these reach no learner code;
//!   the files stay confined, and `include_str!` outside them fails.
//!
//! This module is platform-neutral (text and arguments), so its tests run on every
//! system; what runs `sandbox-exec` is in `layers.rs`.

use std::ffi::OsString;
use std::path::{Path, PathBuf};

use crate::{Policy, Processes};

/// Always this one, never a `PATH` look-up.
pub(crate) const SANDBOX_EXEC: &str = "/usr/bin/sandbox-exec";

/// Deny by default; whatever is not allowed below fails with EPERM.
const HEADER: &str = "(version 1)\n(deny default)\n";

/// For every confined process: the metadata of any path (as on Linux, where Landlock
/// does not confine `stat`), without which the loader and the standard library cannot
/// resolve a path; the null device and the random ones.
const EVERY_PROCESS: &str = r#"(allow file-read-metadata)
(allow file-read* (literal "/dev/null") (literal "/dev/random") (literal "/dev/urandom"))
(allow file-write-data (require-all (literal "/dev/null") (vnode-type CHARACTER-DEVICE)))
"#;

/// A learner's program: only itself, and the settings of the machine that the system's
/// libraries and the standard library read (the CPU, pages, limits, the system's
/// version). Never `kern.proc` or `kern.procargs`, which tell other processes' arguments
/// and environment, nor the host's name.
const PROGRAM: &str = r#"(allow signal (target self))
(allow process-info* (target self))
(allow sysctl-read
  (sysctl-name-prefix "hw.")
  (sysctl-name "kern.argmax")
  (sysctl-name "kern.maxfilesperproc")
  (sysctl-name "kern.maxproc")
  (sysctl-name "kern.osproductversion")
  (sysctl-name "kern.osrelease")
  (sysctl-name "kern.ostype")
  (sysctl-name "kern.osvariant_status")
  (sysctl-name "kern.osversion")
  (sysctl-name "kern.secure_kernel")
  (sysctl-name "kern.usrstack64")
  (sysctl-name "kern.version")
  (sysctl-name "machdep.cpu.brand_string")
  (sysctl-name "sysctl.proc_cputype")
  (sysctl-name "vm.loadavg"))
"#;

/// rustc and Apple's linker: processes of their own, the system's settings, preferences
/// and services (user look-ups, logging, trust settings).
const COMPILER: &str = r#"(allow process-fork)
(allow signal (target same-sandbox))
(allow process-info* (target same-sandbox))
(allow sysctl-read)
(allow user-preference-read)
(allow mach-lookup)
"#;

/// A profile and the parameters that give its paths.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct Profile {
    pub text: String,
    /// `(NAME, canonical path)`, each passed as `-D NAME=PATH`.
    pub parameters: Vec<(String, PathBuf)>,
}

/// The profile of `policy`; `canonical` resolves a path to the real one (`None` when it
/// does not exist: `std::fs::canonicalize` on a Mac).
pub(crate) fn profile(policy: &Policy, canonical: impl Fn(&Path) -> Option<PathBuf>) -> Profile {
    let mut text = String::from(HEADER);
    let mut parameters = Vec::new();
    let groups: [(&str, &[PathBuf], &str); 3] = [
        ("READ", &policy.read, "file-read* file-map-executable"),
        (
            "EXECUTE",
            &policy.execute,
            "file-read* file-map-executable process-exec",
        ),
        ("WRITE", &policy.write, "file-read* file-write*"),
    ];
    for (prefix, paths, operations) in groups {
        let mut filters = String::new();
        for path in paths.iter().filter_map(|path| canonical(path)) {
            let name = format!("{prefix}_{}", parameters.len());
            filters.push_str(&format!(" (subpath (param \"{name}\"))"));
            parameters.push((name, path));
        }
        // A rule without a filter would allow the operations everywhere.
        if !filters.is_empty() {
            text.push_str(&format!("(allow {operations}{filters})\n"));
        }
    }
    text.push_str(EVERY_PROCESS);
    text.push_str(match policy.processes {
        Processes::Forbidden => PROGRAM,
        Processes::Allowed => COMPILER,
    });
    Profile { text, parameters }
}

/// The command line that runs `program` with `args` under `profile`: `sandbox-exec`'s
/// arguments, then the program's.
pub(crate) fn command_line(profile: &Profile, program: &Path, args: &[OsString]) -> Vec<OsString> {
    let mut line: Vec<OsString> = vec!["-p".into(), profile.text.clone().into()];
    for (name, path) in &profile.parameters {
        let mut definition = OsString::from(format!("{name}="));
        definition.push(path);
        line.push("-D".into());
        line.push(definition);
    }
    line.push("--".into());
    line.push(program.into());
    line.extend(args.iter().cloned());
    line
}

#[cfg(test)]
mod tests {
    use super::*;

    use crate::TEST_LIMITS as LIMITS;

    fn policy(read: &[&Path], execute: &[&Path], write: &[&Path], processes: Processes) -> Policy {
        let paths = |paths: &[&Path]| paths.iter().map(|p| p.to_path_buf()).collect();
        Policy {
            read: paths(read),
            execute: paths(execute),
            write: paths(write),
            limits: LIMITS,
            processes,
            env: Vec::new(),
            core: None,
            private_view: false,
            awaits_program: false,
        }
    }

    fn canonical(path: &Path) -> Option<PathBuf> {
        std::fs::canonicalize(path).ok()
    }

    #[test]
    fn a_learners_program_reads_its_libraries_executes_itself_and_nothing_more() {
        let dir = tempfile::tempdir().unwrap();
        let program = dir.path().join("program");
        std::fs::write(&program, "").unwrap();
        let libdir = dir.path().join("lib");
        std::fs::create_dir(&libdir).unwrap();
        let missing = dir.path().join("not here");
        let policy = policy(&[&libdir, &missing], &[&program], &[], Processes::Forbidden);
        let profile = profile(&policy, canonical);
        assert_eq!(
            profile.parameters,
            [
                ("READ_0".to_string(), canonical(&libdir).unwrap()),
                ("EXECUTE_1".to_string(), canonical(&program).unwrap()),
            ]
        );
        let text = &profile.text;
        assert!(text.starts_with("(version 1)\n(deny default)\n"), "{text}");
        let has = |line: &str| text.lines().any(|l| l == line);
        assert!(has(
            r#"(allow file-read* file-map-executable (subpath (param "READ_0")))"#
        ));
        assert!(has(
            r#"(allow file-read* file-map-executable process-exec (subpath (param "EXECUTE_1")))"#
        ));
        // No write rule at all (an empty one would allow writing everywhere), no fork,
        // no network, no system service; signals only to itself.
        assert!(!text.contains("file-write*"), "{text}");
        assert!(!text.contains("process-fork"), "{text}");
        assert!(!text.contains("network"), "{text}");
        assert!(!text.contains("mach-lookup"), "{text}");
        assert!(has("(allow signal (target self))"));
        // Other processes' arguments and environment stay out of reach.
        assert!(!text.contains("kern.proc"), "{text}");
        // Every rule allows, after the one denial: the last match wins in Seatbelt.
        assert_eq!(text.matches("(deny").count(), 1);
        assert_eq!(
            text.matches('(').count(),
            text.matches(')').count(),
            "{text}"
        );
    }

    #[test]
    fn the_compiler_writes_its_build_folder_and_starts_the_linker() {
        let dir = tempfile::tempdir().unwrap();
        let toolchain = dir.path().join("toolchain");
        let build = dir.path().join("build");
        std::fs::create_dir(&toolchain).unwrap();
        std::fs::create_dir(&build).unwrap();
        let policy = policy(&[], &[&toolchain], &[&build], Processes::Allowed);
        let profile = profile(&policy, canonical);
        let text = &profile.text;
        assert!(text.contains(r#"(allow file-read* file-write* (subpath (param "WRITE_1")))"#));
        assert!(text.contains("(allow process-fork)"), "{text}");
        assert!(!text.contains("network"), "{text}");
        assert_eq!(
            profile.parameters[1],
            ("WRITE_1".to_string(), canonical(&build).unwrap())
        );
    }

    // Symbolic links (and names with quotes) as on a Mac: tests on Unix only.
    #[cfg(unix)]
    #[test]
    fn paths_are_parameters_canonicalized_never_text() {
        let dir = tempfile::tempdir().unwrap();
        // A name that would end the profile's string and add a rule, were it text.
        let hostile = dir.path().join(r#"x")) (allow default) ("#);
        std::fs::create_dir(&hostile).unwrap();
        let link = dir.path().join("link");
        std::os::unix::fs::symlink(&hostile, &link).unwrap();
        let policy = policy(&[&link], &[], &[], Processes::Forbidden);
        let profile = profile(&policy, canonical);
        assert!(!profile.text.contains("allow default"), "{}", profile.text);
        assert_eq!(
            profile.parameters,
            [("READ_0".to_string(), canonical(&hostile).unwrap())]
        );

        let program = Path::new("/private/tmp/program");
        let line = command_line(&profile, program, &["--flag".into()]);
        let mut definition = OsString::from("READ_0=");
        definition.push(canonical(&hostile).unwrap());
        assert_eq!(
            line,
            [
                OsString::from("-p"),
                profile.text.clone().into(),
                "-D".into(),
                definition,
                "--".into(),
                program.into(),
                "--flag".into(),
            ]
        );
    }
}
