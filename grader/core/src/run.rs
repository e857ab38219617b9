//! What a run of the learner's code produced, as the grader reads it back: how it ended,
//! its answers and what it printed, each read with a bound. The sandbox makes these;
//! each exercise's hidden tests decide on them.

use std::fs::File;
use std::io::{Read, Seek, SeekFrom};
use std::time::Duration;

/// What the learner's code printed during one case is kept up to this many bytes.
const PRINTED_KEPT_BYTES: u64 = 64 << 10;
/// The end of the printed output read to recognise the runtime's last words.
const TAIL_BYTES: u64 = 4 << 10;

/// How a run ended.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Ended {
    /// The program exited with this code (and every process of the run was gone).
    Exited(i32),
    /// The program was killed by a signal.
    Signalled(Signal),
    /// The run was stopped at one of its limits.
    TimedOut(Limit),
    /// The sandbox stopped the run once its memory went over its bound (where the
    /// system bounds none and the sandbox watches it: macOS).
    OutOfMemory,
    Cancelled,
}

/// The limits on a run's time: the CPU time of all its threads and processes, which
/// is what the exercise's time limit bounds, and the time it may spend waiting (using no
/// CPU time: sleeping, blocked), well above it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Limit {
    Cpu,
    Waiting,
}

/// A signal that killed a run: its number, and what the platform means by it. On
/// Windows, which has no signals, the exception that ended the process (its exit status,
/// an NTSTATUS such as 0xC0000005).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Signal {
    pub number: i32,
    pub kind: SignalKind,
}

impl std::fmt::Display for Signal {
    /// `signal 11 (segmentation fault)`; on Windows `exception 0xC0000005 (segmentation
    /// fault)`.
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let name = self.kind.name();
        if cfg!(windows) {
            write!(f, "exception {:#010X} ({name})", self.number as u32)
        } else {
            write!(f, "signal {} ({name})", self.number)
        }
    }
}

/// What a signal means, whatever its number on this platform.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum SignalKind {
    /// The program aborted itself (Rust does on a stack overflow or a failed allocation).
    Abort,
    /// A thread's stack overflowed, as the system tells (Windows, in the exit status;
    /// on Unix, Rust's runtime says so and aborts).
    StackOverflow,
    /// It wrote past the largest file it may write.
    FileTooLarge,
    /// It used up its CPU time.
    CpuTime,
    Segfault,
    Killed,
    Arithmetic,
    IllegalInstruction,
    Bus,
    /// The sandbox refused a system call.
    ForbiddenCall,
    Other,
}

impl SignalKind {
    /// The signal in a few words, for a verdict.
    pub fn name(self) -> &'static str {
        match self {
            SignalKind::Abort => "abort",
            SignalKind::StackOverflow => "stack overflow",
            SignalKind::Segfault => "segmentation fault",
            SignalKind::Killed => "killed",
            SignalKind::Arithmetic => "arithmetic error",
            SignalKind::IllegalInstruction => "illegal instruction",
            SignalKind::Bus => "bus error",
            SignalKind::CpuTime => "CPU time limit",
            SignalKind::ForbiddenCall => "forbidden system call",
            SignalKind::FileTooLarge | SignalKind::Other => "signal",
        }
    }
}

/// What the learner's code printed, read back with a bound.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Printed {
    /// The text as printed (not yet made safe to show: see the grader's `text::visible`).
    pub text: String,
    /// Bytes left out after `text`.
    pub cut: u64,
}

impl Printed {
    /// The same output without the lines that contain one of `patterns`, at its end.
    pub fn without_lines_containing(mut self, patterns: &[&str]) -> Printed {
        let mut lines: Vec<&str> = self.text.lines().collect();
        while let Some(last) = lines.last() {
            let runtime = patterns.iter().any(|p| last.contains(p));
            if !runtime && !last.trim().is_empty() {
                break;
            }
            lines.pop();
        }
        let mut text = lines.join("\n");
        if !text.is_empty() {
            text.push('\n');
        }
        self.text = text;
        self
    }
}

