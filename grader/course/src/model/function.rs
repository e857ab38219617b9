//! The hidden tests of an exercise whose learner writes a function: its cases go to the
//! runner in the wire format, its answers come back as records, and the exercise's
//! checker judges each one.

use std::io::{self, Write};
use std::marker::PhantomData;
use std::time::Duration;

use xorlings_core::api::{Signature, runner_main};
use xorlings_core::run::{Execution, Limit};
use xorlings_core::verdict::{Failure, GroupResult, Mistake, Problem};
use xorlings_core::wire::{self, Wire, record};

use super::decide::{guarded, printed_by_learner, problem_of_end};
use super::diagnosis::{CHECKED_PASSES, Evidence, Wrong};
use super::pace;
use super::promise::{self, Promise};
use super::show::{Measure, Parse, Show};
use super::shrink::{Shrink, Way};
use super::{Build, Cases, Function, Group, HiddenTests, Plan, Seed, stack_advice};

/// Bytes of a record's header.
const RECORD_HEADER_BYTES: u64 = 24;
/// Room for a panic message (the runner keeps 2,000 characters and the location).
const PANIC_RECORD_BYTES: u64 = 16 << 10;
/// The most simpler inputs tried in one round of shrinking, and the most words they
/// take in all: a round is one run, and stays short.
const SHRINK_CANDIDATES: usize = 2_000;
const SHRINK_WORDS: usize = 4 << 20;
const SHRUNK_GROUP: &str = "simpler inputs made from the failing case";
const ANSWER_TOO_LARGE: &str = "Your answer to this case is far larger than any right answer \
could be, so the grader stopped reading it. Check what your function returns for this input.";

/// A [`Function`] exercise's [`HiddenTests`].
pub struct FunctionTests<E>(PhantomData<E>);

impl<E> FunctionTests<E> {
    pub const fn new() -> Self {
        FunctionTests(PhantomData)
    }
}

impl<E> Default for FunctionTests<E> {
    fn default() -> Self {
        Self::new()
    }
}

impl<E: Function> HiddenTests for FunctionTests<E> {
    fn name(&self) -> &'static str {
        E::NAME
    }
    fn build(&self) -> Build {
        Build::Function {
            main: runner_main::<E::Args, E::Answer>(E::NAME, E::STACK_MIB << 20),
            optimised: E::OPTIMISED,
        }
    }
    fn signature(&self) -> Option<Signature> {
        Some(Signature::of::<E::Args, E::Answer>(E::NAME))
    }
    fn mistakes(&self) -> Vec<&'static str> {
        E::mistakes()
    }
    fn time_limit(&self) -> Duration {
        E::TIME_LIMIT
    }
    fn expected_cost(&self) -> &'static str {
        E::EXPECTED_COST
    }
    fn plan(&self, seed: Seed) -> Box<dyn Plan> {
        Box::new(FunctionPlan::<E>::new(
            <E::Cases as Cases<E::Args>>::groups(seed),
        ))
    }
    fn plan_typed(&self, words: &[String]) -> Result<Box<dyn Plan>, String> {
        let input = E::Args::parse(words)?;
        promise::validate(&promises::<E>(), &input).map_err(|broken| {
            format!("this input is outside what the exercise promises: {broken}")
        })?;
        let group = Group::new("your input", vec![input]);
        Ok(Box::new(FunctionPlan::<E>::new(vec![group])))
    }
    fn parameters(&self) -> &'static [&'static str] {
        E::Args::PARAMETERS
    }
    fn promised(&self) -> Vec<&'static str> {
        promises::<E>()
            .iter()
            .map(|promise| promise.stated)
            .collect()
    }
}

fn promises<E: Function>() -> Vec<Promise<E::Args>> {
    <E::Cases as Cases<E::Args>>::promises()
}

/// What the judge of one case found wrong: an answer that breaks a rule, or a run that
/// did not answer.
enum Judged {
    Wrong(Wrong),
    Problem(Problem),
}

