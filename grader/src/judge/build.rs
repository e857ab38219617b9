//! Compiling the learner's file: plain `rustc`, no cargo, and as little to compile as
//! possible. For a function exercise the runner (`xorlings_core::RUNNER_SOURCES`) is
//! compiled once into a library and the learner's `lib.rs` is linked to it by the `main`
//! the exercise's hidden tests write; a program exercise's `main.rs` is compiled alone. The standard library is linked dynamically, which saves
//! a third of the compile time.
//!
//! rustc sees only a private copy of the learner's file, in a private folder: paths in
//! its messages are mapped back to `exercises/<name>/src/...` as the learner's editor
//! shows them.

use std::collections::VecDeque;
use std::ffi::OsString;
use std::hash::{Hash, Hasher};
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::sync::{Arc, Mutex, OnceLock};
use std::time::Duration;

use anyhow::{Context, Result, anyhow, bail};

use xorlings_core::{CRATE_NAME as RUNNER_CRATE, RUNNER_SOURCES};

use super::messages::{self, CompileErrors, Messages, RUNNER_FOLDER};
use super::run::Cancel;
use xorlings_course::model;
use xorlings_sandbox::files::{self, BuildFolder};
use xorlings_sandbox::{self as sandbox, Deadline, How, Limits, Policy, SpawnError};

/// The root of the runner library: its two modules, as `xorlings_core` declares them.
const RUNNER_ROOT: &str = "pub mod wire;\npub mod runner;\n";
/// A compiler that works or waits longer than this is stuck (a learner's macro or const
/// loop): CPU time, and time using none (its linker's time among it). A compile on a
/// machine busy enough to take longer than `COMPILE_WALL` is not waited for either.
const COMPILE_LIMIT: Duration = Duration::from_secs(60);
const COMPILE_WALL: Duration = Duration::from_secs(600);
/// What the compiler may use: plenty for any exercise, not enough to hurt the machine.
const COMPILER_LIMITS: Limits = Limits {
    address_space: 4 << 30,
    memory: 4 << 30,
    // rustc, the linker it starts, and their threads.
    tasks: 256,
    file_size: 256 << 20,
    open_files: 1024,
    cpu_seconds: COMPILE_LIMIT.as_secs() + 10,
};
/// Built programs a grader keeps in memory for reuse (watch grades the same file again
/// after a check of all exercises, and tries an input on the program it just graded).
const PROGRAMS_KEPT: usize = 32;
/// Why a toolchain may lack what it has: the grader runs as another user than the one
/// who installed it (an adapter run as root grades as `xorlings`).
const UNREADABLE_TOOLCHAIN: &str = "if the grader runs as another user than the one who \
installed Rust (an adapter run as root grades as an unprivileged user), that user cannot \
read a toolchain under another's home: install Rust where every user can read it, as the \
grading images do (RUSTUP_HOME=/usr/local/rustup CARGO_HOME=/usr/local/cargo, then `chmod \
-R a+rX` both), or run as the user who installed it";
const NO_RUSTC: &str = "cannot run rustc; is Rust installed (https://rustup.rs)?";
/// What rustc says when the linker it needs is missing, and what to install; the advice
/// comes first in the verdict, before rustc's own words.
const MISSING_LINKERS: [(&str, &str); 3] = [
    ("linker `link.exe` not found", NO_LINK_EXE),
    ("invalid active developer path", NO_XCODE_TOOLS),
    ("linker `cc` not found", NO_CC),
];
const NO_LINK_EXE: &str = "Rust's MSVC toolchain links programs with Microsoft's link.exe, \
which is not installed. Install the Build Tools for Visual Studio \
(https://visualstudio.microsoft.com/visual-cpp-build-tools/) with the \"Desktop development \
with C++\" workload (it brings the linker and a Windows SDK), or switch to Rust's GNU \
toolchain (`rustup default stable-x86_64-pc-windows-gnu`), then grade again.";
const NO_XCODE_TOOLS: &str = "Rust links programs with Apple's linker, from the Xcode command \
line tools, which are not installed: run `xcode-select --install`, then grade again.";
const NO_CC: &str = "Rust links programs with the system's C compiler (`cc`), which is not \
installed: install it (`sudo apt install build-essential` on Debian or Ubuntu, `sudo dnf \
install gcc` on Fedora), then grade again.";

