//! Test programs for the sandbox's own tests on every system: the toolchain running the
//! tests, and small programs compiled with it under the compiler's policy (so each
//! build also tests that policy), once per source and toolchain.

use std::fs::File;
use std::hash::{DefaultHasher, Hash, Hasher};
use std::io::Read;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::sync::OnceLock;
use std::time::Duration;

use crate::{
    Cancel, Channels, Ended, How, Limits, Policy, Streams, init, output_of_trusted, spawn,
};

pub(crate) const COMPILER_LIMITS: Limits = Limits {
    address_space: 8 << 30,
    memory: 8 << 30,
    tasks: 256,
    file_size: 1 << 30,
    open_files: 1024,
    cpu_seconds: 60,
};

/// The toolchain running the tests.
pub(crate) struct Toolchain {
    pub sysroot: PathBuf,
    pub libdir: PathBuf,
}

impl Toolchain {
    /// Where a program linked to the shared std finds it: the target's library folder
    /// (by rpath), or on Windows the toolchain's `bin` (where its DLL is).
    pub(crate) fn std_dir(&self) -> PathBuf {
        match cfg!(windows) {
            true => self.sysroot.join("bin"),
            false => self.libdir.clone(),
        }
    }
}

pub(crate) fn toolchain() -> &'static Toolchain {
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

/// Compiles `source` into `dir` under the compiler's policy, linked to the shared std
/// as the grader links a learner's program: the program, or rustc's messages.
pub(crate) fn compile(source: &str, dir: &Path) -> Result<PathBuf, String> {
    let toolchain = toolchain();
    let main = dir.join("main.rs");
    std::fs::write(&main, source).unwrap();
    let program = dir.join(format!("program{}", std::env::consts::EXE_SUFFIX));
    let rustc = toolchain
        .sysroot
        .join("bin")
        .join(format!("rustc{}", std::env::consts::EXE_SUFFIX));
    let mut command = Command::new(rustc);
    command.args(["--edition", "2024", "-C", "prefer-dynamic"]);
    // Windows has no rpath: the program finds the std DLL beside it or on its PATH.
    if cfg!(unix) {
        command.arg("-C").arg(format!(
            "link-args=-Wl,-rpath,{}",
            toolchain.libdir.display()
        ));
    }
    command
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
        How::Exited(0) => Ok(program),
        _ => Err(format!("{ended:?}\n{messages}")),
    }
}

/// `source` compiled once per source and toolchain into the test build's folder (and
/// kept there, as cargo keeps its builds).
pub(crate) fn built(source: &str) -> PathBuf {
    let mut hasher = DefaultHasher::new();
    (source, &toolchain().libdir).hash(&mut hasher);
    let key = hasher.finish();
    let deps = std::env::current_exe().unwrap();
    let folder = deps.parent().unwrap().join("sandbox-tests");
    let program = folder.join(format!(
        "program-{key:016x}{}",
        std::env::consts::EXE_SUFFIX
    ));
    if !program.is_file() {
        std::fs::create_dir_all(&folder).unwrap();
        let scratch = tempfile::tempdir_in(&folder).unwrap();
        let compiled = compile(source, scratch.path()).unwrap();
        // Another test process may have won the race: either copy is good.
        std::fs::rename(compiled, &program).unwrap();
    }
    program
}

/// What a confined test program did.
pub(crate) struct Run {
    pub ended: Ended,
    /// What it wrote to its answers channel.
    pub answers: String,
    pub stdout: String,
    pub stderr: String,
}

impl Run {
    /// Checks that the program read its cases, and that every attempt named was made
    /// and denied, and that none escaped.
    pub(crate) fn assert_denied(&self, attempts: &[&str]) {
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

/// Runs `program` with `args` under `policy`, its output streams to files, the cases
/// ("cases-ok") and the answers as its channels (descriptors 3 and 4 on Unix, handles
/// named in its environment on Windows).
pub(crate) fn run(
    program: &Path,
    args: &[&str],
    policy: &Policy,
    limit: Duration,
    cancel: &Cancel,
) -> Run {
    init().unwrap();
    let dir = tempfile::tempdir().unwrap();
    let cases = dir.path().join("cases");
    std::fs::write(&cases, "cases-ok\n").unwrap();
    let answers = dir.path().join("answers");
    let stdout = dir.path().join("stdout");
    let stderr = dir.path().join("stderr");
    let mut command = Command::new(program);
    command.args(args);
    let streams = Streams {
        stdin: None,
        stdout: File::create(&stdout).unwrap(),
        stderr: File::create(&stderr).unwrap(),
    };
    let channels = Channels {
        cases: File::open(&cases).unwrap(),
        answers: File::create(&answers).unwrap(),
        start: None,
    };
    let mut confined = spawn(command, policy, Some(streams), Some(channels)).unwrap();
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
