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

use super::messages::{self, Messages};
use super::run::Cancel;
use crate::model;
use crate::sandbox::{self, Deadline, How, Limits, Policy};

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
/// Built programs kept for reuse in this process (watch grades the same file again
/// after a check of all exercises, for example).
const PROGRAMS_KEPT: usize = 32;
const NO_RUSTC: &str = "cannot run rustc; is Rust installed (https://rustup.rs)?";

/// What one build needs to know.
pub struct BuildRequest<'a> {
    /// Where the grader keeps its builds (`target/xorlings`).
    pub cache: &'a Path,
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

/// How a build ended.
pub enum Built {
    Program(Program),
    /// The compiler's error messages.
    Failed(String),
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
pub struct Program {
    pub path: PathBuf,
    pub warnings: Vec<String>,
    /// Keeps the program's private folder until the last user is done.
    _folder: Arc<tempfile::TempDir>,
}

/// The Rust toolchain in use.
pub struct Toolchain {
    sysroot: PathBuf,
    /// The real compiler (not rustup's proxy), run with a cleared environment.
    rustc: PathBuf,
    /// Where the shared standard library lives.
    pub libdir: PathBuf,
    /// Changes with the compiler's version.
    key: String,
}

pub fn toolchain() -> Result<&'static Toolchain> {
    static TOOLCHAIN: OnceLock<Toolchain> = OnceLock::new();
    if let Some(toolchain) = TOOLCHAIN.get() {
        return Ok(toolchain);
    }
    let (sysroot, libdir) = match toolchain_of_cargo() {
        Some(found) => found,
        None => ask_rustc()?,
    };
    // The shared std's file name carries a hash of the compiler's version.
    let std_name = std::fs::read_dir(&libdir)
        .with_context(|| format!("cannot list {}", libdir.display()))?
        .flatten()
        .map(|entry| entry.file_name().to_string_lossy().into_owned())
        .find(|name| name.starts_with("libstd-") && name.ends_with(".so"))
        .with_context(|| {
            format!(
                "the toolchain in {} has no shared std library",
                libdir.display()
            )
        })?;
    let key = format!("{}/{std_name}", libdir.display());
    Ok(TOOLCHAIN.get_or_init(|| Toolchain {
        rustc: sysroot.join("bin/rustc"),
        sysroot,
        libdir,
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
fn toolchain_of_cargo() -> Option<(PathBuf, PathBuf)> {
    let cargo = match std::env::var_os("CARGO") {
        Some(cargo) => PathBuf::from(cargo),
        None => PathBuf::from(option_env!("XORLINGS_BUILT_BY_CARGO")?),
    };
    let sysroot = cargo.parent()?.parent()?.to_path_buf();
    let name = sysroot.file_name()?.to_str()?.to_string();
    let rustlib = sysroot.join("lib/rustlib");
    let libdir = std::fs::read_dir(&rustlib)
        .ok()?
        .flatten()
        .map(|entry| entry.file_name().to_string_lossy().into_owned())
        .find(|host| name.ends_with(&format!("-{host}")))
        .map(|host| rustlib.join(host).join("lib"))?;
    (sysroot.join("bin/rustc").is_file() && libdir.is_dir()).then_some((sysroot, libdir))
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
            return Err(anyhow!(std::io::Error::from_raw_os_error(libc::EAGAIN))
                .context(format!("rustc failed each time it was started: {why}")));
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
    let mut run = sandbox::spawn(command, &policy, Vec::new()).context(NO_RUSTC)?;
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
    let outcome = match ended.how {
        How::Exited(0) => None,
        How::Exited(_) | How::Signalled(_) if messages.errors.trim().is_empty() => {
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
        How::Exited(_) | How::Signalled(_) => {
            Some(Built::Failed(std::mem::take(&mut messages.errors)))
        }
        How::TimedOut | How::OutOfCpuTime => Some(Built::Failed(format!(
            "rustc did not finish within {} seconds.",
            COMPILE_LIMIT.as_secs()
        ))),
        // Stopped by the reader: more messages than can be shown.
        How::Cancelled if !cancel.is_cancelled() => {
            Some(Built::Failed(std::mem::take(&mut messages.errors)))
        }
        How::Cancelled => Some(Built::Cancelled),
    };
    Ok(Attempt::Ended(outcome, messages))
}

/// The runner library, compiled once per toolchain and runner version, and checked
/// against its recorded hash before each reuse.
fn runner_library(cache: &Path) -> Result<PathBuf> {
    static LIBRARY: Mutex<Option<PathBuf>> = Mutex::new(None);
    let mut built = LIBRARY
        .lock()
        .map_err(|_| anyhow!("the runner library's lock"))?;
    if let Some(library) = built.as_ref() {
        return Ok(library.clone());
    }
    let toolchain = toolchain()?;
    let dir = cache.join(format!(
        "runtime-{}",
        hash_of((&toolchain.key, RUNNER_ROOT, RUNNER_SOURCES))
    ));
    let library = dir.join(format!("lib{RUNNER_CRATE}.rlib"));
    let recorded = dir.join("rlib.hash");
    // Graders side by side check and build it one at a time: a folder replaced while
    // another grader's compiler reads it would vanish from under that compiler.
    std::fs::create_dir_all(cache).with_context(|| format!("cannot create {}", cache.display()))?;
    let lock = std::fs::File::create(cache.join("runtime.lock"))
        .context("cannot create the runner library's lock")?;
    rustix::fs::flock(&lock, rustix::fs::FlockOperation::LockExclusive)
        .context("cannot lock the runner library")?;
    let intact = |library: &Path| -> bool {
        let (Ok(bytes), Ok(hash)) = (std::fs::read(library), std::fs::read_to_string(&recorded))
        else {
            return false;
        };
        hash_of(&bytes) == hash.trim()
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
        Some(Built::Failed(messages)) => {
            return Err(anyhow!(messages).context("the grader's runner does not compile"));
        }
        Some(_) => bail!("the grader's runner was not built"),
    }
    let library = scratch.path().join(format!("lib{RUNNER_CRATE}.rlib"));
    let bytes = std::fs::read(&library).context("cannot read the runner library")?;
    std::fs::write(scratch.path().join("rlib.hash"), hash_of(&bytes))
        .context("cannot record the runner library's hash")?;
    let _ = std::fs::remove_dir_all(dir);
    let built = scratch.keep();
    if std::fs::rename(&built, dir).is_err() && !dir.join("rlib.hash").is_file() {
        bail!("cannot move the runner library into {}", dir.display());
    }
    let _ = std::fs::remove_dir_all(&built);
    Ok(())
}

/// Programs this process built, by the hash of everything they were built from: only
/// these are reused (a file left in the cache by someone else is never trusted).
fn built_programs() -> &'static Mutex<VecDeque<(String, Program)>> {
    static PROGRAMS: OnceLock<Mutex<VecDeque<(String, Program)>>> = OnceLock::new();
    PROGRAMS.get_or_init(Default::default)
}

/// Compiles the request's source into a program.
pub fn build(request: &BuildRequest, cancel: &Cancel) -> Result<Built> {
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
    let reused = built_programs().lock().ok().and_then(|programs| {
        programs
            .iter()
            .find(|(s, _)| *s == stamp)
            .map(|(_, p)| p.clone())
    });
    if let Some(program) = reused {
        return Ok(Built::Program(program));
    }
    let library = match request.build {
        model::Build::Function { .. } => Some(runner_library(request.cache)?),
        model::Build::Program => None,
    };
    let builds = request.cache.join("builds");
    std::fs::create_dir_all(&builds)
        .with_context(|| format!("cannot create {}", builds.display()))?;
    let folder = tempfile::tempdir_in(&builds).context("cannot create a build folder")?;
    let src = folder.path().join("src");
    std::fs::create_dir(&src).context("cannot create a build folder")?;
    let file_name = request.build.file_name();
    std::fs::write(src.join(file_name), request.source).context("cannot copy the exercise file")?;
    let root = match &request.build {
        model::Build::Function { main, .. } => {
            std::fs::write(folder.path().join("main.rs"), main)
                .context("cannot write the runner's main")?;
            "main.rs"
        }
        model::Build::Program => "src/main.rs",
    };
    let shown_src = Path::new(request.shown_as)
        .parent()
        .map(|dir| dir.display().to_string())
        .unwrap_or_default();
    let path = folder.path().join("program");
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
    args.extend([
        format!("--diagnostic-width={}", request.width).into(),
        format!("-Clink-args=-Wl,-rpath,{}", toolchain.libdir.display()).into(),
        // Paths as the learner knows them; the runner's part of the program as `[grader]`.
        remap(folder.path(), "[grader]"),
        remap(&src, &shown_src),
        "-o".into(),
        path.clone().into(),
        // Absolute, so that every path in messages and panics is remapped.
        folder.path().join(root).into(),
    ]);
    if let Some(library) = &library {
        args.push("--extern".into());
        args.push(format!("{RUNNER_CRATE}={}", library.display()).into());
    }
    let learner_file = format!("{shown_src}/{file_name}");
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
    let program = Program {
        path,
        warnings: messages.warnings,
        _folder: Arc::new(folder),
    };
    if let Ok(mut programs) = built_programs().lock() {
        programs.push_back((stamp, program.clone()));
        if programs.len() > PROGRAMS_KEPT {
            programs.pop_front();
        }
    }
    Ok(Built::Program(program))
}

/// `--remap-path-prefix` from `folder` (with its trailing slash) to `shown`.
fn remap(folder: &Path, shown: &str) -> OsString {
    let mut arg = OsString::from("--remap-path-prefix=");
    arg.push(folder.as_os_str());
    arg.push("/=");
    arg.push(shown);
    arg.push("/");
    arg
}