/// What one build needs to know.
pub(crate) struct BuildRequest<'a> {
    /// Where the grader keeps its builds (`target/xorlings`).
    pub cache: &'a Path,
    /// What the grader keeps of its builds.
    pub builds: &'a Builds,
    /// The learner's file, as read (with bounds) by the caller.
    pub source: &'a str,
    /// The file as the learner names it: `exercises/<name>/src/lib.rs`.
    pub shown_as: &'a str,
    pub build: model::Build,
    pub color: bool,
    /// The width the compiler's messages are laid out for.
    pub width: usize,
    /// The core to pin the compiler to (see `sandbox::Policy::core`).
    pub core: Option<usize>,
}

/// Where a build writes its program: a private folder in the cache, made before the
/// build, so that the program's runs can be started while the compiler works (see
/// `judge::EarlyRuns`). The program is alone in a folder of its own there.
pub(crate) struct Destination {
    folder: BuildFolder,
}

impl Destination {
    pub(crate) fn new(cache: &Path) -> Result<Destination> {
        let builds = cache.join("builds");
        std::fs::create_dir_all(&builds)
            .with_context(|| format!("cannot create {}", builds.display()))?;
        let folder = BuildFolder::new(&builds)?;
        std::fs::create_dir(folder.path().join(PROGRAM_FOLDER))
            .context("cannot create a build folder")?;
        Ok(Destination { folder })
    }

    /// Where the program will be: `program.exe` on Windows, where a program is found by
    /// its extension.
    pub(crate) fn program(&self) -> PathBuf {
        self.folder
            .path()
            .join(PROGRAM_FOLDER)
            .join("program")
            .with_extension(std::env::consts::EXE_EXTENSION)
    }
}

/// The folder of a build's program, in its build folder.
const PROGRAM_FOLDER: &str = "out";

/// How a build ended.
pub(crate) enum Built {
    Program(Program),
    /// The compiler's errors.
    Failed(CompileErrors),
    Cancelled,
}

/// How one start of the compiler ended.
enum Attempt {
    Ended(Option<Built>, Messages),
    /// It was refused a thread, a process or memory, or ended without a word: why.
    Refused(String),
}

/// A compiled program, and the compiler's warnings about the learner's file.
#[derive(Clone)]
pub(crate) struct Program {
    pub path: PathBuf,
    pub warnings: Vec<String>,
    /// Keeps the program's private folder until the last user is done.
    _folder: Arc<BuildFolder>,
}

/// The Rust toolchain in use.
pub(crate) struct Toolchain {
    sysroot: PathBuf,
    /// The real compiler (not rustup's proxy), run with a cleared environment.
    rustc: PathBuf,
    /// Where a program loads the shared standard library from when it runs.
    pub std_dir: PathBuf,
    /// Changes with the compiler's version.
    key: String,
}

/// How a toolchain is laid out on each system: its compiler's name, its shared standard
/// library's, and how a program finds that library when it runs.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Layout {
    /// `bin/rustc`; `libstd-<hash>.so` in the target's `lib`, found through an rpath.
    Linux,
    /// `bin/rustc`; `libstd-<hash>.dylib` in the target's `lib`, found through an rpath.
    MacOs,
    /// `bin\rustc.exe`; `std-<hash>.dll` in `bin` (and in the target's `lib`, beside its
    /// import library), found on the program's `PATH`: Windows has no rpath.
    Windows,
}

impl Layout {
    const HOST: Layout = if cfg!(windows) {
        Layout::Windows
    } else if cfg!(target_os = "macos") {
        Layout::MacOs
    } else {
        Layout::Linux
    };

    fn rustc(self, sysroot: &Path) -> PathBuf {
        let name = match self {
            Layout::Windows => "rustc.exe",
            Layout::Linux | Layout::MacOs => "rustc",
        };
        sysroot.join("bin").join(name)
    }

    fn is_shared_std(self, name: &str) -> bool {
        match self {
            Layout::Linux => name.starts_with("libstd-") && name.ends_with(".so"),
            Layout::MacOs => name.starts_with("libstd-") && name.ends_with(".dylib"),
            Layout::Windows => name.starts_with("std-") && name.ends_with(".dll"),
        }
    }

    /// Where a program may find the shared std, in the order it is looked for.
    fn std_dirs(self, sysroot: &Path, libdir: &Path) -> Vec<PathBuf> {
        match self {
            Layout::Windows => vec![sysroot.join("bin"), libdir.to_path_buf()],
            Layout::Linux | Layout::MacOs => vec![libdir.to_path_buf()],
        }
    }

