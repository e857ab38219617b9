//! The sandbox under attack: tiny hostile programs, compiled with rustc under the
//! compiler's policy, then run confined. Each test checks that the attack failed and
//! that the legitimate path (reading the cases, writing the answers) still worked.

mod attacks;
mod awaited;
mod compile;
mod lifetime;
mod protection;

use std::fs::File;
use std::hash::{DefaultHasher, Hash, Hasher};
use std::io::Read;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::sync::OnceLock;
use std::time::Duration;

use crate::Ended;
use crate::{Cancel, Channels, Limits, Policy, init, output_of_trusted, spawn};

/// The attacker's source: one program, one mode per kind of attack.
const ATTACKER: &str = include_str!("programs/attacker.rs");
/// Time for any confined test program to end; none should need it.
const LIMIT: Duration = Duration::from_secs(10);

const COMPILER_LIMITS: Limits = Limits {
    address_space: 8 << 30,
    memory: 8 << 30,
    tasks: 256,
    file_size: 1 << 30,
    open_files: 1024,
    cpu_seconds: 60,
};

const PROGRAM_LIMITS: Limits = Limits {
    address_space: 1 << 30,
    memory: 1 << 30,
    tasks: 16,
    file_size: 1 << 20,
    open_files: 64,
    cpu_seconds: 10,
};

/// The toolchain running the tests.
struct Toolchain {
    sysroot: PathBuf,
    libdir: PathBuf,
}

fn toolchain() -> &'static Toolchain {
    static TOOLCHAIN: OnceLock<Toolchain> = OnceLock::new();
    TOOLCHAIN.get_or_init(|| {
        init().unwrap();
        let print = |what: &str| {
            let output = output_of_trusted(Command::new("rustc").args(["--print", what])).unwrap();
            assert!(output.status.success(), "rustc --print {what} failed");
            PathBuf::from(String::from_utf8(output.stdout).unwrap().trim())
        };
        Toolchain {
            sysroot: print("sysroot"),
            libdir: print("target-libdir"),
        }
    })
}

/// Compiles `source` into `dir` under the compiler's policy: the program, or rustc's
/// messages.
fn compile(source: &str, dir: &Path) -> Result<PathBuf, String> {
    let toolchain = toolchain();
    let main = dir.join("main.rs");
    std::fs::write(&main, source).unwrap();
    let program = dir.join("program");
    let mut command = Command::new(toolchain.sysroot.join("bin/rustc"));
    command
        .args(["--edition", "2024", "-C", "prefer-dynamic", "-C"])
        .arg(format!(
            "link-args=-Wl,-rpath,{}",
            toolchain.libdir.display()
        ))
        .arg("-o")
        .arg(&program)
        .arg(&main)
        .current_dir(dir)
        .stdin(Stdio::null())
        .stdout(Stdio::null())
        .stderr(File::create(dir.join("messages")).unwrap());
    let policy = Policy::compiler(&toolchain.sysroot, dir, COMPILER_LIMITS);
    let mut rustc = spawn(command, &policy, None, None).unwrap();
    let ended = rustc
        .wait(Duration::from_secs(60), &Cancel::default())
        .unwrap();
    let messages = std::fs::read_to_string(dir.join("messages")).unwrap();
    match ended.how {
        crate::How::Exited(0) => Ok(program),
        _ => Err(format!("{ended:?}\n{messages}")),
    }
}

/// The attacker, compiled once per source and toolchain into the test build's folder
/// (and kept there, as cargo keeps its builds).
fn attacker() -> &'static Path {
    static ATTACKER_PROGRAM: OnceLock<PathBuf> = OnceLock::new();
    ATTACKER_PROGRAM.get_or_init(|| {
        let mut hasher = DefaultHasher::new();
        (ATTACKER, &toolchain().libdir).hash(&mut hasher);
        let key = hasher.finish();
        let deps = std::env::current_exe().unwrap();
        let folder = deps.parent().unwrap().join("sandbox-tests");
        let program = folder.join(format!("attacker-{key:016x}"));
        if !program.is_file() {
            std::fs::create_dir_all(&folder).unwrap();
            let scratch = tempfile::tempdir_in(&folder).unwrap();
            let built = compile(ATTACKER, scratch.path()).unwrap();
            // Another test process may have won the race: either copy is good.
            std::fs::rename(built, &program).unwrap();
        }
        program
    })
}

/// What a confined test program did.
struct Run {
    ended: Ended,
    /// What it wrote to descriptor 4.
    answers: String,
    stdout: String,
    stderr: String,
}

impl Run {
    /// Checks that the program read its cases, and that every attempt named was made
    /// and denied, and that none escaped.
    fn assert_denied(&self, attempts: &[&str]) {
        assert!(
            self.answers.lines().any(|line| line == "cases: cases-ok"),
            "the legitimate path failed: {self:?}"
        );
        assert!(
            !self.answers.contains("ESCAPED"),
            "an attack escaped: {self:?}"
        );
        for attempt in attempts {
            assert!(
                self.answers
                    .lines()
                    .any(|line| line.starts_with(&format!("{attempt}: denied ("))),
                "`{attempt}` was not denied: {self:?}"
            );
        }
    }
}

impl std::fmt::Debug for Run {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(
            f,
            "{:?}\n--- answers:\n{}--- stdout:\n{}--- stderr:\n{}",
            self.ended, self.answers, self.stdout, self.stderr
        )
    }
}

/// Runs `program` with `args` under `policy`, the cases ("cases-ok") and the answers as
/// its channels (descriptors 3 and 4).
fn run(program: &Path, args: &[&str], policy: &Policy, limit: Duration, cancel: &Cancel) -> Run {
    init().unwrap();
    let dir = tempfile::tempdir().unwrap();
    let cases = dir.path().join("cases");
    std::fs::write(&cases, "cases-ok\n").unwrap();
    let answers = dir.path().join("answers");
    let stdout = dir.path().join("stdout");
    let stderr = dir.path().join("stderr");
    let mut command = Command::new(program);
    command
        .args(args)
        .stdin(Stdio::null())
        .stdout(File::create(&stdout).unwrap())
        .stderr(File::create(&stderr).unwrap());
    let channels = Channels {
        cases: File::open(&cases).unwrap(),
        answers: File::create(&answers).unwrap(),
        start: None,
    };
    let mut confined = spawn(command, policy, None, Some(channels)).unwrap();
    let ended = confined.wait(limit, cancel).unwrap();
    let read = |path: &Path| {
        let mut text = String::new();
        File::open(path).unwrap().read_to_string(&mut text).unwrap();
        text
    };
    Run {
        ended,
        answers: read(&answers),
        stdout: read(&stdout),
        stderr: read(&stderr),
    }
}

/// The attacker's policy: a learner's program.
fn attacker_policy() -> Policy {
    Policy::program(attacker(), &toolchain().libdir, PROGRAM_LIMITS).unwrap()
}

/// Runs the attacker in `mode` as a learner's program.
fn attack(mode: &str, args: &[&str]) -> Run {
    let mut all = vec![mode];
    all.extend(args);
    run(
        attacker(),
        &all,
        &attacker_policy(),
        LIMIT,
        &Cancel::default(),
    )
}
