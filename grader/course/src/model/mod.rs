//! What an exercise's hidden tests are. Each exercise says only what is particular to it
//! (in `crate::hidden::<name>`): for a function, the plain types of its arguments and
//! answer, its case groups, the promises its inputs keep, its checker and its advice
//! ([`Function`]); for a program, its input files, their validator and its output
//! checker ([`program::Contest`]). Everything mechanical is derived: the wire format and
//! the display by `xorlings-derive`, the signature and the runner's `main` by
//! `xorlings_core::api`, the plans and decisions here.

pub mod cases;
pub mod decide;
pub mod diagnosis;
pub mod function;
pub mod grundy;
pub mod nim;
pub mod overflow;
pub mod pace;
pub mod program;
pub mod promise;
pub mod show;
pub mod shrink;

use std::fmt;
use std::io::{self, Write};
use std::time::Duration;

use rand::SeedableRng;
use rand_xoshiro::Xoshiro256PlusPlus;
use xorlings_core::api::{ApiType, Arguments, Signature};
use xorlings_core::run::Execution;
use xorlings_core::verdict::{Failure, GroupResult};
use xorlings_core::wire::Wire;

use diagnosis::Suspect;
use promise::Promise;
use show::{Measure, Parse, Show};
use shrink::Shrink;

/// Where every random case comes from. Learners get [`Seed::DEFAULT`], so a failure seen
/// once is seen again; an instructor grades with a seed the learner cannot know.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Seed(pub u64);

impl Seed {
    pub const DEFAULT: Seed = Seed(0);

    /// A random source for one generator: each generator of an exercise picks its own
    /// `stream`, so adding a generator never changes the others' cases. Stream `n` starts
    /// `n` jumps of 2^128 numbers into the seed's sequence: streams never overlap.
    pub fn rng(self, stream: u64) -> Xoshiro256PlusPlus {
        let mut rng = Xoshiro256PlusPlus::seed_from_u64(self.0);
        for _ in 0..stream {
            rng.jump();
        }
        rng
    }
}

impl fmt::Display for Seed {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.0)
    }
}

/// A named group of cases, e.g. "every position of 1 to 4 heaps of 0 to 8". Each group
/// runs in its own process under its own time limit, and earns its share of the points.
pub struct Group<I> {
    pub name: String,
    pub cases: Vec<I>,
}

impl<I> Group<I> {
    pub fn new(name: impl Into<String>, cases: Vec<I>) -> Self {
        Group {
            name: name.into(),
            cases,
        }
    }

    /// The same group with each case made into another type (e.g. an exercise's `Args`).
    pub fn map<J>(self, make: impl FnMut(I) -> J) -> Group<J> {
        Group::new(self.name, self.cases.into_iter().map(make).collect())
    }
}

/// Groups of plain cases (positions, lists of values) made into an exercise's inputs.
pub fn inputs<I, J: From<I>>(groups: Vec<Group<I>>) -> Vec<Group<J>> {
    groups.into_iter().map(|group| group.map(J::from)).collect()
}

/// An exercise's cases, and the promises its stub makes about them.
pub trait Cases<I> {
    /// The cases, in groups, smallest first; random ones from `seed`.
    fn groups(seed: Seed) -> Vec<Group<I>>;
    /// The promises the stub's doc comment makes about inputs (sizes, ranges, bit
    /// widths), in its own words: every case keeps them, some case reaches each one's
    /// limit, and `dev check` proves both.
    fn promises() -> Vec<Promise<I>>;
}

