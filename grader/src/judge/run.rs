//! Running a compiled runner on the cases, with a time limit and bounded memory, and
//! reading back what it answered. Nothing here decides a verdict.

use std::io::Read;
use std::os::unix::process::{CommandExt, ExitStatusExt};
use std::path::Path;
use std::process::{Child, Command, Stdio};
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::thread::JoinHandle;
use std::time::{Duration, Instant};

use anyhow::{Context, Result};
use wait_timeout::ChildExt;

/// Address space for the learner's process: its heap plus the runner's big stack.
const MEMORY_LIMIT_BYTES: u64 = 6 << 30;
/// Largest file the learner's process may write (the answers are far smaller).
const FILE_LIMIT_BYTES: u64 = 1 << 30;
/// How much of the learner's own printing is kept to show them.
const OUTPUT_KEPT_BYTES: usize = 16 * 1024;
/// How often a run checks whether it was cancelled (a newer save in watch mode).
const CANCEL_CHECK: Duration = Duration::from_millis(20);

const ANSWER: u64 = 0;
const PANIC: u64 = 1;
const DONE: u64 = 2;

/// Set by the caller to stop a build or a run early (watch mode, on a newer save).
#[derive(Debug, Clone, Default)]
pub struct Cancel(Arc<AtomicBool>);

impl Cancel {
    pub fn cancel(&self) {
        self.0.store(true, Ordering::SeqCst);
    }
    pub fn is_cancelled(&self) -> bool {
        self.0.load(Ordering::SeqCst)
    }
}

/// What the runner answered for one case.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Record {
    Answer(Vec<u64>),
    Panic(String),
}

/// How the runner's process ended.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum End {
    Exited(i32),
    Signalled(i32),
    TimedOut,
    Cancelled,
}

/// Everything a run produced, for the judge to decide on.
#[derive(Debug, Clone)]
pub struct Execution {
    pub records: Vec<Record>,
    /// The runner wrote its final record: every case was answered.
    pub finished: bool,
    pub end: End,
    /// The learner's own printing (stdout then stderr), truncated.
    pub output: String,
    pub elapsed: Duration,
}

/// How a child process ended, waiting at most `limit` and stopping early on `cancel`.
pub enum Wait {
    Status(std::process::ExitStatus),
    TimedOut,
    Cancelled,
}

/// Waits for `child`; on a time-out or a cancel, kills its whole process group.
pub fn wait_child(child: &mut Child, limit: Duration, cancel: &Cancel) -> Result<Wait> {
    let start = Instant::now();
    loop {
        let left = limit.saturating_sub(start.elapsed());
        if let Some(status) = child.wait_timeout(left.min(CANCEL_CHECK))? {
            return Ok(Wait::Status(status));
        }
        let outcome = if cancel.is_cancelled() {
            Wait::Cancelled
        } else if start.elapsed() >= limit {
            Wait::TimedOut
        } else {
            continue;
        };
        // The child leads its own process group: this also stops anything it started.
        unsafe { libc::killpg(child.id() as libc::pid_t, libc::SIGKILL) };
        child.wait()?;
        return Ok(outcome);
    }
}

/// Makes the child lead a new process group, so it can be killed with all it starts.
pub fn own_process_group(command: &mut Command) -> &mut Command {
    command.process_group(0)
}

/// Runs `runner` on the encoded `cases` inside `work_dir`.
pub fn execute(
    runner: &Path,
    work_dir: &Path,
    cases: &[u8],
    time_limit: Duration,
    cancel: &Cancel,
) -> Result<Execution> {
    // A folder of this run's own: another grader may be running the same exercise.
    let run_dir = tempfile::tempdir_in(work_dir)
        .with_context(|| format!("cannot create a folder in {}", work_dir.display()))?;
    let cases_path = run_dir.path().join("cases.bin");
    let answers_path = run_dir.path().join("answers.bin");
    std::fs::write(&cases_path, cases)
        .with_context(|| format!("cannot write {}", cases_path.display()))?;

    let mut command = Command::new(runner);
    command
        .arg(&cases_path)
        .arg(&answers_path)
        .current_dir(run_dir.path())
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped());
    own_process_group(&mut command);
    // SAFETY: setrlimit is async-signal-safe; nothing else runs between fork and exec.
    unsafe {
        command.pre_exec(|| {
            set_limit(libc::RLIMIT_AS, MEMORY_LIMIT_BYTES)?;
            set_limit(libc::RLIMIT_FSIZE, FILE_LIMIT_BYTES)?;
            set_limit(libc::RLIMIT_CORE, 0)
        });
    }
    let start = Instant::now();
    let mut child = command
        .spawn()
        .with_context(|| format!("cannot start {}", runner.display()))?;
    let stdout = keep_start_of(child.stdout.take());
    let stderr = keep_start_of(child.stderr.take());
    let wait = wait_child(&mut child, time_limit, cancel)?;
    let elapsed = start.elapsed();
    let end = match wait {
        Wait::Status(status) => match (status.code(), status.signal()) {
            (Some(code), _) => End::Exited(code),
            (None, Some(signal)) => End::Signalled(signal),
            (None, None) => End::Exited(-1),
        },
        Wait::TimedOut => End::TimedOut,
        Wait::Cancelled => End::Cancelled,
    };
    let mut output = stdout.join().unwrap_or_default();
    output.push_str(&stderr.join().unwrap_or_default());

    let answers = std::fs::read(&answers_path).unwrap_or_default();
    let (records, finished) = parse_records(&answers);
    Ok(Execution {
        records,
        finished,
        end,
        output,
        elapsed,
    })
}

