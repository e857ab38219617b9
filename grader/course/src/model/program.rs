//! The judge of an exercise whose learner writes a whole program, as in a programming
//! contest (Kattis's problem format): the input files come in groups (one file per group,
//! run in its own process), an input validator proves that every file keeps the
//! statement's limits, and an output checker judges what the program wrote on standard
//! output. What it wrote on standard error is shown, never judged.

use std::io::{self, Write};
use std::marker::PhantomData;
use std::time::Duration;

use xorlings_core::api::Signature;
use xorlings_core::run::{Ended, Execution, Printed};
use xorlings_core::verdict::{Failure, GroupResult, Mistake, Problem};

use super::decide::{guarded, printed_by_learner, problem_of_end};
use super::promise::{self, Promise};
use super::{Build, HiddenTests, Plan, Seed};

/// How the Rust runtime starts its report of a panic: `thread 'main' panicked at <where>:`.
const PANIC_HEADER: &str = " panicked at ";
/// The runtime's note after a panic's message.
const BACKTRACE_NOTE: &str = "note: run with `RUST_BACKTRACE";
/// The exit code of a Rust program whose main thread panicked.
const PANIC_EXIT_CODE: i32 = 101;
/// Room for the answers of an input file the validator rejected (a grader bug).
const INVALID_INPUT_OUTPUT_BYTES: u64 = 1 << 20;
const OUTPUT_TOO_LARGE: &str = "Your program wrote far more than any right output to this \
input could take, so the grader stopped reading it. Write one line per position and \
nothing else on standard output; debugging goes to standard error (`eprintln!`).";
/// The advice for a program that exited normally without writing a byte.
const SILENT_EXIT: &str = "Your program ended normally (exit code 0) without writing a \
single byte to standard output. Output written through a `BufWriter` (or kept in a `String` \
to print at the end) reaches standard output only when it is flushed: \
`std::process::exit` ends the program before that happens. Return from `main` instead, or \
call `flush()` first.";

/// One input file of a contest problem: one group of its hidden tests.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct InputFile {
    /// What the file holds, in a few words: the group's name.
    pub name: String,
    pub text: String,
}

/// Why the checker rejects an output: the case it fails on and the rule it breaks.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Rejection {
    /// The failing case's number in the input file, from 1.
    pub case: usize,
    /// That case, shown.
    pub input: String,
    /// What the program wrote for it (`line 3: first 0 2`).
    pub output: String,
    pub mistake: Mistake,
    /// The case's measure: the smallest failure is the one shown.
    pub size: u64,
}

/// A problem whose learner writes a program that reads one input file on standard input
/// and writes its answers on standard output, judged as a contest judge does.
pub trait Contest: Sync + 'static {
    /// An input file as the validator reads it.
    type Input: Send + Sync;
    /// The exercise's name in the manifest.
    const NAME: &'static str;
    /// Wall time for one input file; `grader dev check` proves its margins.
    const TIME_LIMIT: Duration;
    /// What running in time takes, in the lesson's words.
    const EXPECTED_COST: &'static str;

    /// The input files, one per group, smallest first; random ones from `seed`.
    fn files(seed: Seed) -> Vec<InputFile>;
    /// Reads a file, checking the statement's format; `Err` says where it breaks it.
    fn read(text: &str) -> Result<Self::Input, String>;
    /// The statement's promises about an input (counts, sizes, ranges), in its own
    /// words: with [`Contest::read`], the input validator; and some file must reach
    /// each one's limit.
    fn promises() -> Vec<Promise<Self::Input>>;
    /// An input file made of the words typed after the exercise's name (`cargo grader try`).
    fn typed(words: &[String]) -> Result<String, String>;
    /// What `typed` reads, named for `cargo grader try`'s usage line.
    const TYPED: &'static [&'static str];
    /// How many cases the input holds (each owes a line of output).
    fn cases(input: &Self::Input) -> usize;
    /// The most bytes a right output to `input` takes.
    fn output_bytes(input: &Self::Input) -> u64;
    /// The output checker: `Ok` when `output` answers every case of `input` right. The
    /// rejection's advice is proven on every wrong line (see `model::diagnosis`).
    fn check(input: &Self::Input, output: &str) -> Result<(), Box<Rejection>>;
    /// The name of every classic mistake whose advice [`Contest::check`] proves: `dev
    /// check` requires recorded solutions where each one's advice is shown and where it
    /// is held back.
    fn mistakes() -> Vec<&'static str> {
        Vec::new()
    }
    /// The whole input, shortened: for a failure that belongs to no one case (a time
    /// limit, a panic).
    fn show(input: &Self::Input) -> String;
    /// The whole input's measure.
    fn measure(input: &Self::Input) -> u64;
    /// Advice for a panic with `message` on `input`, a file of `bytes` bytes, when a
    /// classic mistake explains it.
    fn panic_advice(_input: &Self::Input, _message: &str, _bytes: usize) -> Option<String> {
        None
    }
    /// Extra lines for `cargo grader try`: what the output means for the typed input.
    fn explain(_input: &Self::Input, _output: &str) -> Option<String> {
        None
    }
}