/// An exercise whose learner writes a function: what its hidden tests say. The types
/// are the exercise's own plain types (see `crate::hidden::xor_all` for the smallest).
pub trait Function: Sync + 'static {
    /// The function's arguments: a struct with one field per parameter, in order, with
    /// `#[derive(Arguments)]`.
    type Args: Arguments
        + Show
        + Measure
        + Parse
        + Shrink
        + PartialEq
        + Clone
        + Send
        + Sync
        + 'static;
    /// What the function returns; its own structs and enums have `#[derive(Wire, Show)]`.
    type Answer: ApiType + Show;
    /// Where the cases come from (the exercise itself, or a shared set of cases).
    type Cases: Cases<Self::Args>;
    /// The exercise's name in the manifest, which is also the function's.
    const NAME: &'static str;
    /// Wall time for one group of cases; `grader dev check` proves its margins.
    const TIME_LIMIT: Duration;
    /// What running in time takes, in the lesson's words.
    const EXPECTED_COST: &'static str;
    /// Whether the learner's code is compiled optimised: see [`Build::Function`].
    const OPTIMISED: bool = false;
    /// The stack the learner's function runs on, in MiB: by default 8, as the main
    /// thread of a Rust program has; more only where the stub's doc comment promises it
    /// (and a recorded solution proves it at the promise's limit).
    const STACK_MIB: usize = DEFAULT_STACK_MIB;

    /// Judges an answer: `Err` is the rule it breaks, in the lesson's words.
    fn rule(input: &Self::Args, answer: &Self::Answer) -> Result<(), String>;
    /// The classic mistakes whose models give `answer`, a wrong answer to `input`, with
    /// their advice, the likeliest first (see [`diagnosis`]; usually
    /// `suspects_of(&MISTAKES, input, answer)`). Asked for the first wrong answers of a
    /// group only: a model may cost more than the checker.
    fn suspects(_input: &Self::Args, _answer: &Self::Answer) -> Vec<Suspect> {
        Vec::new()
    }
    /// The name of every classic mistake [`Function::suspects`] can name (usually
    /// `diagnosis::names(&MISTAKES)`): `dev check` requires recorded solutions where
    /// each one's advice is shown and where it is held back.
    fn mistakes() -> Vec<&'static str> {
        Vec::new()
    }
    /// Whether code that makes `mistake` (a name of [`Function::suspects`]) answers
    /// `input` wrongly (usually `wrong_under(&MISTAKES, input, mistake)`): a case the
    /// learner's code passes where it does clears the mistake.
    fn wrong_under(_input: &Self::Args, _mistake: &str) -> bool {
        false
    }
    /// The verdict on one case alone, for the tests of checkers and screens: the rule,
    /// and the advice of the likeliest mistake whose model gives this answer. A grading
    /// never shows advice so (one case proves no mistake: see [`diagnosis`]).
    fn check(
        input: &Self::Args,
        answer: &Self::Answer,
    ) -> Result<(), xorlings_core::verdict::Mistake> {
        let rule = Self::rule(input, answer).err();
        let Some(rule) = rule else { return Ok(()) };
        let mut mistake = xorlings_core::verdict::Mistake::new(rule);
        if let Some(likeliest) = Self::suspects(input, answer).into_iter().next() {
            mistake.advice = Some(likeliest.advice);
            mistake.diagnosis = Some(likeliest.mistake);
        }
        Err(mistake)
    }
    /// Advice for a panic on `input` with `message`, when a classic mistake explains it.
    fn panic_advice(_input: &Self::Args, _message: &str) -> Option<String> {
        None
    }
    /// Advice for a stack overflow on `input`, when a classic mistake explains it.
    fn stack_overflow_advice(_input: &Self::Args) -> Option<String> {
        None
    }
    /// Advice for running out of memory on `input`, when an allocation of `bytes` (when
    /// the runtime said how many) proves a classic mistake.
    fn memory_advice(_input: &Self::Args, _bytes: Option<u64>) -> Option<String> {
        None
    }
    /// The input's size in what [`Function::EXPECTED_COST`] counts (by default its
    /// words): how run times are compared across groups (see [`pace`]).
    fn size(input: &Self::Args) -> u64 {
        input.words() as u64
    }
    /// The most words a right answer to `input` takes (answers are read back with this
    /// bound), given the input's own `input_words`; by default, as many and a few more.
    fn answer_words(_input: &Self::Args, input_words: usize) -> usize {
        input_words + 8
    }
    /// Extra lines for `cargo grader try`: the position after a move, binary columns...
    fn explain(_input: &Self::Args, _answer: &Self::Answer) -> Option<String> {
        None
    }
}

/// The stack of a learner's function unless its exercise promises more, in MiB: a Rust
/// program's main thread gets as much.
pub const DEFAULT_STACK_MIB: usize = 8;

/// Advice for a stack overflow no classic mistake explains, on a stack of `mib` MiB.
pub fn stack_advice(mib: usize) -> String {
    match mib {
        DEFAULT_STACK_MIB => format!(
            "Check the base case of your recursion. Your function runs on a stack of {mib} \
             MiB, as the main thread of a Rust program does: a recursion that never ends does \
             not fit, nor one call deep per item of a long input (a million heaps). Use a loop \
             there."
        ),
        _ => format!(
            "Check the base case of your recursion. Your function runs on a stack of {mib} \
             MiB, as this exercise promises: a memoised recursion as deep as the largest \
             input fits, one that never ends does not."
        ),
    }
}