    /// What rustc needs to link a program that finds the shared std in `std_dir`.
    fn link_args(self, std_dir: &Path, msvc: bool) -> Vec<OsString> {
        match self {
            Layout::Linux | Layout::MacOs => {
                let mut arg = OsString::from("-Clink-args=-Wl,-rpath,");
                arg.push(std_dir);
                vec![arg]
            }
            // No PDB: link.exe writes one (with /DEBUG) through mspdbsrv.exe, a server
            // the user's builds share, which would be ended with the compile's job.
            Layout::Windows if msvc => vec!["-Cstrip=debuginfo".into()],
            Layout::Windows => Vec::new(),
        }
    }
}

/// The shared standard library of the toolchain in `sysroot` whose target's libraries
/// are in `libdir`: its file name (with the hash of the compiler's version) and the
/// folder a program loads it from.
fn shared_std(layout: Layout, sysroot: &Path, libdir: &Path) -> Result<(String, PathBuf)> {
    for dir in layout.std_dirs(sysroot, libdir) {
        let Ok(entries) = std::fs::read_dir(&dir) else {
            continue;
        };
        let found = entries
            .flatten()
            .map(|entry| entry.file_name().to_string_lossy().into_owned())
            .find(|name| layout.is_shared_std(name));
        if let Some(name) = found {
            return Ok((name, dir));
        }
    }
    bail!(
        "the toolchain in {} has no shared std library (looked in {}); {UNREADABLE_TOOLCHAIN}",
        sysroot.display(),
        layout
            .std_dirs(sysroot, libdir)
            .iter()
            .map(|dir| dir.display().to_string())
            .collect::<Vec<_>>()
            .join(" and ")
    )
}

pub(crate) fn toolchain() -> Result<&'static Toolchain> {
    static TOOLCHAIN: OnceLock<Toolchain> = OnceLock::new();
    if let Some(toolchain) = TOOLCHAIN.get() {
        return Ok(toolchain);
    }
    let (sysroot, libdir) = match toolchain_of_cargo(Layout::HOST) {
        Some(found) => found,
        None => ask_rustc()?,
    };
    let (std_name, std_dir) = shared_std(Layout::HOST, &sysroot, &libdir)?;
    let key = format!("{}/{std_name}", libdir.display());
    Ok(TOOLCHAIN.get_or_init(|| Toolchain {
        rustc: Layout::HOST.rustc(&sysroot),
        sysroot,
        std_dir,
        key,
    }))
}

/// The sysroot and the standard library's folder, as the rustup proxy tells them. It
/// picks the toolchain; it is the user's own, and trusted. One call for both answers:
/// each start of the proxy costs tens of milliseconds.
fn ask_rustc() -> Result<(PathBuf, PathBuf)> {
    let output = sandbox::output_of_trusted(Command::new("rustc").args([
        "--print",
        "sysroot",
        "--print",
        "target-libdir",
    ]))
    .context(NO_RUSTC)?;
    if !output.status.success() {
        bail!("{NO_RUSTC}\n{}", String::from_utf8_lossy(&output.stderr));
    }
    let printed = String::from_utf8_lossy(&output.stdout);
    let mut lines = printed.lines().map(|line| PathBuf::from(line.trim()));
    match (lines.next(), lines.next()) {
        (Some(sysroot), Some(libdir)) => Ok((sysroot, libdir)),
        _ => bail!("{NO_RUSTC}\nrustc printed no sysroot and library folder: {printed}"),
    }
}

/// The toolchain of the cargo that runs the grader (`cargo grader`), or else of the one
/// that built it, without asking the proxy (each start of it costs tens of
/// milliseconds): cargo names its own program in `$CARGO`, in `<sysroot>/bin/`, and a
/// rustup toolchain's folder is named after its host (`stable-x86_64-unknown-linux-gnu`),
/// whose standard library is in `<sysroot>/lib/rustlib/<host>/lib`. `None` for any
/// other layout, or a toolchain since removed.
fn toolchain_of_cargo(layout: Layout) -> Option<(PathBuf, PathBuf)> {
    let cargo = match std::env::var_os("CARGO") {
        Some(cargo) => PathBuf::from(cargo),
        None => PathBuf::from(option_env!("XORLINGS_BUILT_BY_CARGO")?),
    };
    sysroot_of_cargo(&cargo, layout)
}