/// The file the learner's code printed to, read a bounded range at a time.
#[derive(Debug)]
pub struct PrintedFile {
    file: File,
    len: u64,
    tail: String,
}

impl PrintedFile {
    /// The file a run printed to (the run is over: nothing writes to it any more).
    pub fn read(mut file: File) -> std::io::Result<Self> {
        let len = file.seek(SeekFrom::End(0))?;
        let mut file = PrintedFile {
            file,
            len,
            tail: String::new(),
        };
        file.tail = file.range(len.saturating_sub(TAIL_BYTES), len).text;
        Ok(file)
    }

    /// Bytes `start..end` (clamped to the file), up to 64 KiB.
    pub fn range(&self, start: u64, end: u64) -> Printed {
        let end = end.min(self.len);
        let start = start.min(end);
        let kept = (end - start).min(PRINTED_KEPT_BYTES);
        let mut bytes = vec![0; kept as usize];
        // One reader at a time: an execution is decided on one thread.
        let mut file = &self.file;
        let read = file
            .seek(SeekFrom::Start(start))
            .and_then(|_| file.read_exact(&mut bytes));
        if read.is_err() {
            return Printed::default();
        }
        Printed {
            text: String::from_utf8_lossy(&bytes).into_owned(),
            cut: end - start - kept,
        }
    }

    pub fn len(&self) -> u64 {
        self.len
    }

    pub fn is_empty(&self) -> bool {
        self.len == 0
    }

    /// The end of the output (the runtime's last words are there).
    pub fn tail(&self) -> &str {
        &self.tail
    }
}

/// Everything a run produced, for the hidden tests to decide on.
#[derive(Debug)]
pub struct Execution {
    /// The answers, read up to the bound the plan gave.
    pub answers: Vec<u8>,
    /// More than the bound was written.
    pub answers_overflowed: bool,
    pub printed: PrintedFile,
    pub ended: Ended,
    /// Wall-clock time, from the start until the last process of the run was gone.
    pub elapsed: Duration,
    /// The CPU time all its threads and processes used.
    pub cpu: Duration,
    /// The run's CPU-time limit.
    pub limit: Duration,
    /// The time the run could spend waiting (using no CPU time).
    pub waiting_limit: Duration,
    /// The largest file the run could write.
    pub file_limit: u64,
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::io::Write;

    #[test]
    fn a_signal_is_shown_as_its_system_numbers_it() {
        let segfault = Signal {
            number: if cfg!(windows) {
                0xC000_0005_u32 as i32
            } else {
                11
            },
            kind: SignalKind::Segfault,
        };
        let shown = if cfg!(windows) {
            "exception 0xC0000005 (segmentation fault)"
        } else {
            "signal 11 (segmentation fault)"
        };
        assert_eq!(segfault.to_string(), shown);
    }

    #[test]
    fn the_runtimes_last_words_are_not_the_learners() {
        let printed = Printed {
            text: "step 1\nstep 2\n\nthread 'learner' has overflowed its stack\nfatal runtime error: stack overflow, aborting\n".to_string(),
            cut: 0,
        };
        let mine =
            printed.without_lines_containing(&["overflowed its stack", "fatal runtime error"]);
        assert_eq!(mine.text, "step 1\nstep 2\n");
    }

    #[test]
    fn printed_output_is_read_in_bounded_ranges() {
        let path = std::env::temp_dir().join(format!("xorlings-core-{}", std::process::id()));
        let mut file = File::options()
            .read(true)
            .write(true)
            .create(true)
            .truncate(true)
            .open(&path)
            .unwrap();
        let _ = std::fs::remove_file(&path);
        file.write_all(b"abcdef").unwrap();
        let printed = PrintedFile::read(file).unwrap();
        assert_eq!(printed.range(2, 4).text, "cd");
        assert_eq!(printed.range(4, 100).text, "ef");
        assert_eq!(printed.tail(), "abcdef");
        assert_eq!(printed.len(), 6);
    }
}
