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
//! Metadata (`stat`) is limited as reads are: a process may read the metadata of what
//! it may read, and of each folder on the way there (`literal`, so not of the folders'
//! other entries): enough for the loader and the standard library to resolve a path,
//! never a probe of the home folder.
//!
//! What else a process may do depends on [`Processes`]:
//! - a learner's program (`Forbidden`): no fork, no exec but of the program itself (the
//!   one `sandbox-exec` makes), signals and process information about itself only, and
//!   the few system settings (`sysctl`) the standard library reads;
//! - rustc (`Allowed`): fork and exec of what `execute` lists (the linker), signals
//!   within its own sandbox, the same settings and a few more, the preferences of the
//!   developer tools, and the few system services that the linker driver and `xcrun`
//!   ask for, each named ([`COMPILER_SERVICES`]). Nothing of the learner's code runs
//!   during a compile (a learner's file has no build script and no procedural macro);
//!   the files stay confined, and `include_str!` outside them fails.
//!
//! Every rule but `(deny default)` and the compiler's `(allow process-fork)` names what
//! it allows: a rule without a filter would allow its operations everywhere (the tests
//! check every profile for one).
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

/// For every confined process: the null device and the random ones.
const EVERY_PROCESS: &str = r#"(allow file-read* (literal "/dev/null") (literal "/dev/random") (literal "/dev/urandom"))
(allow file-write-data (require-all (literal "/dev/null") (vnode-type CHARACTER-DEVICE)))
"#;

/// The settings of the machine that the system's libraries and the standard library
/// read (the CPU, pages, limits, the system's version). Never `kern.proc` or
/// `kern.procargs`, which tell other processes' arguments and environment, nor the
/// host's name.
const PROGRAM_SYSCTLS: [&str; 15] = [
    r#"(sysctl-name-prefix "hw.")"#,
    r#"(sysctl-name "kern.argmax")"#,
    r#"(sysctl-name "kern.maxfilesperproc")"#,
    r#"(sysctl-name "kern.maxproc")"#,
    r#"(sysctl-name "kern.osproductversion")"#,
    r#"(sysctl-name "kern.osrelease")"#,
    r#"(sysctl-name "kern.ostype")"#,
    r#"(sysctl-name "kern.osvariant_status")"#,
    r#"(sysctl-name "kern.osversion")"#,
    r#"(sysctl-name "kern.secure_kernel")"#,
    r#"(sysctl-name "kern.usrstack64")"#,
    r#"(sysctl-name "kern.version")"#,
    r#"(sysctl-name "machdep.cpu.brand_string")"#,
    r#"(sysctl-name "sysctl.proc_cputype")"#,
    r#"(sysctl-name "vm.loadavg")"#,
];

/// The settings rustc and the developer tools read besides a program's.
const COMPILER_SYSCTLS: [&str; 2] = [
    // Whether the process runs translated (Rosetta): the `cc` and `ld` shims ask, to
    // pick the tools of the right architecture.
    r#"(sysctl-name "sysctl.proc_translated")"#,
    // The limit on open files, which the linker sizes its tables by.
    r#"(sysctl-name "kern.maxfiles")"#,
];

/// The system services rustc's linker driver (`cc`, `clang`, `ld`) and `xcrun` look up,
/// each for one need; no other (not logging: its messages are dropped).
const COMPILER_SERVICES: [&str; 5] = [
    // getpwuid and getgrgid: the driver and xcrun look up the user they run as.
    "com.apple.system.opendirectoryd.libinfo",
    // notify(3), which libc's user look-ups register with.
    "com.apple.system.notification_center",
    // CFPreferences, which xcrun and the driver read the developer tools' settings
    // through (the domains below).
    "com.apple.cfprefsd.daemon",
    "com.apple.cfprefsd.agent",
    // confstr(_CS_DARWIN_USER_TEMP_DIR), which xcrun asks for its look-up cache.
    "com.apple.bsd.dirhelper",
];

