// The xorlings runner, a small library: the grader compiles it once, then links it to a
// program made of the learner's `lib.rs` (as the module `learner`) and one exercise's
// `solve` adapter, whose `main` calls `run(solve)`. It only produces answers; the grader
// checks them in its own process.
//
// Protocol, all numbers u64 in the machine's (little-endian) byte order:
// - cases file: the case count, then for each case its word count and its words;
// - answers file: for each case a record `kind, byte length, bytes`, where kind ANSWER
//   carries the adapter's words and kind PANIC the panic message (UTF-8); after the last
//   case a record of kind DONE. A run that stops before DONE did not answer every case.

use std::io::{Read, Write};
use std::sync::Mutex;

#[cfg(not(target_endian = "little"))]
compile_error!("the runner reads and writes the grader's files as little-endian words");

const ANSWER: u64 = 0;
const PANIC: u64 = 1;
const DONE: u64 = 2;
/// Deep recursion (a memo to depth 100,000 in a debug build) must fit.
const STACK_BYTES: usize = 256 << 20;
const MAX_PANIC_MESSAGE: usize = 2000;

static LAST_PANIC: Mutex<String> = Mutex::new(String::new());

/// Answers every case of the cases file named by the first argument with `solve`, into
/// the answers file named by the second.
pub fn run(solve: fn(&[u64]) -> Vec<u64>) {
    let args: Vec<String> = std::env::args().collect();
    let [_, cases_path, answers_path] = &args[..] else {
        eprintln!("usage: runner CASES ANSWERS (the grader runs this program)");
        std::process::exit(2);
    };
    let words = read_words(cases_path);
    let mut answers = std::fs::File::create(answers_path).expect("cannot create the answers file");
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
        .stack_size(STACK_BYTES)
        .spawn(move || {
            let mut at = 1;
            for _ in 0..words[0] {
                let len = words[at] as usize;
                let case = &words[at + 1..at + 1 + len];
                at += 1 + len;
                match std::panic::catch_unwind(|| solve(case)) {
                    Ok(answer) => write_record(&mut answers, ANSWER, as_bytes(&answer)),
                    Err(_) => {
                        let message = LAST_PANIC.lock().map(|m| m.clone()).unwrap_or_default();
                        write_record(&mut answers, PANIC, message.as_bytes());
                    }
                }
            }
            write_record(&mut answers, DONE, &[]);
        })
        .expect("cannot start the worker thread");
    if worker.join().is_err() {
        std::process::exit(3);
    }
}

/// Reads the cases file straight into words (a plain copy: fast even unoptimised).
fn read_words(path: &str) -> Vec<u64> {
    let mut file = std::fs::File::open(path).expect("cannot open the cases file");
    let len = file.metadata().expect("cannot read the cases file").len() as usize / 8;
    let mut words = vec![0u64; len];
    // SAFETY: every byte pattern is a valid u64, and the view covers exactly `words`.
    let bytes = unsafe { std::slice::from_raw_parts_mut(words.as_mut_ptr().cast::<u8>(), len * 8) };
    file.read_exact(bytes).expect("cannot read the cases file");
    words
}

fn as_bytes(words: &[u64]) -> &[u8] {
    // SAFETY: u64 has no padding; the view covers exactly `words`.
    unsafe { std::slice::from_raw_parts(words.as_ptr().cast::<u8>(), words.len() * 8) }
}

/// One write per record, so a record the grader sees is a whole one even if the
/// learner's code ends the process during the next case.
fn write_record(file: &mut std::fs::File, kind: u64, bytes: &[u8]) {
    let mut record = Vec::with_capacity(16 + bytes.len());
    record.extend_from_slice(&kind.to_le_bytes());
    record.extend_from_slice(&(bytes.len() as u64).to_le_bytes());
    record.extend_from_slice(bytes);
    file.write_all(&record)
        .expect("cannot write the answers file");
}