/// The sysroot and the host's library folder of the rustup toolchain `cargo` is part of.
fn sysroot_of_cargo(cargo: &Path, layout: Layout) -> Option<(PathBuf, PathBuf)> {
    let sysroot = cargo.parent()?.parent()?.to_path_buf();
    let name = sysroot.file_name()?.to_str()?.to_string();
    let rustlib = sysroot.join("lib/rustlib");
    let libdir = std::fs::read_dir(&rustlib)
        .ok()?
        .flatten()
        .map(|entry| entry.file_name().to_string_lossy().into_owned())
        .find(|host| name.ends_with(&format!("-{host}")))
        .map(|host| rustlib.join(host).join("lib"))?;
    (layout.rustc(&sysroot).is_file() && libdir.is_dir()).then_some((sysroot, libdir))
}

/// How the runner library's fingerprint is made: part of its folder's name, so that
/// graders that make it differently never take each other's for damaged.
const FINGERPRINTED_BY: &str = "xorlings_bulk::fingerprint";

/// The fingerprint of a file's `bytes`, as recorded beside it.
fn fingerprint_of(bytes: &[u8]) -> String {
    format!("{:016x}", xorlings_bulk::fingerprint(bytes))
}

fn hash_of(value: impl Hash) -> String {
    let mut hasher = std::hash::DefaultHasher::new();
    value.hash(&mut hasher);
    format!("{:016x}", hasher.finish())
}

/// Runs the compiler with `args` in `folder`, in the sandbox: it reads the toolchain,
/// `folder` and `reads`, writes only `folder`, and sees no variable of the user's.
/// `None` when it succeeded, with its messages.
///
/// A compiler that was refused what it needed (a thread, a process, memory: it says so,
/// or ends without a word) is tried again after a pause, and after the last try that is
/// the machine's refusal, not a compile error of the learner's.
fn rustc(compile: &Compile, cancel: &Cancel) -> Result<(Option<Built>, Messages)> {
    let mut pause = SILENT_RETRY;
    loop {
        let why = match rustc_once(compile, cancel)? {
            Attempt::Ended(built, messages) => return Ok((built, messages)),
            Attempt::Refused(why) => why,
        };
        if pause > SILENT_RETRIES_UP_TO || cancel.is_cancelled() {
            let why = anyhow!("rustc failed each time it was started: {why}");
            return Err(SpawnError::Refused(why).into());
        }
        std::thread::sleep(pause);
        pause *= 2;
    }
}

/// The first pause before a silent compiler is started again, and the last.
const SILENT_RETRY: Duration = Duration::from_millis(100);
const SILENT_RETRIES_UP_TO: Duration = Duration::from_millis(400);

/// One compile: the compiler's arguments, its folder, what else it reads, the learner's
/// file as its messages name it, and the core it runs on.
struct Compile<'a> {
    args: &'a [OsString],
    folder: &'a Path,
    reads: &'a [PathBuf],
    learner_file: &'a str,
    core: Option<usize>,
}