fn set_limit(resource: libc::__rlimit_resource_t, bytes: u64) -> std::io::Result<()> {
    let limit = libc::rlimit {
        rlim_cur: bytes,
        rlim_max: bytes,
    };
    if unsafe { libc::setrlimit(resource, &limit) } == 0 {
        Ok(())
    } else {
        Err(std::io::Error::last_os_error())
    }
}

/// Reads a pipe to its end on a thread, keeping only the first bytes: a learner's
/// program that prints forever neither blocks nor floods the grader.
fn keep_start_of(pipe: Option<impl Read + Send + 'static>) -> JoinHandle<String> {
    std::thread::spawn(move || {
        let Some(mut pipe) = pipe else {
            return String::new();
        };
        let mut kept = Vec::new();
        let mut buffer = [0u8; 8192];
        while let Ok(n) = pipe.read(&mut buffer) {
            if n == 0 {
                break;
            }
            let room = OUTPUT_KEPT_BYTES.saturating_sub(kept.len());
            kept.extend_from_slice(&buffer[..n.min(room)]);
        }
        String::from_utf8_lossy(&kept).into_owned()
    })
}

/// Splits the answers file into records; anything malformed ends the list there.
pub fn parse_records(bytes: &[u8]) -> (Vec<Record>, bool) {
    let mut records = Vec::new();
    let mut rest = bytes;
    while rest.len() >= 16 {
        let kind = u64::from_le_bytes(rest[..8].try_into().unwrap());
        let len = u64::from_le_bytes(rest[8..16].try_into().unwrap());
        let Some(body) = usize::try_from(len)
            .ok()
            .and_then(|len| rest[16..].get(..len))
        else {
            break;
        };
        match kind {
            ANSWER if body.len() % 8 == 0 => {
                records.push(Record::Answer(bytemuck::pod_collect_to_vec(body)))
            }
            PANIC => records.push(Record::Panic(String::from_utf8_lossy(body).into_owned())),
            DONE if body.is_empty() => return (records, true),
            _ => break,
        }
        rest = &rest[16 + body.len()..];
    }
    (records, false)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn record(kind: u64, body: &[u8]) -> Vec<u8> {
        let mut bytes = kind.to_le_bytes().to_vec();
        bytes.extend_from_slice(&(body.len() as u64).to_le_bytes());
        bytes.extend_from_slice(body);
        bytes
    }

    #[test]
    fn records_are_read_until_done() {
        let mut bytes = record(ANSWER, &7u64.to_le_bytes());
        bytes.extend(record(PANIC, b"boom"));
        bytes.extend(record(DONE, &[]));
        let (records, finished) = parse_records(&bytes);
        assert_eq!(
            records,
            vec![Record::Answer(vec![7]), Record::Panic("boom".to_string())]
        );
        assert!(finished);
    }

    #[test]
    fn a_cut_or_forged_file_is_not_finished() {
        let mut bytes = record(ANSWER, &7u64.to_le_bytes());
        bytes.extend(record(ANSWER, &8u64.to_le_bytes())[..20].iter());
        assert_eq!(
            parse_records(&bytes),
            (vec![Record::Answer(vec![7])], false)
        );
        // An unknown kind, or a DONE with a body, stops the reading.
        assert_eq!(parse_records(&record(9, &[])), (vec![], false));
        assert_eq!(parse_records(&record(DONE, b"x")), (vec![], false));
        // A length far past the end is not trusted.
        let mut huge = ANSWER.to_le_bytes().to_vec();
        huge.extend_from_slice(&u64::MAX.to_le_bytes());
        assert_eq!(parse_records(&huge), (vec![], false));
    }
}