/// The preference domains the developer tools read: Xcode's (which tools and SDK
/// `xcrun` picks) and the global one (the locale of their messages).
const COMPILER_PREFERENCES: [&str; 2] = ["com.apple.dt.Xcode", "kCFPreferencesAnyApplication"];

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
    let mut reachable = Vec::new();
    for (prefix, paths, operations) in groups {
        let found: Vec<PathBuf> = paths.iter().filter_map(|path| canonical(path)).collect();
        text.push_str(&rule(
            operations,
            "subpath",
            prefix,
            &found,
            &mut parameters,
        ));
        reachable.extend(found);
    }
    let folders = folders_leading_to(&reachable);
    text.push_str(&rule(
        "file-read-metadata",
        "literal",
        "FOLDER",
        &folders,
        &mut parameters,
    ));
    text.push_str(EVERY_PROCESS);
    match policy.processes {
        Processes::Forbidden => {
            text.push_str("(allow signal (target self))\n");
            text.push_str("(allow process-info* (target self))\n");
            text.push_str(&filtered("sysctl-read", PROGRAM_SYSCTLS));
        }
        Processes::Allowed => {
            text.push_str("(allow process-fork)\n");
            text.push_str("(allow signal (target same-sandbox))\n");
            text.push_str("(allow process-info* (target same-sandbox))\n");
            text.push_str(&filtered(
                "sysctl-read",
                PROGRAM_SYSCTLS.iter().chain(&COMPILER_SYSCTLS).copied(),
            ));
            text.push_str(&filtered(
                "user-preference-read",
                COMPILER_PREFERENCES
                    .iter()
                    .map(|domain| format!("(preference-domain \"{domain}\")")),
            ));
            text.push_str(&filtered(
                "mach-lookup",
                COMPILER_SERVICES
                    .iter()
                    .map(|service| format!("(global-name \"{service}\")")),
            ));
        }
    }
    Profile { text, parameters }
}

/// `(allow OPERATIONS (FILTER (param "PREFIX_n"))...)` for `paths`, each a new
/// parameter; nothing when there is no path, as a rule without a filter would allow
/// the operations everywhere.
fn rule(
    operations: &str,
    filter: &str,
    prefix: &str,
    paths: &[PathBuf],
    parameters: &mut Vec<(String, PathBuf)>,
) -> String {
    let filters = paths.iter().map(|path| {
        let name = format!("{prefix}_{}", parameters.len());
        parameters.push((name.clone(), path.clone()));
        format!("({filter} (param \"{name}\"))")
    });
    filtered(operations, filters)
}

/// `(allow OPERATIONS FILTER...)`, or nothing without a filter.
fn filtered(operations: &str, filters: impl IntoIterator<Item = impl AsRef<str>>) -> String {
    let mut rule = format!("(allow {operations}");
    let empty = rule.len();
    for filter in filters {
        rule.push(' ');
        rule.push_str(filter.as_ref());
    }
    match rule.len() == empty {
        true => String::new(),
        false => rule + ")\n",
    }
}