fn rustc_once(compile: &Compile, cancel: &Cancel) -> Result<Attempt> {
    let Compile {
        args,
        folder,
        reads,
        learner_file,
        core,
    } = *compile;
    let toolchain = toolchain()?;
    let mut policy = Policy::compiler(&toolchain.sysroot, folder, COMPILER_LIMITS);
    policy.read.extend(reads.iter().cloned());
    policy.core = core;
    let mut command = Command::new(&toolchain.rustc);
    command
        .args(args)
        .current_dir(folder)
        .stdin(Stdio::null())
        .stdout(Stdio::null())
        .stderr(Stdio::piped());
    let mut run = sandbox::spawn(command, &policy, None, None).context(NO_RUSTC)?;
    // Read the messages on a thread, so a full pipe cannot block the compiler; past
    // what can be shown, the reader stops the compiler (`compile_error!` can print
    // anything).
    let stderr = run
        .stderr
        .take()
        .context("the compiler's messages are not piped")?;
    let stop = cancel.child();
    let reader = {
        let (stop, learner_file) = (stop.clone(), learner_file.to_string());
        std::thread::Builder::new()
            .name("rustc-messages".to_string())
            .spawn(move || messages::read(stderr, &learner_file, &stop))
            .context("cannot start a thread to read the compiler's messages")?
    };
    let deadline = Deadline {
        cpu: COMPILE_LIMIT,
        waiting: COMPILE_LIMIT,
        wall: COMPILE_WALL,
    };
    let ended = run.wait_within(deadline, &stop)?;
    drop(run);
    let mut messages = reader.join().unwrap_or_default();
    let said = |messages: &mut Messages| {
        Built::Failed(CompileErrors {
            messages: with_linker_advice(std::mem::take(&mut messages.errors)),
            in_runner: messages.in_runner,
        })
    };
    let alone = |message: String| {
        Built::Failed(CompileErrors {
            messages: message,
            in_runner: 0,
        })
    };
    let outcome = match ended.how {
        How::Exited(0) => None,
        // Errors all in the grader's main are no silence: the signature changed.
        How::Exited(_) | How::Signalled(_)
            if messages.errors.trim().is_empty() && messages.in_runner == 0 =>
        {
            return Ok(Attempt::Refused(format!(
                "it ended without a word ({:?})",
                ended.how
            )));
        }
        How::Exited(_) | How::Signalled(_) if messages.refused => {
            let first = messages.errors.lines().find(|line| !line.trim().is_empty());
            return Ok(Attempt::Refused(format!(
                "it said: {}",
                first.unwrap_or_default().trim()
            )));
        }
        How::Exited(_) | How::Signalled(_) => Some(said(&mut messages)),
        How::TimedOut | How::OutOfCpuTime => Some(alone(format!(
            "rustc did not finish within {} seconds.",
            COMPILE_LIMIT.as_secs()
        ))),
        How::OutOfMemory => Some(alone(format!(
            "rustc used more than {} GiB of memory.",
            COMPILER_LIMITS.memory >> 30
        ))),
        // Stopped by the reader: more messages than can be shown.
        How::Cancelled if !cancel.is_cancelled() => Some(said(&mut messages)),
        How::Cancelled => Some(Built::Cancelled),
    };
    Ok(Attempt::Ended(outcome, messages))
}

/// The runner library, compiled once per toolchain and runner version, and checked
/// against its recorded hash before its first use by `builds`' grader.
fn runner_library(cache: &Path, builds: &Builds) -> Result<PathBuf> {
    let mut built = builds
        .library
        .lock()
        .map_err(|_| anyhow!("the runner library's lock"))?;
    if let Some(library) = built.as_ref() {
        return Ok(library.clone());
    }
    let toolchain = toolchain()?;
    let dir = cache.join(format!(
        "runtime-{}",
        hash_of((
            &toolchain.key,
            RUNNER_ROOT,
            RUNNER_SOURCES,
            FINGERPRINTED_BY
        ))
    ));
    let library = dir.join(format!("lib{RUNNER_CRATE}.rlib"));
    let recorded = dir.join("rlib.hash");
    // Graders side by side check and build it one at a time: a folder replaced while
    // another grader's compiler reads it would vanish from under that compiler.
    std::fs::create_dir_all(cache).with_context(|| format!("cannot create {}", cache.display()))?;
    let lock = std::fs::File::create(cache.join("runtime.lock"))
        .context("cannot create the runner library's lock")?;
    lock.lock().context("cannot lock the runner library")?;
    let intact = |library: &Path| -> bool {
        let (Ok(bytes), Ok(hash)) = (std::fs::read(library), std::fs::read_to_string(&recorded))
        else {
            return false;
        };
        fingerprint_of(&bytes) == hash.trim()
    };
    if !intact(&library) {
        build_runner_library(cache, &dir)?;
        if !intact(&library) {
            bail!(
                "the runner library in {} does not match its hash after a rebuild",
                dir.display()
            );
        }
    }
    *built = Some(library.clone());
    Ok(library)
}

