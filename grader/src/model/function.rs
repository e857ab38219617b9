//! The hidden tests of an exercise whose learner writes a function: its cases go to the
//! runner in the wire format, its answers come back as records, and the exercise's
//! checker judges each one.

use std::io::{self, Write};
use std::marker::PhantomData;
use std::time::Duration;

use xorlings_core::api::{Signature, runner_main};
use xorlings_core::run::Execution;
use xorlings_core::verdict::{Failure, GroupResult, Mistake, Problem};
use xorlings_core::wire::{self, Wire, record};

use super::decide::{guarded, printed_by_learner, problem_of_end};
use super::show::{Measure, Parse, Show};
use super::{Build, Cases, Function, Group, HiddenTests, Plan, Seed};

/// Bytes of a record's header.
const RECORD_HEADER_BYTES: u64 = 24;
/// Room for a panic message (the runner keeps 2,000 characters and the location).
const PANIC_RECORD_BYTES: u64 = 16 << 10;
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
            main: runner_main::<E::Args, E::Answer>(E::NAME),
            optimised: E::OPTIMISED,
        }
    }
    fn signature(&self) -> Option<Signature> {
        Some(Signature::of::<E::Args, E::Answer>(E::NAME))
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
        <E::Cases as Cases<E::Args>>::validate(&input).map_err(|broken| {
            format!("this input is outside what the exercise promises: {broken}")
        })?;
        let group = Group::new("your input", vec![input]);
        Ok(Box::new(FunctionPlan::<E>::new(vec![group])))
    }
    fn parameters(&self) -> &'static [&'static str] {
        E::Args::PARAMETERS
    }
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

    /// The problem with `input`, given the runner's record for it (if it got that far).
    fn judge_case(
        &self,
        input: &E::Args,
        record: Option<&record::Record>,
        execution: &Execution,
    ) -> Option<(Option<String>, Problem)> {
        let checker = format!("the checker of {}", E::NAME);
        let Some(record) = record else {
            if execution.answers_overflowed {
                return Some((None, Problem::WrongAnswer(Mistake::new(ANSWER_TOO_LARGE))));
            }
            let overflow_advice = || {
                guarded(&checker, || E::stack_overflow_advice(input))
                    .ok()
                    .flatten()
            };
            return Some((
                None,
                problem_of_end(execution, E::EXPECTED_COST, overflow_advice),
            ));
        };
        match record {
            record::Record::Panic { message, .. } => {
                let advice = guarded(&checker, || E::panic_advice(input, message));
                Some((
                    None,
                    match advice {
                        Ok(advice) => Problem::Panicked {
                            message: message.clone(),
                            advice,
                        },
                        Err(internal) => internal,
                    },
                ))
            }
            record::Record::Answer { words, .. } => match wire::decode::<E::Answer>(words) {
                None => Some((
                    Some(format!("{} words the grader cannot read", words.len())),
                    Problem::WrongAnswer(Mistake::new(
                        "The answer could not be read back: something wrote over the grader's \
                         answers. Return your answer from the function; do not write to the \
                         grader's files.",
                    )),
                )),
                Some(answer) => match guarded(&checker, || E::check(input, &answer)) {
                    Ok(Ok(())) => None,
                    Ok(Err(mistake)) => Some((Some(answer.show()), Problem::WrongAnswer(mistake))),
                    Err(internal) => Some((Some(answer.show()), internal)),
                },
            },
        }
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
        let mut result = GroupResult {
            name: group.name.clone(),
            cases: group.cases.len(),
            passed: 0,
            failure: None,
            time: execution.cpu,
            ran: true,
        };
        for (i, input) in group.cases.iter().enumerate() {
            // Past the case that was running when the process stopped, nothing ran.
            if i > records.len() {
                break;
            }
            let Some((answer, problem)) = self.judge_case(input, records.get(i), execution) else {
                result.passed += 1;
                continue;
            };
            if result.failure.is_some() && !matches!(problem, Problem::InternalError { .. }) {
                continue;
            }
            let start = i.checked_sub(1).map_or(0, |j| records[j].printed_end());
            let end = records.get(i).map_or(u64::MAX, record::Record::printed_end);
            let during_case = printed_by_learner(execution.printed.range(start, end), &problem);
            let internal = matches!(problem, Problem::InternalError { .. });
            result.failure = Some(Failure {
                group: group.name.clone(),
                case_number: i + 1,
                input: input.show(),
                answer,
                problem,
                printed: during_case,
                size: input.measure(),
            });
            if internal {
                break;
            }
        }
        result
    }

    fn explain_typed(&self, execution: &Execution) -> Option<String> {
        let (records, _) = record::parse(&execution.answers);
        let record::Record::Answer { words, .. } = records.first()? else {
            return None;
        };
        let answer = wire::decode::<E::Answer>(words)?;
        let input = self.groups.first()?.cases.first()?;
        let returned = format!("Your function returned {}.", answer.show());
        let more = guarded("", || E::explain(input, &answer)).ok().flatten();
        Some(match more {
            Some(more) => format!("{returned}\n{more}"),
            None => returned,
        })
    }

    fn typed_input(&self) -> Option<String> {
        Some(self.groups.first()?.cases.first()?.show())
    }

    fn invalid_cases(&self) -> Vec<String> {
        self.groups
            .iter()
            .flat_map(|group| {
                group.cases.iter().enumerate().filter_map(|(i, input)| {
                    <E::Cases as Cases<E::Args>>::validate(input)
                        .err()
                        .map(|broken| {
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
