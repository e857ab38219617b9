//! Compiling a learner's `lib.rs` together with the runner and one exercise's adapter.
//!
//! One `rustc` call, no cargo: that keeps a save-to-verdict cycle close to the cost of
//! compiling the learner's file alone. A build whose inputs did not change is reused.

use std::hash::{Hash, Hasher};
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::Duration;

use anyhow::{Context, Result};

use super::run::{Cancel, Wait, own_process_group, wait_child};

/// The runner's own code; see the protocol at its top.
const RUNNER_SOURCE: &str = include_str!("runner.rs");
/// A compiler that runs longer than this is stuck (a learner's macro or const loop).
const COMPILE_LIMIT: Duration = Duration::from_secs(60);

/// How a build ended.
pub enum Build {
    Runner(PathBuf),
    /// The compiler's messages, as it printed them.
    Failed(String),
    Cancelled,
}

/// Compiles `source` (a learner's or a solution's `lib.rs`) with `adapter` into a runner
/// placed in `out_dir`. `root` is the workbook root: paths in compiler messages are
/// shown relative to it, as the learner sees them in their editor.
pub fn build(
    root: &Path,
    source: &Path,
    adapter: &str,
    out_dir: &Path,
    color: bool,
    cancel: &Cancel,
) -> Result<Build> {
    std::fs::create_dir_all(out_dir)
        .with_context(|| format!("cannot create the build folder {}", out_dir.display()))?;
    let learner = std::fs::read(source).with_context(|| {
        format!(
            "cannot read {}; if you deleted it, `grader reset` brings the exercise back",
            source.display()
        )
    })?;
    let source = std::path::absolute(source)?;
    let main_path = out_dir.join("main.rs");
    let main = format!(
        "{RUNNER_SOURCE}\n// The exercise's adapter.\n{adapter}\n#[path = {:?}]\nmod learner;\n",
        source.display().to_string()
    );
    let runner = out_dir.join("runner");
    let stamp_path = out_dir.join("runner.stamp");
    let stamp = {
        let mut hasher = std::hash::DefaultHasher::new();
        (&main, &learner, color).hash(&mut hasher);
        format!("{:016x}", hasher.finish())
    };
    if runner.is_file() && std::fs::read_to_string(&stamp_path).ok().as_deref() == Some(&stamp) {
        return Ok(Build::Runner(runner));
    }
    let _ = std::fs::remove_file(&stamp_path);
    std::fs::write(&main_path, main)
        .with_context(|| format!("cannot write {}", main_path.display()))?;

    let root = std::path::absolute(root)?;
    let mut command = Command::new("rustc");
    command
        .args([
            "--edition",
            "2024",
            "--crate-type",
            "bin",
            "--crate-name",
            "runner",
        ])
        .args(["-A", "warnings", "-C", "debuginfo=0"])
        .arg(format!("--remap-path-prefix={}/=", root.display()))
        .args(["--color", if color { "always" } else { "never" }])
        .arg("-o")
        .arg(&runner)
        .arg(&main_path)
        .stdin(Stdio::null())
        .stdout(Stdio::null())
        .stderr(Stdio::piped());
    own_process_group(&mut command);
    let mut child = command
        .spawn()
        .context("cannot start rustc; is Rust installed (https://rustup.rs)?")?;
    // rustc's messages are small; read them on a thread so a full pipe cannot block it.
    let mut stderr = child.stderr.take().expect("stderr is piped");
    let messages = std::thread::spawn(move || {
        let mut text = String::new();
        let _ = std::io::Read::read_to_string(&mut stderr, &mut text);
        text
    });
    let wait = wait_child(&mut child, COMPILE_LIMIT, cancel)?;
    let messages = messages.join().unwrap_or_default();
    match wait {
        Wait::Status(status) if status.success() => {
            std::fs::write(&stamp_path, stamp)
                .with_context(|| format!("cannot write {}", stamp_path.display()))?;
            Ok(Build::Runner(runner))
        }
        Wait::Status(_) => Ok(Build::Failed(messages)),
        Wait::TimedOut => Ok(Build::Failed(format!(
            "rustc did not finish within {} seconds.",
            COMPILE_LIMIT.as_secs()
        ))),
        Wait::Cancelled => Ok(Build::Cancelled),
    }
}