/// How the learner's code is built.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub enum Build {
    /// `src/lib.rs`, linked with the runner by `main`, the program's `main.rs` (see
    /// `xorlings_core::api::runner_main`). Compiled as `cargo test` compiles it (no
    /// optimisation: the quickest compile), or, when `optimised`, at opt-level 1, for
    /// the exercises whose time limits must tell a right algorithm from a slow one (a
    /// `HashMap` memo runs ten times faster there). Overflow checks and debug assertions
    /// are on in both.
    Function { main: String, optimised: bool },
    /// `src/main.rs`, a whole program that reads stdin and writes stdout.
    Program,
}

impl Build {
    /// The learner's file in `src/`.
    pub fn file_name(&self) -> &'static str {
        match self {
            Build::Function { .. } => "lib.rs",
            Build::Program => "main.rs",
        }
    }
}

/// An exercise's hidden tests, as the judge uses them (object-safe, so the registry can
/// hold every exercise in one list). Each `hidden/<name>.rs` registers itself with one
/// line: `pub const TESTS: &dyn HiddenTests = &FunctionTests::<Name>::new();`.
pub trait HiddenTests: Sync {
    fn name(&self) -> &'static str;
    fn build(&self) -> Build;
    fn time_limit(&self) -> Duration;
    fn expected_cost(&self) -> &'static str;
    /// Generates the cases (it takes a moment: it runs beside the compiler).
    fn plan(&self, seed: Seed) -> Box<dyn Plan>;
    /// A plan of one case typed by the learner (`cargo grader try`).
    fn plan_typed(&self, words: &[String]) -> Result<Box<dyn Plan>, String>;
    /// The names of the function's parameters, in order, for `cargo grader try`.
    fn parameters(&self) -> &'static [&'static str];
    /// The words of the stub's doc comment that make each promise about the inputs.
    fn promised(&self) -> Vec<&'static str>;
    /// The function the hidden tests call; `None` for a program.
    fn signature(&self) -> Option<Signature>;
    /// The name of every classic mistake whose advice is a proven diagnosis (see
    /// [`diagnosis`]).
    fn mistakes(&self) -> Vec<&'static str>;

    /// What the hidden tests call, as the stub declares it: `xor_all(heaps: &[u64]) -> u64`.
    fn call(&self) -> String {
        match self.signature() {
            Some(signature) => signature.to_string(),
            None => format!("the program {} (stdin to stdout)", self.name()),
        }
    }
}

/// The generated cases of one grading, and how to judge a run of each group.
pub trait Plan: Send + Sync {
    /// Each group's name and number of cases.
    fn groups(&self) -> Vec<(String, usize)>;
    /// Writes what a run of `group` reads (the runner's cases, or a program's stdin).
    fn write_input(&self, group: usize, out: &mut dyn Write) -> io::Result<()>;
    /// The most bytes a right run of `group` writes back.
    fn answer_bytes(&self, group: usize) -> u64;
    /// Judges the run of `group`. A checker that panics is the grader's bug: it comes
    /// back as an internal error naming the checker, never as a crash.
    fn decide(&self, group: usize, execution: &Execution) -> GroupResult;
    /// Every case that breaks the promises of the exercise's doc comment.
    fn invalid_cases(&self) -> Vec<String>;
    /// Every promise of the exercise's doc comment that no case reaches at its limit.
    fn unreached_promises(&self) -> Vec<String>;
    /// The sizes of `group`'s cases, in what the exercise's expected cost counts (a
    /// program's input file is one case).
    fn case_sizes(&self, group: usize) -> Vec<u64>;
    /// A plan of simpler inputs made from `failure`, the failing case of `group`, each
    /// to be judged against failing the same way: its one group's failure is the
    /// simplest that does. `None` when there is nothing simpler, or the failure cannot
    /// be shrunk (see [`shrink`]).
    fn shrinking(&self, _group: usize, _failure: &Failure) -> Option<Box<dyn Plan>> {
        None
    }
    /// A plan of the failing case of `group` alone, to be judged against failing the
    /// same way: when it passes there, in a process of its own, the failure depends on
    /// the calls before it. `None` when the failure cannot be run so.
    fn alone(&self, _group: usize, _failure: &Failure) -> Option<Box<dyn Plan>> {
        None
    }
    /// Extra lines explaining the one answer of a typed case (`cargo grader try`).
    fn explain_typed(&self, _execution: &Execution) -> Option<String> {
        None
    }
    /// The one case of a typed plan as the lessons write it: `heaps = [3, 4, 5]`.
    fn typed_input(&self) -> Option<String> {
        None
    }
}