/// The cases of one grading.
struct FunctionPlan<E: Function> {
    groups: Vec<Group<E::Args>>,
    /// The most bytes a right run of each group writes back.
    answer_bytes: Vec<u64>,
}

impl<E: Function> FunctionPlan<E> {
    fn new(groups: Vec<Group<E::Args>>) -> Self {
        let answer_bytes = groups
            .iter()
            .map(|group| answer_bytes::<E>(&group.cases))
            .collect();
        FunctionPlan {
            groups,
            answer_bytes,
        }
    }
}

/// What is wrong with the answer to `input`, given the runner's record for it (if it got
/// that far); `None` when it is right. The answer comes back shown, when there is one; a
/// wrong one with its suspects when `diagnose` asks for them.
fn judge_case<E: Function>(
    input: &E::Args,
    record: Option<&record::Record>,
    execution: &Execution,
    diagnose: bool,
) -> Option<(Option<String>, Judged)> {
    let Some(record) = record else {
        if execution.answers_overflowed {
            let problem = Problem::WrongAnswer(Mistake::new(ANSWER_TOO_LARGE));
            return Some((None, Judged::Problem(problem)));
        }
        let advice = |advice: fn(&E::Args) -> Option<String>| {
            guarded(E::NAME, || advice(input)).ok().flatten()
        };
        let memory = |bytes| {
            guarded(E::NAME, || E::memory_advice(input, bytes))
                .ok()
                .flatten()
        };
        let problem = problem_of_end(
            execution,
            E::EXPECTED_COST,
            || advice(E::stack_overflow_advice).or_else(|| Some(stack_advice(E::STACK_MIB))),
            memory,
        );
        return Some((None, Judged::Problem(problem)));
    };
    match record {
        record::Record::Panic { message, .. } => {
            let problem = match guarded(E::NAME, || E::panic_advice(input, message)) {
                Ok(advice) => Problem::Panicked {
                    message: message.clone(),
                    advice,
                },
                Err(internal) => internal,
            };
            Some((None, Judged::Problem(problem)))
        }
        record::Record::Answer { words, .. } => match wire::decode::<E::Answer>(words) {
            None => Some((
                Some(format!("{} words the grader cannot read", words.len())),
                Judged::Problem(Problem::WrongAnswer(Mistake::new(
                    "The answer could not be read back: something wrote over the grader's \
                     answers. Return your answer from the function; do not write to the \
                     grader's files.",
                ))),
            )),
            Some(answer) => {
                let judged = guarded(E::NAME, || {
                    let rule = E::rule(input, &answer).err()?;
                    let suspects = match diagnose {
                        true => E::suspects(input, &answer),
                        false => Vec::new(),
                    };
                    Some(Wrong { rule, suspects })
                });
                match judged {
                    Ok(None) => None,
                    Ok(Some(wrong)) => Some((Some(answer.show()), Judged::Wrong(wrong))),
                    Err(internal) => Some((Some(answer.show()), Judged::Problem(internal))),
                }
            }
        },
    }
}

/// The failure shown for case `i` of `group`: its input, answer and problem, and what the
/// learner's code printed while it ran.
fn failure_of<E: Function>(
    group: &Group<E::Args>,
    i: usize,
    answer: Option<String>,
    problem: Problem,
    records: &[record::Record],
    execution: &Execution,
) -> Failure {
    let input = &group.cases[i];
    let start = i.checked_sub(1).map_or(0, |j| records[j].printed_end());
    let end = records.get(i).map_or(u64::MAX, record::Record::printed_end);
    let printed = printed_by_learner(execution.printed.range(start, end), &problem);
    Failure {
        group: group.name.clone(),
        case_number: i + 1,
        input: input.show(),
        answer,
        problem,
        printed,
        size: input.measure(),
    }
}

