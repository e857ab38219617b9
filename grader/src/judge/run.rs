//! Running a compiled program on one group of cases, with a time limit and bounded
//! memory and files, and reading back what it wrote, with a bound on every read.
//! Nothing here decides a verdict. The run's files are the sandbox's
//! (`xorlings_sandbox::files`).

use std::fs::File;
use std::io::{Read, Seek, SeekFrom, Write};
use std::path::Path;
use std::process::Command;
use std::time::Duration;

use anyhow::{Context, Result};
use xorlings_core::run::{Execution, PrintedFile};
use xorlings_core::wire::record;

use xorlings_course::model::show::thousands;
pub(crate) use xorlings_sandbox::Cancel;
pub(crate) use xorlings_sandbox::files::RunInput;
use xorlings_sandbox::files::{self, TurnSignal, read_exact_at};
use xorlings_sandbox::{self as sandbox, Channels, Confined, Deadline, Limits, Policy, Streams};

/// Address space for the learner's process: its heap plus the runner's big stack.
const MEMORY_LIMIT_BYTES: u64 = 6 << 30;
/// Threads of a run: the runner's two, and room for a learner's own.
const TASKS: u64 = 64;
/// Room for what the learner prints, beyond the answers' own bound.
const PRINTED_LIMIT_BYTES: u64 = 16 << 20;
/// Most open descriptors of a run (the runner needs a handful).
const OPEN_FILES: u64 = 64;
/// The time a run may spend waiting (using no CPU time): its CPU limit, and a second
/// more. A right run waits for nothing (its input is in memory), and a verdict must
/// come within seconds whatever the code does.
const WAITING_FACTOR: u32 = 1;
const WAITING_EXTRA: Duration = Duration::from_secs(1);
/// Its wall-clock time, for a run that trickles CPU time: twice its CPU limit and 2 s.
/// A right run uses at most half its CPU limit, so it passes unless the machine gives
/// it less than a sixth of a core (six processes wanting each core).
const WALL_FACTOR: u32 = 2;
const WALL_EXTRA: Duration = Duration::from_secs(2);
/// The most of one panic message read back. The runner writes at most 2,000 characters
/// and a location; a longer message was written by the learner's code itself, straight
/// to the answers, to flood the grader's memory or the report.
const PANIC_KEPT_BYTES: u64 = 8 << 10;

/// Where a program reads its cases and writes its answers.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Layout {
    /// The runner: cases and answers as its channels (descriptors 3 and 4 on Unix),
    /// printed output on stdout and stderr.
    Runner,
    /// A whole program: cases on stdin, answers on stdout, printed output on stderr.
    Program,
}

/// One run to make.
pub(crate) struct RunRequest<'a> {
    pub program: &'a Path,
    pub layout: Layout,
    pub input: &'a RunInput,
    /// How many cases the input holds: the runner writes a record for each, then one.
    pub cases: usize,
    pub answer_limit: u64,
    /// The CPU time of the run (all its threads).
    pub time_limit: Duration,
    /// The core to pin the run to (see [`Policy::core`]).
    pub core: Option<usize>,
    /// Started ahead (Linux, the runner only): the run waits, confined, before it
    /// executes the program (which the compiler may not have written yet, alone in its
    /// folder) until [`Started::go`] says on which core.
    pub ahead: bool,
}

/// A run whose process is started, in the sandbox, and that answers its cases once it
/// is given its turn, timed from then (the runner, on Unix; elsewhere a run answers at
/// once). So a run can be started while the one before it on its core still runs: a
/// start waits for the kernel (a fork, cgroups to join, a root of its own), some
/// milliseconds for each run, which this takes off the grading's time.
pub(crate) struct Started {
    run: Confined,
    /// What tells the run its turn has come.
    turn: Option<TurnSignal>,
    /// Started ahead: it executes its program on its turn (see [`RunRequest::ahead`]).
    ahead: bool,
    layout: Layout,
    answers: File,
    printed: File,
    answer_limit: u64,
    cases: usize,
    time_limit: Duration,
    deadline: Deadline,
    file_limit: u64,
}

