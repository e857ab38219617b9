//! The runner: the learner's side of a run. It is compiled twice: as this module of
//! `xorlings-core`, under the workspace's lints, and by the grader, with `wire.rs`, into
//! the small library that every learner's program links (see `RUNNER_SOURCES`). That
//! program is the learner's `lib.rs` (as its module `learner`) and a `main` the grader
//! writes for the exercise, which calls [`run`] with a function that decodes one case's
//! arguments and calls the learner's function on them. The runner only produces
//! answers; the grader checks them in its own process.
//!
//! Files, opened by the grader (see [`channels`]): the cases (the case count, then each
//! case's arguments in the wire format), the answers (one `wire::record` per case, then
//! a final one), and stdout and stderr, one file for everything the learner's code
//! prints; on Unix, maybe a pipe that says when to start (see [`channels::START_FD`]).

use std::io::{Read, Seek, Write};
use std::sync::Mutex;

use crate::wire::{Wire, record};

#[cfg(not(target_endian = "little"))]
compile_error!("the runner reads and writes the grader's files as little-endian words");

const MAX_PANIC_MESSAGE: usize = 2000;

static LAST_PANIC: Mutex<String> = Mutex::new(String::new());

/// Answers every case with `call`, on a thread with a stack of `stack_bytes` (the
/// exercise's promise). `call` takes one
/// case's arguments from the front of the words and returns the learner's answer
/// (`None` when the words hold no case). Only the adapter here is generic: everything
/// else is compiled once, into this library, so that the program linked to it compiles
/// little beyond the learner's code (compiling the whole runner again for each program
/// took most of its compile time).
pub fn run<A: Wire + 'static>(stack_bytes: usize, call: fn(&mut &[u64]) -> Option<A>) {
    run_cases(
        stack_bytes,
        Box::new(move |words: &mut &[u64]| {
            let mut answer = Vec::new();
            call(words)?.put(&mut answer);
            Some(answer)
        }),
    );
}

/// The learner's function on words: takes one case's arguments from the front of the
/// words, and returns the answer's words (`None` when the words hold no case).
type Case = Box<dyn Fn(&mut &[u64]) -> Option<Vec<u64>> + Send>;

fn run_cases(stack_bytes: usize, call: Case) {
    channels::wait_for_start();
    keep_freed_memory();
    let words = read_cases();
    std::panic::set_hook(Box::new(|info| {
        let payload = info.payload();
        let text = payload
            .downcast_ref::<&str>()
            .map(|s| s.to_string())
            .or_else(|| payload.downcast_ref::<String>().cloned())
            .unwrap_or_else(|| "(a panic without a message)".to_string());
        let mut message: String = text.chars().take(MAX_PANIC_MESSAGE).collect();
        if let Some(location) = info.location() {
            message = format!(
                "{message}\n  at {}:{}:{}",
                location.file(),
                location.line(),
                location.column()
            );
        }
        if let Ok(mut last) = LAST_PANIC.lock() {
            *last = message;
        }
    }));
    let worker = std::thread::Builder::new()
        .name("learner".to_string())
        .stack_size(stack_bytes)
        .spawn(move || answer_all(words, &*call))
        .expect("cannot start the worker thread");
    if worker.join().is_err() {
        // A panic the worker could not catch (one that unwound out of a panic hook):
        // the grader reads the missing records as a run that ended early.
        #[allow(clippy::exit, clippy::disallowed_methods)]
        std::process::exit(3);
    }
}