/// A [`Contest`] exercise's [`HiddenTests`].
pub struct ContestTests<C>(PhantomData<C>);

impl<C> ContestTests<C> {
    pub const fn new() -> Self {
        ContestTests(PhantomData)
    }
}

impl<C> Default for ContestTests<C> {
    fn default() -> Self {
        Self::new()
    }
}

impl<C: Contest> HiddenTests for ContestTests<C> {
    fn name(&self) -> &'static str {
        C::NAME
    }
    fn build(&self) -> Build {
        Build::Program
    }
    fn signature(&self) -> Option<Signature> {
        None
    }
    fn mistakes(&self) -> Vec<&'static str> {
        C::mistakes()
    }
    fn time_limit(&self) -> Duration {
        C::TIME_LIMIT
    }
    fn expected_cost(&self) -> &'static str {
        C::EXPECTED_COST
    }
    fn plan(&self, seed: Seed) -> Box<dyn Plan> {
        Box::new(ProgramPlan::<C>::new(C::files(seed)))
    }
    fn parameters(&self) -> &'static [&'static str] {
        C::TYPED
    }

    fn promised(&self) -> Vec<&'static str> {
        C::promises().iter().map(|promise| promise.stated).collect()
    }

    fn plan_typed(&self, words: &[String]) -> Result<Box<dyn Plan>, String> {
        let text = C::typed(words)?;
        validated::<C>(&text).map_err(|broken| {
            format!("this input is outside what the exercise promises: {broken}")
        })?;
        let file = InputFile {
            name: "your input".to_string(),
            text,
        };
        Ok(Box::new(ProgramPlan::<C>::new(vec![file])))
    }
}

/// The input files of one grading, each read by the validator.
struct ProgramPlan<C: Contest> {
    files: Vec<InputFile>,
    inputs: Vec<Result<C::Input, String>>,
}

/// The input validator: the file read in the statement's format, keeping its promises.
fn validated<C: Contest>(text: &str) -> Result<C::Input, String> {
    let input = C::read(text)?;
    promise::validate(&C::promises(), &input)?;
    Ok(input)
}

impl<C: Contest> ProgramPlan<C> {
    fn new(files: Vec<InputFile>) -> Self {
        let inputs = files
            .iter()
            .map(|file| validated::<C>(&file.text))
            .collect();
        ProgramPlan { files, inputs }
    }

    /// What went wrong in a run on `input`, if anything: a run that did not end well, or
    /// an output the checker rejects.
    fn failure(
        &self,
        file: &InputFile,
        input: &C::Input,
        execution: &Execution,
    ) -> Option<Failure> {
        let printed = execution.printed.range(0, u64::MAX);
        // A failure of the whole run, at the first case it left without an answer.
        let whole_run = |problem: Problem, printed: Printed| {
            let answered = String::from_utf8_lossy(&execution.answers)
                .matches('\n')
                .count();
            Failure {
                group: file.name.clone(),
                case_number: (answered + 1).min(C::cases(input).max(1)),
                input: C::show(input),
                answer: None,
                problem,
                printed,
                size: C::measure(input),
            }
        };
        if execution.ended != Ended::Exited(0) {
            let panic = panic_report(execution.printed.tail())
                .filter(|_| execution.ended == Ended::Exited(PANIC_EXIT_CODE));
            let Some((message, _)) = panic else {
                let problem = problem_of_end(execution, C::EXPECTED_COST, || None, |_| None);
                let printed = printed_by_learner(printed, &problem);
                return Some(whole_run(problem, printed));
            };
            let bytes = file.text.len();
            let problem = match guarded(C::NAME, || C::panic_advice(input, &message, bytes)) {
                Ok(advice) => Problem::Panicked { message, advice },
                Err(internal) => internal,
            };
            return Some(whole_run(problem, without_panic_report(printed)));
        }
        if execution.answers_overflowed {
            let problem = Problem::WrongAnswer(Mistake::new(OUTPUT_TOO_LARGE));
            return Some(whole_run(problem, printed));
        }
        let output = match std::str::from_utf8(&execution.answers) {
            Ok(output) => output,
            Err(error) => {
                let problem = Problem::WrongAnswer(Mistake::new(format!(
                    "Your output is not text: byte {} of it is not UTF-8. Print the answers \
                     with `print!`, `println!` or `writeln!`.",
                    error.valid_up_to() + 1
                )));
                return Some(whole_run(problem, printed));
            }
        };
        match guarded(C::NAME, || C::check(input, output)) {
            Ok(Ok(())) => None,
            Ok(Err(rejection)) => Some(Failure {
                problem: Problem::WrongAnswer(match output.is_empty() {
                    // An exit without a byte of output: the sign of output never flushed.
                    true => rejection.mistake.advice(SILENT_EXIT),
                    false => rejection.mistake,
                }),
                group: file.name.clone(),
                case_number: rejection.case,
                input: rejection.input,
                answer: Some(rejection.output),
                printed,
                size: rejection.size,
            }),
            Err(internal) => Some(whole_run(internal, printed)),
        }
    }
}