/// Starts the program of `request` on its input, in the sandbox; it loads the shared
/// standard library from `std_dir`.
pub(crate) fn start(request: &RunRequest, std_dir: &Path) -> Result<Started> {
    let input = request.input.open()?;
    let mapped = (request.layout == Layout::Runner).then_some(request.answer_limit);
    let answers = files::answers_file(mapped).context("cannot create the answers file")?;
    let printed = tempfile::tempfile().context("cannot create the output file")?;
    let file_limit = request.answer_limit.max(PRINTED_LIMIT_BYTES) + PRINTED_LIMIT_BYTES;
    let deadline = Deadline {
        cpu: request.time_limit,
        waiting: request.time_limit * WAITING_FACTOR + WAITING_EXTRA,
        wall: request.time_limit * WALL_FACTOR + WALL_EXTRA,
    };
    let limits = Limits {
        address_space: MEMORY_LIMIT_BYTES,
        memory: MEMORY_LIMIT_BYTES,
        tasks: TASKS,
        file_size: file_limit,
        open_files: OPEN_FILES,
        // The kernel's own stop, should the grader's miss the limit.
        cpu_seconds: request.time_limit.as_secs() + 2,
    };
    let mut policy = policy_of(request, std_dir, limits)?;
    policy.core = request.core;
    let command = Command::new(request.program);
    let (turn, start) = match request.layout {
        Layout::Runner => files::turn_signal()?.unzip(),
        Layout::Program => (None, None),
    };
    let (streams, channels) = match request.layout {
        Layout::Runner => (
            Streams {
                stdin: None,
                stdout: printed.try_clone()?,
                stderr: printed.try_clone()?,
            },
            Some(Channels {
                cases: input,
                answers: answers.try_clone()?,
                start,
            }),
        ),
        Layout::Program => (
            Streams {
                stdin: Some(input),
                stdout: answers.try_clone()?,
                stderr: printed.try_clone()?,
            },
            None,
        ),
    };
    let run = sandbox::spawn(command, &policy, Some(streams), channels)
        .with_context(|| format!("cannot start {}", request.program.display()))?;
    Ok(Started {
        run,
        turn,
        ahead: request.ahead,
        layout: request.layout,
        answers,
        printed,
        answer_limit: request.answer_limit,
        cases: request.cases,
        time_limit: request.time_limit,
        deadline,
        file_limit,
    })
}

/// The policy of `request`'s run.
fn policy_of(request: &RunRequest, std_dir: &Path, limits: Limits) -> Result<Policy> {
    if !request.ahead {
        return Policy::program(request.program, std_dir, limits);
    }
    anyhow::ensure!(
        request.layout == Layout::Runner,
        "only the runner is started ahead"
    );
    Policy::program_ahead(request.program, std_dir, limits)
}

impl Started {
    /// Sets the run going on `core`, timed from now: a run started ahead keeps to that
    /// core and executes its program (which must be there by now); a run started on
    /// its core gets its turn.
    pub(crate) fn go(&mut self, core: usize) -> Result<()> {
        if self.ahead {
            self.run.keep_to_core(core)?;
        }
        self.give_turn();
        Ok(())
    }

    /// Gives the run its turn (once), and times it from now.
    fn give_turn(&mut self) {
        if let Some(mut turn) = self.turn.take() {
            // A run started ahead reads one byte before its exec, the runner one after.
            let signal: &[u8] = if self.ahead { b"!!" } else { b"!" };
            // A run that ended before its turn reads nothing: the wait tells how it ended.
            let _ = turn.write_all(signal);
            self.run.restart_clock();
        }
    }

    /// Gives the run its turn if it has not had it, and waits for it to end.
    pub(crate) fn wait(mut self, cancel: &Cancel) -> Result<Over> {
        self.give_turn();
        let ended = self.run.wait_within(self.deadline, cancel)?;
        Ok(Over {
            started: self,
            ended,
        })
    }
}

/// A run that has ended, what it wrote not read yet: the next run on its core is set
/// going first.
pub(crate) struct Over {
    started: Started,
    ended: sandbox::Ended,
}

impl Over {
    /// Whether the run was stopped at one of its time limits.
    pub(crate) fn ran_out_of_time(&self) -> bool {
        matches!(
            self.ended.how,
            sandbox::How::TimedOut | sandbox::How::OutOfCpuTime
        )
    }

    /// Reads back what the run wrote, and frees what it held.
    pub(crate) fn read(self) -> Result<Execution> {
        let Over { started, ended } = self;
        let Started {
            run,
            layout,
            answers,
            printed,
            answer_limit,
            cases,
            time_limit,
            deadline,
            file_limit,
            ..
        } = started;
        drop(run);
        let (answers, answers_overflowed) = match layout {
            Layout::Runner => read_records(&answers, answer_limit, cases + 1)?,
            Layout::Program => read_bounded(answers, answer_limit)?,
        };
        Ok(Execution {
            answers,
            answers_overflowed,
            printed: PrintedFile::read(printed).context("cannot read the printed output")?,
            ended: sandbox::ended(ended.how),
            elapsed: ended.elapsed,
            cpu: ended.cpu,
            limit: time_limit,
            waiting_limit: deadline.waiting,
            file_limit,
        })
    }
}