fn answer_all(words: &[u64], call: &dyn Fn(&mut &[u64]) -> Option<Vec<u64>>) {
    let mut answers = Answers::open();
    let mut printed = channels::printed();
    let mut words = words;
    let count = u64::take(&mut words).expect("the cases start with their count");
    for _ in 0..count {
        // A panic ends only this case: the next one runs with fresh arguments (taken
        // from the words before the call).
        let result = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| call(&mut words)));
        // Everything printed for this case is in the file before its end is noted.
        let _ = std::io::stdout().flush();
        let printed_end = printed.stream_position().unwrap_or(0);
        match result {
            Ok(answer) => {
                let answer = answer.expect("the grader's cases are well formed");
                answers.write_words(record::ANSWER, printed_end, &answer);
            }
            Err(_) => {
                let message = LAST_PANIC.lock().map(|m| m.clone()).unwrap_or_default();
                answers.write(record::PANIC, printed_end, message.as_bytes());
            }
        }
    }
    let printed_end = printed.stream_position().unwrap_or(0);
    answers.write(record::DONE, printed_end, &[]);
}

/// The most of the answers file mapped: the records of a run take far less, and the
/// rest of the address space is the learner's.
const MAPPED_ANSWERS_BYTES: usize = 64 << 20;

/// Where the records go. Where the grader sized the answers file (Linux), it is mapped,
/// and a record is in the file as soon as it is in memory: no system call for each case
/// (a write for each cost more than a small group's cases took), and a record stays
/// there if the process dies during the next case. Elsewhere, or past the mapping, each
/// record is written to the file in one call.
struct Answers {
    file: std::mem::ManuallyDrop<std::fs::File>,
    /// The mapped part of the file; empty once a record went past it, or where nothing
    /// is mapped.
    mapped: &'static mut [u8],
    /// Where the next record starts.
    at: usize,
    /// An answer's words as bytes, a buffer kept from case to case.
    body: Vec<u8>,
}

impl Answers {
    fn open() -> Answers {
        let file = channels::answers();
        let bytes = file.metadata().map_or(0, |metadata| metadata.len());
        let bytes =
            usize::try_from(bytes).map_or(MAPPED_ANSWERS_BYTES, |b| b.min(MAPPED_ANSWERS_BYTES));
        Answers {
            mapped: mapped_answers(bytes).unwrap_or_default(),
            file,
            at: 0,
            body: Vec::new(),
        }
    }

    fn write_words(&mut self, kind: u64, printed_end: u64, words: &[u64]) {
        let mut body = std::mem::take(&mut self.body);
        body.clear();
        body.extend(words.iter().flat_map(|word| word.to_le_bytes()));
        self.write(kind, printed_end, &body);
        self.body = body;
    }

    fn write(&mut self, kind: u64, printed_end: u64, body: &[u8]) {
        let end = self.at + record::HEADER_BYTES + body.len();
        if let Some(record) = self.mapped.get_mut(self.at..end) {
            record[8..16].copy_from_slice(&printed_end.to_le_bytes());
            record[16..24].copy_from_slice(&(body.len() as u64).to_le_bytes());
            record[record::HEADER_BYTES..].copy_from_slice(body);
            // The kind last: a process that dies before it leaves a zero kind there,
            // which ends the records.
            std::sync::atomic::compiler_fence(std::sync::atomic::Ordering::Release);
            record[..8].copy_from_slice(&kind.to_le_bytes());
        } else {
            if !self.mapped.is_empty() {
                // From here on, the file: past the mapping, where the grader sees
                // answers longer than it allowed.
                self.mapped = &mut [];
                let _ = self.file.seek(std::io::SeekFrom::Start(self.at as u64));
            }
            self.file
                .write_all(&record::encode(kind, printed_end, body))
                .expect("cannot write the answers");
        }
        self.at = end;
    }
}

/// Where the run finds the files the grader opened for it: the one part of the runner
/// that differs between systems. Each file stays open for the whole run (`ManuallyDrop`
/// never closes it).
pub mod channels {
    use std::fs::File;
    use std::mem::ManuallyDrop;

