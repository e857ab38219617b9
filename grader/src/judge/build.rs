//! Compiling a learner's `lib.rs` together with the runner and one exercise's adapter.
//!
//! Plain `rustc`, no cargo, and as little to compile as possible: the runner is compiled
//! once into a library, the standard library is linked dynamically, and a build whose
//! inputs did not change is reused. That keeps a save-to-verdict cycle close to the cost
//! of compiling the learner's file alone.

use std::hash::{Hash, Hasher};
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::sync::OnceLock;
use std::time::Duration;

use anyhow::{Context, Result, anyhow, bail};

use super::run::{Cancel, Wait, own_process_group, wait_child};

/// The runner's own code; see the protocol at its top.
const RUNNER_SOURCE: &str = include_str!("runner.rs");
const RUNNER_CRATE: &str = "xorlings_runner";
/// A compiler that runs longer than this is stuck (a learner's macro or const loop).
const COMPILE_LIMIT: Duration = Duration::from_secs(60);
const NO_RUSTC: &str = "cannot run rustc; is Rust installed (https://rustup.rs)?";

/// What one build needs to know.
pub struct BuildRequest<'a> {
    /// The workbook root: compiler messages show paths relative to it, as the learner's
    /// editor does.
    pub root: &'a Path,
    /// The folder shared by all builds (for the compiled runner library).
    pub build_root: &'a Path,
    /// The learner's (or a solution's) `lib.rs`.
    pub source: &'a Path,
    /// The exercise's `solve` function.
    pub adapter: &'a str,
    /// This build's own folder.
    pub out_dir: &'a Path,
    pub color: bool,
}

/// How a build ended.
pub enum Build {
    Runner(PathBuf),
    /// The compiler's messages, as it printed them.
    Failed(String),
    Cancelled,
}

/// The Rust toolchain in use: where its shared standard library lives, and a key that
/// changes with its version.
struct Toolchain {
    libdir: PathBuf,
    key: String,
}

fn toolchain() -> Result<&'static Toolchain> {
    static TOOLCHAIN: OnceLock<Toolchain> = OnceLock::new();
    if let Some(toolchain) = TOOLCHAIN.get() {
        return Ok(toolchain);
    }
    let output = Command::new("rustc")
        .args(["--print", "target-libdir"])
        .output()
        .context(NO_RUSTC)?;
    if !output.status.success() {
        bail!("{NO_RUSTC}\n{}", String::from_utf8_lossy(&output.stderr));
    }
    let libdir = PathBuf::from(String::from_utf8_lossy(&output.stdout).trim());
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
    Ok(TOOLCHAIN.get_or_init(|| Toolchain { libdir, key }))
}

fn hash_of(value: impl Hash) -> String {
    let mut hasher = std::hash::DefaultHasher::new();
    value.hash(&mut hasher);
    format!("{:016x}", hasher.finish())
}

/// Runs rustc with `args`, returning its messages when it fails.
fn rustc(args: &[&std::ffi::OsStr], cancel: &Cancel) -> Result<Option<Build>> {
    let mut command = Command::new("rustc");
    command
        .args(args)
        .stdin(Stdio::null())
        .stdout(Stdio::null())
        .stderr(Stdio::piped());
    own_process_group(&mut command);
    let mut child = command.spawn().context(NO_RUSTC)?;
    // Read the messages on a thread, so a full pipe cannot block the compiler.
    let mut stderr = child.stderr.take().expect("stderr is piped");
    let messages = std::thread::spawn(move || {
        let mut text = String::new();
        let _ = std::io::Read::read_to_string(&mut stderr, &mut text);
        text
    });
    let wait = wait_child(&mut child, COMPILE_LIMIT, cancel)?;
    let messages = messages.join().unwrap_or_default();
    Ok(match wait {
        Wait::Status(status) if status.success() => None,
        Wait::Status(_) => Some(Build::Failed(messages)),
        Wait::TimedOut => Some(Build::Failed(format!(
            "rustc did not finish within {} seconds.",
            COMPILE_LIMIT.as_secs()
        ))),
        Wait::Cancelled => Some(Build::Cancelled),
    })
}

