//! The engine: the learner's own function, built once from their exercise file and run
//! in the sandbox on each position, every answer judged by the exercise's checker.

use anyhow::{Result, anyhow, bail};
use xorlings_core::verdict::Failure;
use xorlings_core::wire::{self, Wire};

use super::game::{Move, Rules};
use crate::grading::{Cases, Code, Grader, Request, TypedCase};
use crate::judge::build::Program;
use crate::judge::{Cancel, Grade, Verdict};
use crate::session::Session;
use crate::workbook::Exercise;
use xorlings_course::hidden::nim_winning_move;
use xorlings_course::model::HiddenTests;
use xorlings_course::model::nim::Move as Answered;

const NIM: &str = "nim_winning_move";
const MISERE: &str = "misere_winning_move";
const NO_MISERE: &str = "misère play needs the exercise misere_winning_move, and this \
grader has no hidden tests for it yet. Update the workbook (`git pull`), or play normal Nim \
without --misere.";
const NOT_A_MOVE: &str = "does not answer with a Move as nim_winning_move does, so this \
grader cannot play it. Update the grader (`git pull`).";

/// What the engine answered in a position.
pub(super) enum Reply {
    /// A winning move, approved by the checker.
    Winning(Move),
    /// No winning move, and the checker agrees: the position is lost.
    NoWinningMove,
    /// A wrong answer: what the checker says about it.
    Wrong(Box<Failure>),
}

/// The learner's answer on one input, judged by the exercise's checker.
pub(super) enum Judged<T> {
    /// The checker approved it.
    Right(T),
    /// A wrong answer: what the checker says about it.
    Wrong(Box<Failure>),
}

pub(super) struct Engine {
    pub exercise: Exercise,
    grader: Grader,
    program: Program,
}

/// The engine is ready, or its exercise does not pass yet.
pub(super) enum Started {
    Ready(Engine),
    NotPassing(Exercise, Grade),
}

/// The exercise that plays Nim by `rules`, once its answers are known to be moves.
pub(super) fn nim_exercise(session: &Session, rules: Rules) -> Result<Exercise> {
    let name = match rules {
        Rules::Normal => NIM,
        Rules::Misere => MISERE,
    };
    let exercise = match session.exercise(Some(name)) {
        Ok(exercise) => exercise,
        Err(_) if rules == Rules::Misere => bail!(NO_MISERE),
        Err(error) => {
            return Err(error.context(format!("cannot play: the workbook has no {name}")));
        }
    };
    if !same_signature(exercise.tests, nim_winning_move::TESTS) {
        bail!("{name} {NOT_A_MOVE}");
    }
    Ok(exercise)
}

impl Engine {
    /// Grades `exercise` and keeps its program as the engine.
    pub(super) fn start(session: &mut Session, exercise: Exercise) -> Result<Started> {
        println!(
            "Grading {} ({}): it plays against you once it passes...",
            exercise.name,
            exercise.file().display()
        );
        let grader = session.grader.clone();
        let submission = grader.own_file(&exercise);
        let request = Request::new(&exercise, Code::Source(&submission)).keeping_program();
        let response = grader.grade(request, &Cancel::default())?;
        session.record(&response.grade)?;
        match response.program {
            Some(program) if response.grade.passed() => Ok(Started::Ready(Engine {
                exercise,
                grader,
                program,
            })),
            _ => Ok(Started::NotPassing(exercise, response.grade)),
        }
    }

    /// The engine's answer in the position `heaps`.
    pub(super) fn reply(&self, heaps: &[u64]) -> Result<Reply> {
        let words: Vec<String> = heaps.iter().map(u64::to_string).collect();
        Ok(match self.judged::<Option<Answered>>(&words)? {
            Judged::Right(Some(m)) => Reply::Winning(Move {
                heap: m.heap_index,
                take: m.remove,
            }),
            Judged::Right(None) => Reply::NoWinningMove,
            Judged::Wrong(failure) => Reply::Wrong(failure),
        })
    }

    /// The learner's function on the input typed as `words`, judged by the checker.
    pub(super) fn judged<T: Wire>(&self, words: &[String]) -> Result<Judged<T>> {
        let case = TypedCase::new(self.exercise.tests, words)
            .map_err(|problem| anyhow!("the input {words:?} cannot be asked: {problem}"))?;
        let request =
            Request::new(&self.exercise, Code::Built(&self.program)).on(Cases::Typed(case));
        let response = self.grader.grade(request, &Cancel::default())?;
        let answer = response
            .typed
            .and_then(|typed| typed.answer)
            .and_then(|words| wire::decode::<T>(&words));
        match (response.grade.verdict, answer) {
            (Verdict::Passed, Some(answer)) => Ok(Judged::Right(answer)),
            (Verdict::Failed(failure), _) => Ok(Judged::Wrong(Box::new(failure))),
            (Verdict::InternalError(message), _) => bail!("{message}"),
            (verdict, _) => bail!(
                "{} gave no answer on {words:?}: {:?}",
                self.exercise.name,
                verdict.kind()
            ),
        }
    }
}

/// Whether `tests`' function takes the parameters and gives the answer of `model`'s: the
/// engine reads its answers as those.
pub(super) fn same_signature(tests: &dyn HiddenTests, model: &dyn HiddenTests) -> bool {
    let shape = |tests: &dyn HiddenTests| {
        tests
            .signature()
            .map(|signature| (signature.parameters, signature.answer))
    };
    shape(tests).is_some() && shape(tests) == shape(model)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn nim_winning_move_plays_and_other_answers_do_not() {
        use xorlings_course::hidden::{
            apply_move, kayles_grundy, misere_winning_move, pile_referee, xor_all,
        };
        let answers_moves = |tests| same_signature(tests, nim_winning_move::TESTS);
        assert!(answers_moves(nim_winning_move::TESTS));
        assert!(answers_moves(misere_winning_move::TESTS));
        assert!(!answers_moves(xor_all::TESTS));
        assert!(!answers_moves(apply_move::TESTS));
        assert!(!answers_moves(pile_referee::TESTS));
        assert!(!answers_moves(kayles_grundy::TESTS));
        assert!(!same_signature(xor_all::TESTS, kayles_grundy::TESTS));
    }
}