    /// Unix: the cases at descriptor 3, the answers at 4.
    #[cfg(unix)]
    pub const CASES_FD: i32 = 3;
    #[cfg(unix)]
    pub const ANSWERS_FD: i32 = 4;
    /// Unix: where a run started ahead of its turn reads one byte, the grader's word to
    /// answer (the run before it on its core has ended). Not open in other runs.
    #[cfg(unix)]
    pub const START_FD: i32 = 5;

    /// Waits for the grader's word, when it gave a start descriptor.
    pub(super) fn wait_for_start() {
        #[cfg(unix)]
        {
            unsafe extern "C" {
                fn read(fd: i32, buffer: *mut u8, count: usize) -> isize;
                fn close(fd: i32) -> i32;
            }
            let mut byte = 0u8;
            // SAFETY: a read of at most one byte into `byte`; a descriptor that is not
            // open fails with EBADF, and then there is nothing to wait for.
            if unsafe { read(START_FD, &mut byte, 1) } >= 0 {
                // SAFETY: closes the descriptor just read, which nothing else uses.
                unsafe { close(START_FD) };
            }
        }
    }

    /// Windows: handles the run inherits, their values in these variables.
    #[cfg(windows)]
    pub const CASES_VARIABLE: &str = "XORLINGS_CASES_HANDLE";
    #[cfg(windows)]
    pub const ANSWERS_VARIABLE: &str = "XORLINGS_ANSWERS_HANDLE";

    #[cfg(unix)]
    pub(super) fn cases() -> ManuallyDrop<File> {
        use std::os::fd::FromRawFd;
        // SAFETY: the grader opened this descriptor for this process.
        ManuallyDrop::new(unsafe { File::from_raw_fd(CASES_FD) })
    }

    #[cfg(unix)]
    pub(super) fn answers() -> ManuallyDrop<File> {
        use std::os::fd::FromRawFd;
        // SAFETY: as the cases.
        ManuallyDrop::new(unsafe { File::from_raw_fd(ANSWERS_FD) })
    }

    #[cfg(windows)]
    pub(super) fn cases() -> ManuallyDrop<File> {
        inherited(CASES_VARIABLE)
    }

    #[cfg(windows)]
    pub(super) fn answers() -> ManuallyDrop<File> {
        inherited(ANSWERS_VARIABLE)
    }

    /// The handle named by `variable`.
    #[cfg(windows)]
    fn inherited(variable: &str) -> ManuallyDrop<File> {
        use std::os::windows::io::{FromRawHandle, RawHandle};
        let value: usize = std::env::var(variable)
            .ok()
            .and_then(|value| value.parse().ok())
            .expect("the grader names the run's handles");
        // SAFETY: the grader made this handle inheritable for this process, and the
        // variable holds its value.
        ManuallyDrop::new(unsafe { File::from_raw_handle(value as RawHandle) })
    }

    /// Standard output, to tell how much has been printed.
    pub(super) fn printed() -> ManuallyDrop<File> {
        #[cfg(unix)]
        {
            use std::os::fd::FromRawFd;
            // SAFETY: descriptor 1, which the grader set for this process.
            ManuallyDrop::new(unsafe { File::from_raw_fd(1) })
        }
        #[cfg(windows)]
        {
            use std::os::windows::io::{AsRawHandle, FromRawHandle};
            let handle = std::io::stdout().as_raw_handle();
            // SAFETY: the standard output handle, which the grader set for this process.
            ManuallyDrop::new(unsafe { File::from_raw_handle(handle) })
        }
    }
}

/// The cases descriptor, whole, as words: mapped into memory where the system allows
/// (the cases of a run can be tens of megabytes: a copy of them costs more than the
/// learner's code takes to answer them), else read.
fn read_cases() -> &'static [u64] {
    let cases = channels::cases();
    let bytes = cases.metadata().expect("cannot read the cases").len() as usize;
    if let Some(words) = mapped(bytes) {
        return words;
    }
    let mut words = vec![0u64; bytes / 8];
    // SAFETY: the words' memory, as bytes: any byte pattern is a valid u64, and the
    // file's words are little-endian, as this CPU's (see the compile_error! above).
    let view =
        unsafe { std::slice::from_raw_parts_mut(words.as_mut_ptr().cast::<u8>(), words.len() * 8) };
    (&*cases).read_exact(view).expect("cannot read the cases");
    words.leak()
}