fn build_runner_library(cache: &Path, dir: &Path) -> Result<()> {
    // Build in a private folder, then rename: parallel graders never see half a library.
    let scratch = tempfile::tempdir_in(cache).context("cannot create a build folder")?;
    std::iter::once(("lib.rs", RUNNER_ROOT))
        .chain(RUNNER_SOURCES)
        .try_for_each(|(name, source)| std::fs::write(scratch.path().join(name), source))
        .context("cannot write the runner's source")?;
    let args: Vec<OsString> = [
        "--edition=2024",
        "--crate-type=rlib",
        "--crate-name",
        RUNNER_CRATE,
        "-C",
        "opt-level=2",
        "--error-format=json",
        "--out-dir=.",
        "lib.rs",
    ]
    .map(OsString::from)
    .to_vec();
    let compile = Compile {
        args: &args,
        folder: scratch.path(),
        reads: &[],
        learner_file: "",
        core: None,
    };
    let (failed, _) = rustc(&compile, &Cancel::default())?;
    match failed {
        None => {}
        Some(Built::Failed(errors)) => {
            return Err(anyhow!(errors.messages).context("the grader's runner does not compile"));
        }
        Some(_) => bail!("the grader's runner was not built"),
    }
    let library = scratch.path().join(format!("lib{RUNNER_CRATE}.rlib"));
    let bytes = std::fs::read(&library).context("cannot read the runner library")?;
    std::fs::write(scratch.path().join("rlib.hash"), fingerprint_of(&bytes))
        .context("cannot record the runner library's hash")?;
    let _ = std::fs::remove_dir_all(dir);
    let built = scratch.keep();
    if std::fs::rename(&built, dir).is_err() && !dir.join("rlib.hash").is_file() {
        bail!("cannot move the runner library into {}", dir.display());
    }
    let _ = std::fs::remove_dir_all(&built);
    Ok(())
}

/// What a grader keeps of its builds for the next ones (each grader its own, shared by
/// its clones): the runner library it checked, and the programs it built, in memory, by
/// the hash of everything they were built from (a program is written into the new
/// grading's own folder when it is reused: no folder outlives its grading). Only these
/// are reused: a file left in the cache by someone else is never trusted.
#[derive(Default)]
pub(crate) struct Builds {
    library: Mutex<Option<PathBuf>>,
    programs: Mutex<VecDeque<(String, Kept)>>,
}

/// A program kept for reuse: its bytes and the compiler's warnings.
#[derive(Clone)]
struct Kept {
    bytes: Arc<Vec<u8>>,
    warnings: Vec<String>,
}

impl std::fmt::Debug for Builds {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Builds").finish_non_exhaustive()
    }
}

/// Compiles the request's source into a program, at `destination` (unless this process
/// built the same before).
pub(crate) fn build(
    request: &BuildRequest,
    destination: Destination,
    cancel: &Cancel,
) -> Result<Built> {
    let toolchain = toolchain()?;
    let stamp = hash_of((
        request.source,
        request.shown_as,
        &request.build,
        request.color,
        request.width,
        &toolchain.key,
        RUNNER_ROOT,
        RUNNER_SOURCES,
    ));
    let reused = request.builds.programs.lock().ok().and_then(|programs| {
        programs
            .iter()
            .find(|(s, _)| *s == stamp)
            .map(|(_, kept)| kept.clone())
    });
    if let Some(kept) = reused {
        let path = destination.program();
        files::write_program(&path, &kept.bytes).context("cannot write a program")?;
        return Ok(Built::Program(Program {
            path,
            warnings: kept.warnings,
            _folder: Arc::new(destination.folder),
        }));
    }
    let library = match request.build {
        model::Build::Function { .. } => Some(runner_library(request.cache, request.builds)?),
        model::Build::Program => None,
    };
    let path = destination.program();
    let folder = destination.folder;
    let src = folder.path().join("src");
    std::fs::create_dir(&src).context("cannot create a build folder")?;
    let file_name = request.build.file_name();
    std::fs::write(src.join(file_name), request.source).context("cannot copy the exercise file")?;
    // The crate's root, by the names of its folder and file.
    let root: &[&str] = match &request.build {
        model::Build::Function { main, .. } => {
            std::fs::write(folder.path().join("main.rs"), main)
                .context("cannot write the runner's main")?;
            &["main.rs"]
        }
        model::Build::Program => &["src", "main.rs"],
    };
    let shown_src = Path::new(request.shown_as)
        .parent()
        .map(Path::to_path_buf)
        .unwrap_or_default();
    let optimised = matches!(
        request.build,
        model::Build::Function {
            optimised: true,
            ..
        }
    );
    // Optimised a little, in one codegen unit: the local link-time optimisation of
    // several would take a quarter of the compile.
    let optimisation: &[&str] = if optimised {
        &["-Copt-level=1", "-Ccodegen-units=1"]
    } else {
        &["-Copt-level=0"]
    };
    let mut args: Vec<OsString> = ["--edition=2024", "--crate-type=bin", "--crate-name=program"]
        .iter()
        .chain(optimisation)
        .chain(&[
            // The checks of a debug build either way: overflow is a panic, as in `cargo test`.
            "-Coverflow-checks=on",
            "-Cdebug-assertions=on",
            "-Cprefer-dynamic",
            "--error-format=json",
        ])
        .map(OsString::from)
        .collect();
    if request.color {
        args.push("--json=diagnostic-rendered-ansi".into());
    }
    args.push(format!("--diagnostic-width={}", request.width).into());
    args.extend(Layout::HOST.link_args(&toolchain.std_dir, cfg!(target_env = "msvc")));
    args.extend([
        // Paths as the learner knows them; the runner's part of the program as `[grader]`.
        remap(folder.path(), Path::new(RUNNER_FOLDER)),
        remap(&src, &shown_src),
        "-o".into(),
        path.clone().into(),
        // Absolute, so that every path in messages and panics is remapped.
        root.iter()
            .fold(folder.path().to_path_buf(), |path, part| path.join(part))
            .into(),
    ]);
    if let Some(library) = &library {
        args.push("--extern".into());
        args.push(format!("{RUNNER_CRATE}={}", library.display()).into());
    }
    let learner_file = shown_src.join(file_name).display().to_string();
    let reads: Vec<PathBuf> = library
        .iter()
        .filter_map(|l| l.parent())
        .map(Path::to_path_buf)
        .collect();
    let compile = Compile {
        args: &args,
        folder: folder.path(),
        reads: &reads,
        learner_file: &learner_file,
        core: request.core,
    };
    let (failed, messages) = rustc(&compile, cancel)?;
    if let Some(failed) = failed {
        return Ok(failed);
    }
    if let (Ok(bytes), Ok(mut programs)) = (std::fs::read(&path), request.builds.programs.lock()) {
        let kept = Kept {
            bytes: Arc::new(bytes),
            warnings: messages.warnings.clone(),
        };
        programs.push_back((stamp, kept));
        if programs.len() > PROGRAMS_KEPT {
            programs.pop_front();
        }
    }
    Ok(Built::Program(Program {
        path,
        warnings: messages.warnings,
        _folder: Arc::new(folder),
    }))
}