/// The file's first `limit` bytes, and whether it holds more.
fn read_bounded(mut file: File, limit: u64) -> Result<(Vec<u8>, bool)> {
    file.seek(SeekFrom::Start(0))
        .context("cannot read the answers")?;
    let mut bytes = Vec::new();
    (&mut file)
        .take(limit + 1)
        .read_to_end(&mut bytes)
        .context("cannot read the answers")?;
    let overflowed = bytes.len() as u64 > limit;
    bytes.truncate(limit as usize);
    Ok((bytes, overflowed))
}

/// The runner's first `count` records (see `wire::record`) in the file's first `limit`
/// bytes, each whole panic message kept up to [`PANIC_KEPT_BYTES`] with a note of the
/// rest (even one that goes past `limit`); and whether the file holds more than `limit`
/// bytes. Whatever the learner's code wrote there, the grader holds at most `limit`
/// bytes, and no record beyond those a run writes.
fn read_records(file: &File, limit: u64, count: usize) -> Result<(Vec<u8>, bool)> {
    let len = file.metadata().context("cannot read the answers")?.len();
    let end = len.min(limit);
    let mut window = Window::new(file, end);
    let mut records = Vec::new();
    let mut at = 0;
    let mut left = count;
    while left > 0 {
        // The plain records in the window, copied at once: a run writes thousands.
        let in_window = window.ahead(at)?;
        let (plain, bytes) = record::plain_prefix(in_window, left, PANIC_KEPT_BYTES);
        records.extend_from_slice(&in_window[..bytes]);
        at += bytes as u64;
        left -= plain;
        if plain > 0 {
            continue;
        }
        // The record that is not plain, one at a time.
        left -= 1;
        if end - at < record::HEADER_BYTES as u64 {
            break;
        }
        let mut header = [0u8; record::HEADER_BYTES];
        header.copy_from_slice(window.read(at, record::HEADER_BYTES as u64)?);
        let [kind, printed_end, length] = record::header(&header);
        if kind == record::UNWRITTEN {
            break;
        }
        let body_at = at + record::HEADER_BYTES as u64;
        let body_bytes = length.min(end - body_at);
        // Only a whole record is a panic message (a process may die mid-write).
        let whole = body_at
            .checked_add(length)
            .is_some_and(|record_end| record_end <= len);
        if kind == record::PANIC && whole && length > PANIC_KEPT_BYTES {
            let kept = window.read(body_at, PANIC_KEPT_BYTES)?;
            let mut message = String::from_utf8_lossy(kept).into_owned();
            message.push_str(&format!(
                " [... {} more bytes, not kept]",
                thousands(length - PANIC_KEPT_BYTES)
            ));
            records.extend(record::encode(kind, printed_end, message.as_bytes()));
        } else {
            // A record cut short by the bound stays cut short: the judge ignores it.
            records.extend_from_slice(&header);
            records.extend_from_slice(window.read(body_at, body_bytes)?);
        }
        at = body_at.saturating_add(length).min(end);
    }
    // What follows the records, if they end cut short (the judge stops there).
    if (end - at) < record::HEADER_BYTES as u64 {
        records.extend_from_slice(window.read(at, end - at)?);
    }
    Ok((records, len > limit))
}

/// Reads a file's first `end` bytes a window at a time: a run writes thousands of small
/// records, and two reads for each cost more than the run took to write them.
struct Window<'a> {
    file: &'a File,
    end: u64,
    start: u64,
    bytes: Vec<u8>,
}

impl<'a> Window<'a> {
    /// Bytes read at once; a longer read gets a buffer of its own.
    const BYTES: u64 = 256 << 10;

    fn new(file: &'a File, end: u64) -> Self {
        Window {
            file,
            end,
            start: 0,
            bytes: Vec::new(),
        }
    }

    /// The bytes from `at` to the window's end (`at` within the first `end` bytes), a
    /// new window read from `at` when this one holds less than a record's header there.
    fn ahead(&mut self, at: u64) -> Result<&[u8]> {
        let window_end = self.start + self.bytes.len() as u64;
        let header = (record::HEADER_BYTES as u64).min(self.end - at);
        if at < self.start || at + header > window_end {
            return self.read(at, Self::BYTES.min(self.end - at));
        }
        Ok(&self.bytes[(at - self.start) as usize..])
    }