/// The most bytes a right run on `cases` writes back: each case's record (at least room
/// for a panic message), then the final one.
fn answer_bytes<E: Function>(cases: &[E::Args]) -> u64 {
    cases.iter().fold(RECORD_HEADER_BYTES, |bytes, case| {
        let answer_words = E::answer_words(case, case.words()) as u64;
        bytes + (RECORD_HEADER_BYTES + 8 * answer_words).max(PANIC_RECORD_BYTES)
    })
}

/// Writes the cases of a group for the runner: their count, then each case's words, a
/// batch at a time (never all of them in memory at once).
fn write_cases<E: Function>(cases: &[E::Args], out: &mut dyn Write) -> io::Result<()> {
    /// Words written at once (a case longer than that is written whole).
    const BATCH_WORDS: usize = 64 << 10;
    let mut words = vec![cases.len() as u64];
    for case in cases {
        case.put(&mut words);
        if words.len() >= BATCH_WORDS {
            out.write_all(bytemuck::cast_slice(&words))?;
            words.clear();
        }
    }
    out.write_all(bytemuck::cast_slice(&words))
}

impl<E: Function> Plan for FunctionPlan<E> {
    fn groups(&self) -> Vec<(String, usize)> {
        self.groups
            .iter()
            .map(|group| (group.name.clone(), group.cases.len()))
            .collect()
    }

    fn write_input(&self, group: usize, out: &mut dyn Write) -> io::Result<()> {
        write_cases::<E>(&self.groups[group].cases, out)
    }

    fn answer_bytes(&self, group: usize) -> u64 {
        self.answer_bytes[group]
    }

    fn decide(&self, group: usize, execution: &Execution) -> GroupResult {
        let group = &self.groups[group];
        let (records, _) = record::parse(&execution.answers);
        let mut result = GroupResult::ran(group.name.clone(), group.cases.len(), execution.cpu);
        // The first failure is shown; every wrong answer is evidence for its advice.
        let mut evidence = Evidence::default();
        let mut shown = None;
        let mut passes = Vec::new();
        for (i, input) in group.cases.iter().enumerate() {
            // Past the case that was running when the process stopped, nothing ran.
            if i > records.len() {
                break;
            }
            let diagnose = evidence.weighing();
            let Some((answer, judged)) =
                judge_case::<E>(input, records.get(i), execution, diagnose)
            else {
                result.passed += 1;
                if passes.len() < CHECKED_PASSES {
                    passes.push(input);
                }
                continue;
            };
            if let Judged::Wrong(wrong) = &judged {
                evidence.weigh(wrong);
            }
            let internal = matches!(judged, Judged::Problem(Problem::InternalError { .. }));
            if shown.is_none() || internal {
                shown = Some((i, answer, judged));
            }
            if internal {
                break;
            }
        }
        // A mistake whose code gets wrong a case the learner's code passed is not theirs.
        for mistake in evidence.explaining() {
            let cleared = guarded(E::NAME, || {
                passes.iter().any(|&input| E::wrong_under(input, mistake))
            });
            if cleared.unwrap_or(true) {
                evidence.clear(mistake);
            }
        }
        result.failure = shown.map(|(i, answer, judged)| {
            let problem = match judged {
                Judged::Wrong(wrong) => Problem::WrongAnswer(wrong.decided(&evidence)),
                Judged::Problem(mut problem) => {
                    if let Problem::TimeLimit {
                        advice,
                        by: Limit::Cpu,
                        ..
                    } = &mut problem
                    {
                        let so_far = group.cases[..=i].iter().map(E::size).sum();
                        *advice = advice.take().or_else(|| pace::tiny_cases_advice(so_far));
                    }
                    problem
                }
            };
            failure_of::<E>(group, i, answer, problem, &records, execution)
        });
        result
    }

    fn case_sizes(&self, group: usize) -> Vec<u64> {
        self.groups[group].cases.iter().map(E::size).collect()
    }

    fn unreached_promises(&self) -> Vec<String> {
        let cases = self.groups.iter().flat_map(|group| &group.cases);
        promise::unreached(&promises::<E>(), cases)
    }