/// Every folder above one of `paths`, the root included, each once: what a process
/// must `stat` to resolve a path it may read.
fn folders_leading_to(paths: &[PathBuf]) -> Vec<PathBuf> {
    let mut folders: Vec<PathBuf> = Vec::new();
    for folder in paths.iter().flat_map(|path| path.ancestors().skip(1)) {
        if !folders.iter().any(|known| known == folder) {
            folders.push(folder.to_path_buf());
        }
    }
    folders
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
        let paths: Vec<_> = profile
            .parameters
            .iter()
            .filter(|(name, _)| !name.starts_with("FOLDER_"))
            .cloned()
            .collect();
        assert_eq!(
            paths,
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
            profile.parameters[0],
            ("READ_0".to_string(), canonical(&hostile).unwrap())
        );
        // The rest are the folders above it, also parameters.
        assert!(
            profile.parameters[1..]
                .iter()
                .all(|(name, path)| name.starts_with("FOLDER_")
                    && canonical(&hostile).unwrap().starts_with(path)),
            "{:?}",
            profile.parameters
        );

        let program = Path::new("/private/tmp/program");
        let line = command_line(&profile, program, &["--flag".into()]);
        let mut definition = OsString::from("READ_0=");
        definition.push(canonical(&hostile).unwrap());
        let definitions = 2 * profile.parameters.len();
        assert_eq!(line.len(), 2 + definitions + 3, "{line:?}");
        assert_eq!(
            line[..4],
            [
                OsString::from("-p"),
                profile.text.clone().into(),
                "-D".into(),
                definition,
            ]
        );
        assert_eq!(
            line[2 + definitions..],
            [OsString::from("--"), program.into(), "--flag".into(),]
        );
    }

    /// A Mac's paths taken as they are (they need not exist here).
    fn as_is(path: &Path) -> Option<PathBuf> {
        Some(path.to_path_buf())
    }

    /// The three policies the grader runs on a Mac, as a user's machine would give them.
    fn every_policy() -> [(&'static str, Policy); 3] {
        use super::super::policies::{self, Developer};
        let developer = Developer {
            dir: Some("/Library/Developer/CommandLineTools".into()),
            sdk: Some("/Library/Developer/CommandLineTools/SDKs/MacOSX.sdk".into()),
        };
        let home = Path::new("/Users/me");
        let sysroot = home.join(".rustup/toolchains/stable-aarch64-apple-darwin");
        let libdir = sysroot.join("lib/rustlib/aarch64-apple-darwin/lib");
        let build = home.join("workbook/target/xorlings/builds/abc");
        let program = build.join("program");
        [
            (
                "compiler",
                policies::compiler(&sysroot, &build, LIMITS, &developer),
            ),
            ("program", policies::program(&program, &libdir, LIMITS)),
            (
                "git",
                policies::reader(
                    Path::new("/usr/bin/git"),
                    &[home.join("class/alice/.git")],
                    LIMITS,
                    &developer,
                ),
            ),
        ]
    }

    /// The profile's top-level forms: `(allow ...)` and the one `(deny default)`.
    fn forms(text: &str) -> Vec<&str> {
        let (mut forms, mut depth, mut start) = (Vec::new(), 0, 0);
        for (at, c) in text.char_indices() {
            match c {
                '(' if depth == 0 => (start, depth) = (at, 1),
                '(' => depth += 1,
                ')' => {
                    depth -= 1;
                    if depth == 0 {
                        forms.push(&text[start..=at]);
                    }
                }
                _ => {}
            }
        }
        assert_eq!(depth, 0, "unbalanced: {text}");
        forms
    }

    /// An `(allow OPERATIONS FILTERS...)` form's operations and its filters.
    fn split_rule(form: &str) -> (Vec<&str>, &str) {
        let body = &form["(allow ".len()..form.len() - 1];
        let filters_at = body.find('(').unwrap_or(body.len());
        (
            body[..filters_at].split_whitespace().collect(),
            &body[filters_at..],
        )
    }

    #[test]
    fn every_rule_of_every_profile_names_what_it_allows() {
        for (name, policy) in every_policy() {
            let profile = profile(&policy, as_is);
            let rules = forms(&profile.text);
            assert_eq!(rules[..2], ["(version 1)", "(deny default)"], "{name}");
            for form in &rules[2..] {
                assert!(form.starts_with("(allow "), "{name}: {form}");
                let (operations, filters) = split_rule(form);
                // The compiler's processes are its own: rustc starts cc, cc starts ld.
                if operations == ["process-fork"] {
                    assert_eq!(policy.processes, Processes::Allowed, "{name}: {form}");
                    continue;
                }
                assert!(
                    !filters.is_empty(),
                    "{name}: a rule without a filter: {form}"
                );
                assert!(!operations.is_empty(), "{name}: {form}");
                // Never the network, whatever the filter.
                assert!(
                    operations.iter().all(|op| !op.starts_with("network")),
                    "{name}: {form}"
                );
                // Services only by their global names; settings only by their names (or
                // the hardware's prefix); preferences only by their domains.
                let only =
                    |filter: &str| forms(filters).iter().all(|each| each.starts_with(filter));
                if operations.contains(&"mach-lookup") {
                    assert!(only("(global-name \""), "{name}: {form}");
                }
                if operations.contains(&"sysctl-read") {
                    assert!(
                        forms(filters)
                            .iter()
                            .all(|each| each.starts_with("(sysctl-name \"")
                                || *each == r#"(sysctl-name-prefix "hw.")"#),
                        "{name}: {form}"
                    );
                    assert!(!filters.contains("kern.proc"), "{name}: {form}");
                }
                if operations.contains(&"user-preference-read") {
                    assert!(only("(preference-domain \""), "{name}: {form}");
                }
                // Metadata and writes only of named paths.
                if operations.contains(&"file-read-metadata") || operations.contains(&"file-write*")
                {
                    assert!(
                        forms(filters).iter().all(|each| each.contains("(param \"")),
                        "{name}: {form}"
                    );
                }
            }
        }
    }

    #[test]
    fn system_services_settings_and_preferences_are_the_compilers_alone_and_few() {
        for (name, policy) in every_policy() {
            let text = profile(&policy, as_is).text;
            let services = text.matches("(global-name ").count();
            let preferences = text.matches("(preference-domain ").count();
            match policy.processes {
                Processes::Allowed => {
                    assert_eq!(services, COMPILER_SERVICES.len(), "{name}: {text}");
                    assert_eq!(preferences, COMPILER_PREFERENCES.len(), "{name}: {text}");
                    assert!(
                        text.contains("(global-name \"com.apple.system.opendirectoryd.libinfo\")")
                    );
                }
                Processes::Forbidden => {
                    assert!(!text.contains("mach-lookup"), "{name}: {text}");
                    assert!(!text.contains("user-preference"), "{name}: {text}");
                    assert!(!text.contains("process-fork"), "{name}: {text}");
                }
            }
            // The compiler's settings are the program's and a few more, never all.
            let sysctls = text.matches("(sysctl-name").count();
            let expected = match policy.processes {
                Processes::Allowed => PROGRAM_SYSCTLS.len() + COMPILER_SYSCTLS.len(),
                Processes::Forbidden => PROGRAM_SYSCTLS.len(),
            };
            assert_eq!(sysctls, expected, "{name}: {text}");
        }
    }

    #[test]
    fn metadata_is_readable_only_on_the_way_to_what_may_be_read() {
        let (_, program) = &every_policy()[1];
        let profile = profile(program, as_is);
        let folder = |path: &str| {
            profile
                .parameters
                .iter()
                .any(|(name, value)| name.starts_with("FOLDER_") && value == Path::new(path))
        };
        // The folders above the program and the toolchain's libraries, the root too.
        for path in [
            "/",
            "/Users",
            "/Users/me",
            "/Users/me/workbook/target/xorlings/builds",
            "/Users/me/.rustup/toolchains/stable-aarch64-apple-darwin/lib",
            "/System",
        ] {
            assert!(folder(path), "{path}: {:?}", profile.parameters);
        }
        // Each once, and as a `literal`: the home folder's other entries stay unseen.
        let folders: Vec<_> = profile
            .parameters
            .iter()
            .filter(|(name, _)| name.starts_with("FOLDER_"))
            .collect();
        let unique: std::collections::BTreeSet<_> = folders.iter().map(|(_, path)| path).collect();
        assert_eq!(unique.len(), folders.len());
        let metadata: Vec<_> = forms(&profile.text)
            .into_iter()
            .filter(|form| form.starts_with("(allow file-read-metadata"))
            .collect();
        assert_eq!(metadata.len(), 1, "{}", profile.text);
        let (_, filters) = split_rule(metadata[0]);
        assert_eq!(forms(filters).len(), folders.len());
        assert!(
            forms(filters)
                .iter()
                .all(|f| f.starts_with("(literal (param \"FOLDER_"))
        );
        // What may be read is under a `subpath` rule of its own, never a folder above it.
        assert!(!folder(
            "/Users/me/workbook/target/xorlings/builds/abc/program"
        ));
        let reads = |path: &Path| {
            profile
                .parameters
                .iter()
                .any(|(name, value)| !name.starts_with("FOLDER_") && path.starts_with(value))
        };
        assert!(!reads(Path::new("/Users/me/secret.txt")));
        assert!(!reads(Path::new("/Users/me/.ssh/id_ed25519")));
    }
}