    /// Bytes `at..at + count`, which must lie within the first `end` bytes.
    fn read(&mut self, at: u64, count: u64) -> Result<&[u8]> {
        let window_end = self.start + self.bytes.len() as u64;
        if count > Self::BYTES || at < self.start || at + count > window_end {
            let kept = count.max(Self::BYTES.min(self.end - at));
            self.start = at;
            // A new zeroed buffer: `resize` zeroes a byte at a time in a debug build,
            // which took longer than the read.
            self.bytes = vec![0; kept as usize];
            read_exact_at(self.file, &mut self.bytes, at).context("cannot read the answers")?;
        }
        let from = (at - self.start) as usize;
        Ok(&self.bytes[from..from + count as usize])
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A file holding `bytes`, as a run gets its input.
    fn unlinked_file_with(bytes: &[u8]) -> Result<File> {
        RunInput::new(bytes).open()
    }

    #[test]
    fn reads_are_bounded() {
        let file = unlinked_file_with(&[7; 100]).unwrap();
        assert_eq!(read_bounded(file, 10).unwrap(), (vec![7; 10], true));
        let file = unlinked_file_with(&[7; 10]).unwrap();
        assert_eq!(read_bounded(file, 10).unwrap(), (vec![7; 10], false));
    }

    #[test]
    fn a_forged_panic_message_is_read_back_short() {
        let answer = record::encode(record::ANSWER, 0, &record::words_body(&[7]));
        let flood = "\u{1b}[2J".repeat(1 << 20);
        let panic = record::encode(record::PANIC, 5, flood.as_bytes());
        let done = record::encode(record::DONE, 5, &[]);
        let file = unlinked_file_with(&[answer.clone(), panic, done.clone()].concat()).unwrap();
        let (read, overflowed) = read_records(&file, 1 << 30, 3).unwrap();
        assert!(!overflowed);
        let (records, finished) = record::parse(&read);
        assert!(finished);
        let [
            first,
            record::Record::Panic {
                message,
                printed_end,
            },
        ] = &records[..]
        else {
            panic!("{records:?}");
        };
        assert_eq!(
            first,
            &record::Record::Answer {
                words: vec![7],
                printed_end: 0
            }
        );
        assert_eq!(*printed_end, 5);
        assert!(
            message.len() < PANIC_KEPT_BYTES as usize + 100,
            "{}",
            message.len()
        );
        assert!(
            message.ends_with(" [... 4,186,112 more bytes, not kept]"),
            "{message:.100}"
        );

        // A panic message cut short by the end of the file (a process killed while it
        // wrote it) stays cut short.
        let cut_short = record::encode(record::PANIC, 0, flood.as_bytes());
        let file = unlinked_file_with(&cut_short[..100_000]).unwrap();
        let (read, _) = read_records(&file, 1 << 30, 2).unwrap();
        assert_eq!(read, &cut_short[..100_000]);

        // Within a bound, a record cut short stays cut short, and nothing past the bound is read.
        let bound = (answer.len() + 30) as u64;
        let file = unlinked_file_with(&[answer.clone(), answer.clone(), done].concat()).unwrap();
        let (read, overflowed) = read_records(&file, bound, 3).unwrap();
        assert!(overflowed);
        assert_eq!(read, [&answer[..], &answer[..30]].concat());

        // No more records than the run writes are read.
        let flood = answer.repeat(1_000);
        let file = unlinked_file_with(&flood).unwrap();
        let (read, overflowed) = read_records(&file, 1 << 30, 3).unwrap();
        assert!(!overflowed);
        assert_eq!(read, &flood[..3 * answer.len()]);
    }

    #[test]
    fn the_records_end_where_the_runner_wrote_nothing() {
        let answer = record::encode(record::ANSWER, 0, &record::words_body(&[7]));
        let done = record::encode(record::DONE, 0, &[]);
        // The file as the grader sizes it for the runner to map: longer than the records.
        let mut sized = [answer.clone(), done].concat();
        let written = sized.clone();
        sized.resize(4096, 0);
        let file = unlinked_file_with(&sized).unwrap();
        assert_eq!(read_records(&file, 4096, 5).unwrap(), (written, false));

        // A record whose kind was never written (the process died while it wrote the
        // rest) is no record, and ends them.
        let mut unfinished = answer.clone();
        unfinished[..8].fill(0);
        let mut sized = [answer.clone(), unfinished, answer.clone()].concat();
        sized.resize(4096, 0);
        let file = unlinked_file_with(&sized).unwrap();
        assert_eq!(read_records(&file, 4096, 5).unwrap(), (answer, false));
    }
}