    fn shrinking(&self, group: usize, failure: &Failure) -> Option<Box<dyn Plan>> {
        let case = self.groups[group]
            .cases
            .get(failure.case_number.checked_sub(1)?)?;
        ShrinkPlan::<E>::after(case, failure)
    }

    fn alone(&self, group: usize, failure: &Failure) -> Option<Box<dyn Plan>> {
        let case = self.groups[group]
            .cases
            .get(failure.case_number.checked_sub(1)?)?;
        ShrinkPlan::<E>::of(vec![case.clone()], failure)
    }

    fn explain_typed(&self, execution: &Execution) -> Option<String> {
        let (records, _) = record::parse(&execution.answers);
        let record::Record::Answer { words, .. } = records.first()? else {
            return None;
        };
        let answer = wire::decode::<E::Answer>(words)?;
        let input = self.groups.first()?.cases.first()?;
        let returned = format!("Your function returned {}.", answer.show());
        let more = guarded(E::NAME, || E::explain(input, &answer))
            .ok()
            .flatten();
        Some(match more {
            Some(more) => format!("{returned}\n{more}"),
            None => returned,
        })
    }

    fn typed_input(&self) -> Option<String> {
        Some(self.groups.first()?.cases.first()?.show())
    }

    fn invalid_cases(&self) -> Vec<String> {
        let promises = promises::<E>();
        self.groups
            .iter()
            .flat_map(|group| {
                let promises = &promises;
                group
                    .cases
                    .iter()
                    .enumerate()
                    .filter_map(move |(i, input)| {
                        promise::validate(promises, input).err().map(|broken| {
                            format!(
                                "case {} of \"{}\" ({}) breaks a promise: {broken}",
                                i + 1,
                                group.name,
                                shortened(&input.show())
                            )
                        })
                    })
            })
            .collect()
    }
}

/// A case shown in a message about many cases: at most a line.
fn shortened(text: &str) -> String {
    const MAX_CHARS: usize = 100;
    match text.char_indices().nth(MAX_CHARS) {
        Some((at, _)) => format!("{}...", &text[..at]),
        None => text.to_string(),
    }
}

/// A round of shrinking: simpler inputs made from a failing case, simplest first, each
/// judged against failing the same way.
struct ShrinkPlan<E: Function> {
    candidates: Group<E::Args>,
    way: Way,
    answer_bytes: u64,
}

impl<E: Function> ShrinkPlan<E> {
    /// The simpler inputs made from `case`, which fails as `failure` says, that keep the
    /// exercise's promises; `None` when there are none, or the failure cannot shrink.
    fn after(case: &E::Args, failure: &Failure) -> Option<Box<dyn Plan>> {
        Way::of(&failure.problem)?;
        let promises = promises::<E>();
        let simplest_first = |args: &E::Args| {
            let mut words = Vec::new();
            args.put(&mut words);
            (args.measure(), words)
        };
        let this = simplest_first(case);
        let mut candidates: Vec<(_, E::Args)> = case
            .shrunk()
            .into_iter()
            .map(|simpler| (simplest_first(&simpler), simpler))
            .filter(|(simplicity, _)| *simplicity < this)
            .filter(|(_, simpler)| promise::validate(&promises, simpler).is_ok())
            .collect();
        candidates.sort_by(|a, b| a.0.cmp(&b.0));
        candidates.dedup_by(|a, b| a.0 == b.0);
        let mut candidates: Vec<E::Args> = candidates.into_iter().map(|(_, c)| c).collect();
        candidates.truncate(SHRINK_CANDIDATES);
        let mut words = 0;
        candidates.retain(|simpler| {
            words += simpler.words();
            words <= SHRINK_WORDS
        });
        Self::of(candidates, failure)
    }