/// The runner library, compiled once per toolchain and runner version.
fn runner_library(build_root: &Path, toolchain: &Toolchain) -> Result<PathBuf> {
    let dir = build_root.join(format!(
        "runtime-{}",
        hash_of((&toolchain.key, RUNNER_SOURCE))
    ));
    let library = dir.join(format!("lib{RUNNER_CRATE}.rlib"));
    if library.is_file() {
        return Ok(library);
    }
    std::fs::create_dir_all(build_root)
        .with_context(|| format!("cannot create {}", build_root.display()))?;
    // Build in a private folder, then rename: parallel graders never see half a library.
    let scratch = tempfile::tempdir_in(build_root).context("cannot create a build folder")?;
    let source = scratch.path().join("runner.rs");
    std::fs::write(&source, RUNNER_SOURCE).context("cannot write the runner's source")?;
    let args: Vec<std::ffi::OsString> = vec![
        "--edition".into(),
        "2024".into(),
        "--crate-type".into(),
        "rlib".into(),
        "--crate-name".into(),
        RUNNER_CRATE.into(),
        "--out-dir".into(),
        scratch.path().into(),
        source.into(),
    ];
    let args: Vec<&std::ffi::OsStr> = args.iter().map(|a| a.as_os_str()).collect();
    if let Some(Build::Failed(messages)) = rustc(&args, &Cancel::default())? {
        return Err(anyhow!(messages).context("the grader's runner does not compile"));
    }
    let built = scratch.keep();
    if std::fs::rename(&built, &dir).is_err() && !library.is_file() {
        bail!("cannot move the runner library into {}", dir.display());
    }
    let _ = std::fs::remove_dir_all(&built);
    Ok(library)
}

/// Compiles the request's source with the runner and the adapter into a runner program.
pub fn build(request: &BuildRequest, cancel: &Cancel) -> Result<Build> {
    let out_dir = request.out_dir;
    std::fs::create_dir_all(out_dir)
        .with_context(|| format!("cannot create the build folder {}", out_dir.display()))?;
    let learner = std::fs::read(request.source).with_context(|| {
        format!(
            "cannot read {}; if you deleted it, `grader reset` brings the exercise back",
            request.source.display()
        )
    })?;
    let source = std::path::absolute(request.source)?;
    let main = format!(
        "fn main() {{\n    {RUNNER_CRATE}::run(solve);\n}}\n\n{}\n\n#[path = {:?}]\nmod learner;\n",
        request.adapter,
        source.display().to_string()
    );
    let toolchain = toolchain()?;
    // The runner's name carries a hash of everything it is built from: a build whose
    // inputs did not change is reused, and two graders (watch, and `run` in another
    // terminal) never mix up their builds.
    let stamp = hash_of((
        &main,
        &learner,
        request.color,
        &toolchain.key,
        RUNNER_SOURCE,
    ));
    let runner = out_dir.join(format!("runner-{stamp}"));
    if runner.is_file() {
        return Ok(Build::Runner(runner));
    }
    let library = runner_library(request.build_root, toolchain)?;
    let scratch = tempfile::tempdir_in(out_dir).context("cannot create a build folder")?;
    let main_path = scratch.path().join("main.rs");
    std::fs::write(&main_path, main)
        .with_context(|| format!("cannot write {}", main_path.display()))?;
    let built = scratch.path().join("runner");

    let root = std::path::absolute(request.root)?;
    let args: Vec<std::ffi::OsString> = vec![
        "--edition".into(),
        "2024".into(),
        "--crate-type".into(),
        "bin".into(),
        "--crate-name".into(),
        "runner".into(),
        "-A".into(),
        "warnings".into(),
        "--extern".into(),
        format!("{RUNNER_CRATE}={}", library.display()).into(),
        // Optimise a little (a HashMap memo runs ten times faster, for no visible compile
        // time), but keep the checks of a debug build: overflow is a panic, as in `cargo test`.
        "-C".into(),
        "opt-level=1".into(),
        "-C".into(),
        "overflow-checks=on".into(),
        "-C".into(),
        "debug-assertions=on".into(),
        // Linking std dynamically saves a third of the compile time.
        "-C".into(),
        "prefer-dynamic".into(),
        "-C".into(),
        format!("link-args=-Wl,-rpath,{}", toolchain.libdir.display()).into(),
        format!("--remap-path-prefix={}/=", root.display()).into(),
        "--color".into(),
        if request.color { "always" } else { "never" }.into(),
        "-o".into(),
        built.clone().into(),
        main_path.into(),
    ];
    let args: Vec<&std::ffi::OsStr> = args.iter().map(|a| a.as_os_str()).collect();
    if let Some(failed) = rustc(&args, cancel)? {
        return Ok(failed);
    }
    std::fs::rename(&built, &runner)
        .with_context(|| format!("cannot move the runner to {}", runner.display()))?;
    remove_other_runners(out_dir, &runner);
    Ok(Build::Runner(runner))
}

/// Older builds of this folder are of no more use (a run may still be using one: Unix
/// lets a running program's file go).
fn remove_other_runners(out_dir: &Path, keep: &Path) {
    let Ok(entries) = std::fs::read_dir(out_dir) else {
        return;
    };
    for entry in entries.flatten() {
        let path = entry.path();
        let is_runner = entry.file_name().to_string_lossy().starts_with("runner-");
        if is_runner && path != keep {
            let _ = std::fs::remove_file(path);
        }
    }
}