#[cfg(target_os = "linux")]
unsafe extern "C" {
    fn mmap(
        address: *mut u8,
        len: usize,
        protection: i32,
        flags: i32,
        fd: i32,
        offset: i64,
    ) -> *mut u8;
}

/// The cases file's `bytes` bytes mapped, read-only, for the whole run.
#[cfg(target_os = "linux")]
fn mapped(bytes: usize) -> Option<&'static [u64]> {
    const PROT_READ: i32 = 1;
    const MAP_PRIVATE: i32 = 2;
    // Fills the mapping at once, rather than page by page as it is read.
    const MAP_POPULATE: i32 = 0x8000;
    if bytes < 8 {
        return None;
    }
    let address = map(
        channels::CASES_FD,
        bytes,
        PROT_READ,
        MAP_PRIVATE | MAP_POPULATE,
    )?;
    // SAFETY: the mapping is the whole file, which the grader sealed against writes; it
    // is never unmapped, so the slice lives as long as the process. mmap's address is
    // page-aligned, so aligned for u64.
    Some(unsafe { std::slice::from_raw_parts(address.cast::<u64>(), bytes / 8) })
}

/// The answers file's first `bytes` bytes mapped for writing, shared with the file, for
/// the whole run.
#[cfg(target_os = "linux")]
fn mapped_answers(bytes: usize) -> Option<&'static mut [u8]> {
    const PROT_READ_WRITE: i32 = 1 | 2;
    const MAP_SHARED: i32 = 1;
    if bytes == 0 {
        return None;
    }
    let address = map(channels::ANSWERS_FD, bytes, PROT_READ_WRITE, MAP_SHARED)?;
    // SAFETY: a new mapping of `bytes` bytes that nothing else in this process refers
    // to; it is never unmapped, so the slice lives as long as the process.
    Some(unsafe { std::slice::from_raw_parts_mut(address, bytes) })
}

/// A new mapping of the first `bytes` bytes of descriptor `fd`.
#[cfg(target_os = "linux")]
fn map(fd: i32, bytes: usize, protection: i32, flags: i32) -> Option<*mut u8> {
    // SAFETY: a new mapping, at an address the kernel chooses: no memory of this
    // process changes.
    let address = unsafe { mmap(std::ptr::null_mut(), bytes, protection, flags, fd, 0) };
    (!address.is_null() && address as isize != -1).then_some(address)
}

#[cfg(not(target_os = "linux"))]
fn mapped(_bytes: usize) -> Option<&'static [u64]> {
    None
}

#[cfg(not(target_os = "linux"))]
fn mapped_answers(_bytes: usize) -> Option<&'static mut [u8]> {
    None
}

/// glibc's malloc gives each big vector (a case of a million heaps) fresh pages from
/// the kernel, and hands them back when it is freed: the next case faults them in again.
/// Big blocks come from the heap instead, and freed memory stays for the next case.
#[cfg(all(target_os = "linux", target_env = "gnu"))]
fn keep_freed_memory() {
    unsafe extern "C" {
        fn mallopt(parameter: i32, value: i32) -> i32;
    }
    const M_TRIM_THRESHOLD: i32 = -1;
    const M_MMAP_THRESHOLD: i32 = -3;
    // SAFETY: mallopt only sets malloc's parameters, before any other thread exists.
    unsafe {
        mallopt(M_MMAP_THRESHOLD, 32 << 20);
        mallopt(M_TRIM_THRESHOLD, i32::MAX);
    }
}

#[cfg(not(all(target_os = "linux", target_env = "gnu")))]
fn keep_freed_memory() {}