    /// A round of `candidates`, judged against failing as `failure` does; `None` when
    /// there are none, or the failure cannot shrink.
    fn of(candidates: Vec<E::Args>, failure: &Failure) -> Option<Box<dyn Plan>> {
        let way = Way::of(&failure.problem)?;
        if candidates.is_empty() {
            return None;
        }
        Some(Box::new(ShrinkPlan::<E> {
            answer_bytes: answer_bytes::<E>(&candidates),
            candidates: Group::new(SHRUNK_GROUP, candidates),
            way,
        }))
    }

    /// The problem of a candidate judged `judged`, when it fails the way the case did.
    fn same_way(&self, judged: Judged) -> Option<Problem> {
        match (&self.way, judged) {
            (Way::Wrong(None), Judged::Wrong(wrong)) => {
                Some(Problem::WrongAnswer(Mistake::new(wrong.rule)))
            }
            (Way::Wrong(Some(mistake)), Judged::Wrong(wrong)) => {
                let suspect = wrong.suspects.into_iter().find(|s| s.mistake == *mistake)?;
                let mut shown = Mistake::new(wrong.rule).advice(suspect.advice);
                shown.diagnosis = Some(suspect.mistake);
                Some(Problem::WrongAnswer(shown))
            }
            (Way::Panic(..), Judged::Problem(problem)) => {
                (Way::of(&problem).as_ref() == Some(&self.way)).then_some(problem)
            }
            _ => None,
        }
    }
}

impl<E: Function> Plan for ShrinkPlan<E> {
    fn groups(&self) -> Vec<(String, usize)> {
        vec![(self.candidates.name.clone(), self.candidates.cases.len())]
    }

    fn write_input(&self, _group: usize, out: &mut dyn Write) -> io::Result<()> {
        write_cases::<E>(&self.candidates.cases, out)
    }

    fn answer_bytes(&self, _group: usize) -> u64 {
        self.answer_bytes
    }

    /// The group's failure is the simplest candidate that fails the same way. A proven
    /// mistake must be proven again on the candidates, as a group proves it (see
    /// [`diagnosis`](super::diagnosis)): else no candidate fails the same way, and the
    /// case as first found stays, with the evidence of its group.
    fn decide(&self, _group: usize, execution: &Execution) -> GroupResult {
        let group = &self.candidates;
        let (records, _) = record::parse(&execution.answers);
        let mut result = GroupResult::ran(group.name.clone(), group.cases.len(), execution.cpu);
        let mut passes = Vec::new();
        let mut evidence = Evidence::default();
        // Only the candidates the run answered: one it was still running on when it
        // stopped fails some other way.
        for (i, input) in group.cases.iter().enumerate().take(records.len()) {
            let diagnose = matches!(self.way, Way::Wrong(Some(_)));
            let Some((answer, judged)) =
                judge_case::<E>(input, records.get(i), execution, diagnose)
            else {
                result.passed += 1;
                passes.push(input);
                continue;
            };
            if let Judged::Wrong(wrong) = &judged {
                evidence.weigh(wrong);
            }
            if result.failure.is_none()
                && let Some(problem) = self.same_way(judged)
            {
                result.failure = Some(failure_of::<E>(
                    group, i, answer, problem, &records, execution,
                ));
            }
        }
        if let Way::Wrong(Some(mistake)) = self.way {
            let cleared = guarded(E::NAME, || {
                passes.iter().any(|&input| E::wrong_under(input, mistake))
            });
            if cleared.unwrap_or(true) || !evidence.proves(mistake) {
                result.failure = None;
            }
        }
        result
    }

    fn invalid_cases(&self) -> Vec<String> {
        Vec::new()
    }

    fn unreached_promises(&self) -> Vec<String> {
        Vec::new()
    }

    fn case_sizes(&self, _group: usize) -> Vec<u64> {
        self.candidates.cases.iter().map(E::size).collect()
    }

    fn shrinking(&self, _group: usize, failure: &Failure) -> Option<Box<dyn Plan>> {
        let case = self
            .candidates
            .cases
            .get(failure.case_number.checked_sub(1)?)?;
        ShrinkPlan::<E>::after(case, failure)
    }
}