impl<C: Contest> Plan for ProgramPlan<C> {
    fn groups(&self) -> Vec<(String, usize)> {
        self.files
            .iter()
            .zip(&self.inputs)
            .map(|(file, input)| (file.name.clone(), input.as_ref().map_or(0, C::cases)))
            .collect()
    }

    fn write_input(&self, group: usize, out: &mut dyn Write) -> io::Result<()> {
        out.write_all(self.files[group].text.as_bytes())
    }

    fn answer_bytes(&self, group: usize) -> u64 {
        self.inputs[group]
            .as_ref()
            .map_or(INVALID_INPUT_OUTPUT_BYTES, C::output_bytes)
    }

    fn decide(&self, group: usize, execution: &Execution) -> GroupResult {
        let file = &self.files[group];
        let cases = self.inputs[group].as_ref().map_or(0, C::cases);
        let mut result = GroupResult::ran(file.name.clone(), cases, execution.cpu);
        let input = match &self.inputs[group] {
            Ok(input) => input,
            Err(broken) => {
                result.failure = Some(Failure {
                    group: file.name.clone(),
                    case_number: 1,
                    input: format!("the input file \"{}\"", file.name),
                    answer: None,
                    problem: Problem::InternalError {
                        checker: format!("the input validator of {}", C::NAME),
                        message: broken.clone(),
                    },
                    printed: Printed::default(),
                    size: 0,
                });
                return result;
            }
        };
        match self.failure(file, input, execution) {
            None => result.passed = cases,
            Some(failure) => {
                if matches!(failure.problem, Problem::WrongAnswer(_)) {
                    result.passed = failure.case_number - 1;
                }
                result.failure = Some(failure);
            }
        }
        result
    }

    fn invalid_cases(&self) -> Vec<String> {
        self.files
            .iter()
            .zip(&self.inputs)
            .filter_map(|(file, input)| {
                let broken = input.as_ref().err()?;
                Some(format!(
                    "the input file \"{}\" breaks a promise: {broken}",
                    file.name
                ))
            })
            .collect()
    }

    fn unreached_promises(&self) -> Vec<String> {
        let inputs = self.inputs.iter().filter_map(|input| input.as_ref().ok());
        promise::unreached(&C::promises(), inputs)
    }

    fn case_sizes(&self, group: usize) -> Vec<u64> {
        vec![self.files[group].text.len() as u64]
    }

    fn explain_typed(&self, execution: &Execution) -> Option<String> {
        let input = self.inputs.first()?.as_ref().ok()?;
        let output = std::str::from_utf8(&execution.answers).ok()?;
        guarded(C::NAME, || C::explain(input, output))
            .ok()
            .flatten()
    }
}

/// The panic the Rust runtime reported in `text` (`thread 'main' panicked at <where>:`,
/// the message, a note), as the runner gives one: the message, then where it happened.
/// Also returns the text printed before the report.
fn panic_report(text: &str) -> Option<(String, &str)> {
    let at = text.rfind(PANIC_HEADER)?;
    let start = text[..at].rfind('\n').map_or(0, |newline| newline + 1);
    if !text[start..].starts_with("thread '") {
        return None;
    }
    let (location, body) = text[at + PANIC_HEADER.len()..].split_once('\n')?;
    let location = location.strip_suffix(':').unwrap_or(location);
    let message = body.find(BACKTRACE_NOTE).map_or(body, |end| &body[..end]);
    Some((
        format!("{}\n  at {location}", message.trim_end()),
        &text[..start],
    ))
}

/// What the program printed, without the runtime's report of its panic.
fn without_panic_report(printed: Printed) -> Printed {
    match panic_report(&printed.text) {
        Some((_, before)) if printed.cut == 0 => Printed {
            text: before.to_string(),
            cut: 0,
        },
        _ => printed,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_panic_is_read_from_the_runtimes_report() {
        let text = "reading...\n\nthread 'main' panicked at exercises/pile_referee/src/main.rs:25:30:\n\
                    attempt to add with overflow\nnote: run with `RUST_BACKTRACE=1` environment \
                    variable to display a backtrace\n";
        let (message, before) = panic_report(text).unwrap();
        assert_eq!(
            message,
            "attempt to add with overflow\n  at exercises/pile_referee/src/main.rs:25:30"
        );
        assert_eq!(before, "reading...\n\n");
        let several_lines = "thread 'main' panicked at src/main.rs:1:1:\nline one\nline two\n";
        assert_eq!(
            panic_report(several_lines).unwrap().0,
            "line one\nline two\n  at src/main.rs:1:1"
        );
        assert_eq!(panic_report("I panicked at the test\n"), None);
        assert_eq!(panic_report("no panic here"), None);
    }

    #[test]
    fn the_printed_output_loses_only_the_panic_report() {
        let printed = Printed {
            text: "position 1\nthread 'main' panicked at src/main.rs:1:1:\nboom\n".to_string(),
            cut: 0,
        };
        assert_eq!(without_panic_report(printed).text, "position 1\n");
        let cut = Printed {
            text: "a long start".to_string(),
            cut: 10,
        };
        assert_eq!(without_panic_report(cut.clone()), cut);
    }
}