/// `--remap-path-prefix` from `folder` to `shown`, each with a trailing separator (the
/// system's: `exercises\xor_all\src\lib.rs` on Windows).
fn remap(folder: &Path, shown: &Path) -> OsString {
    let mut arg = OsString::from("--remap-path-prefix=");
    arg.push(folder.join(""));
    arg.push("=");
    arg.push(shown.join(""));
    arg
}

/// The compiler's errors, with what to install first when they say the linker is
/// missing.
fn with_linker_advice(errors: String) -> String {
    match MISSING_LINKERS
        .iter()
        .find(|(said, _)| errors.contains(said))
    {
        Some((_, advice)) => format!("{advice}\n\n{errors}"),
        None => errors,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A build's folder goes with its last user; the next build's is new.
    #[test]
    fn a_build_folder_goes_when_its_grading_is_done() {
        let cache = tempfile::tempdir().unwrap();
        let destination = Destination::new(cache.path()).unwrap();
        let folder = destination.folder.path().to_path_buf();
        assert!(folder.join(PROGRAM_FOLDER).is_dir());
        drop(destination);
        assert!(!folder.exists());
        let builds = std::fs::read_dir(cache.path().join("builds"))
            .unwrap()
            .count();
        assert_eq!(builds, 0);
    }

    /// A toolchain's folders as `layout` has them, with its shared std named `std_name`
    /// in each folder of `std_in` (relative to the sysroot).
    fn fake_sysroot(layout: Layout, std_name: &str, std_in: &[&str]) -> tempfile::TempDir {
        let sysroot = tempfile::tempdir().unwrap();
        for dir in ["bin", "lib/rustlib/x86_64-fake/lib"] {
            std::fs::create_dir_all(sysroot.path().join(dir)).unwrap();
        }
        std::fs::write(layout.rustc(sysroot.path()), "").unwrap();
        for dir in std_in {
            std::fs::write(sysroot.path().join(dir).join(std_name), "").unwrap();
        }
        // Look-alikes every layout has beside the shared std.
        let libdir = sysroot.path().join("lib/rustlib/x86_64-fake/lib");
        for decoy in ["libstd-1234.rlib", "std-1234.dll.lib", "libstd-1234.dll.a"] {
            std::fs::write(libdir.join(decoy), "").unwrap();
        }
        sysroot
    }

    const LIBDIR: &str = "lib/rustlib/x86_64-fake/lib";

    #[test]
    fn the_shared_std_is_found_in_each_systems_layout() {
        for (layout, name, std_in, found_in) in [
            (Layout::Linux, "libstd-1234.so", &[LIBDIR][..], LIBDIR),
            (Layout::MacOs, "libstd-1234.dylib", &[LIBDIR], LIBDIR),
            // rustup puts the DLL in both: a program loads the one in bin.
            (Layout::Windows, "std-1234.dll", &["bin", LIBDIR], "bin"),
            (Layout::Windows, "std-1234.dll", &[LIBDIR], LIBDIR),
        ] {
            let sysroot = fake_sysroot(layout, name, std_in);
            let libdir = sysroot.path().join(LIBDIR);
            let (found, dir) = shared_std(layout, sysroot.path(), &libdir).unwrap();
            assert_eq!(found, name, "{layout:?}");
            assert_eq!(dir, sysroot.path().join(found_in), "{layout:?}");
            // Each system's own name only: a macOS toolchain has no .so.
            let other = match layout {
                Layout::Linux => Layout::MacOs,
                _ => Layout::Linux,
            };
            let error = shared_std(other, sysroot.path(), &libdir).unwrap_err();
            assert!(
                error.to_string().contains("no shared std library"),
                "{error}"
            );
        }
    }

    #[test]
    fn cargos_own_toolchain_is_found_by_its_host_and_its_rustc() {
        let sysroot = fake_sysroot(Layout::Windows, "std-1234.dll", &["bin"]);
        let toolchains = tempfile::tempdir().unwrap();
        let named = toolchains.path().join("stable-x86_64-fake");
        std::fs::rename(sysroot.path(), &named).unwrap();
        let cargo = named.join("bin").join("cargo.exe");
        let (found, libdir) = sysroot_of_cargo(&cargo, Layout::Windows).unwrap();
        assert_eq!(found, named);
        assert_eq!(libdir, named.join(LIBDIR));
        // rustc.exe is there, rustc is not.
        assert_eq!(sysroot_of_cargo(&cargo, Layout::Linux), None);
    }

    #[test]
    fn programs_find_the_shared_std_by_rpath_or_on_their_path() {
        let dir = Path::new("/toolchain/lib");
        assert_eq!(
            Layout::Linux.link_args(dir, false),
            [OsString::from("-Clink-args=-Wl,-rpath,/toolchain/lib")]
        );
        assert_eq!(
            Layout::MacOs.link_args(dir, false),
            Layout::Linux.link_args(dir, false)
        );
        // link.exe takes no -Wl; MSVC's programs are linked without a PDB.
        assert_eq!(
            Layout::Windows.link_args(dir, true),
            [OsString::from("-Cstrip=debuginfo")]
        );
        assert!(Layout::Windows.link_args(dir, false).is_empty());
        assert_eq!(
            Layout::Windows.rustc(Path::new("sysroot")),
            Path::new("sysroot").join("bin").join("rustc.exe")
        );
    }

    #[test]
    fn paths_are_remapped_with_the_systems_separator() {
        let arg = remap(Path::new("/tmp/build"), Path::new("exercises/xor_all/src"));
        let separator = std::path::MAIN_SEPARATOR;
        assert_eq!(
            arg,
            OsString::from(format!(
                "--remap-path-prefix=/tmp/build{separator}=exercises/xor_all/src{separator}"
            ))
        );
    }

    #[test]
    fn a_missing_linker_is_explained_first() {
        let errors = "error: linker `link.exe` not found\n  |\n  = note: program not found";
        let advised = with_linker_advice(errors.to_string());
        assert!(advised.starts_with(NO_LINK_EXE), "{advised}");
        assert!(advised.ends_with(errors));
        assert!(advised.contains("Desktop development with C++"));
        let mac = "note: xcrun: error: invalid active developer path \
                   (/Library/Developer/CommandLineTools), missing xcrun";
        assert!(with_linker_advice(mac.to_string()).starts_with(NO_XCODE_TOOLS));
        let other = "error[E0308]: mismatched types".to_string();
        assert_eq!(with_linker_advice(other.clone()), other);
    }
}
