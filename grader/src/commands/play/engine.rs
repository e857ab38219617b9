//! The engine: the learner's own function, built once from their exercise file and run
//! in the sandbox on each position, every answer judged by the exercise's checker.

use anyhow::{Context, Result, anyhow, bail};

use super::game::{Move, Rules};
use crate::hidden::nim_winning_move::{self, Answer};
use crate::judge::decide::Failure;
use crate::judge::{Answerer, Grade, Verdict};
use crate::model::{Build, Judge};
use crate::session::Session;
use crate::workbook::ExerciseInfo;

const NIM: &str = "nim_winning_move";
const MISERE: &str = "misere_winning_move";
const NO_MISERE: &str = "misère play needs the exercise misere_winning_move, and this \
grader has no hidden tests for it yet. Update the workbook (`git pull`), or play normal Nim \
without --misere.";
const NOT_A_MOVE: &str = "does not answer with a Move as nim_winning_move does, so this \
grader cannot play it. Update the grader (`git pull`).";

/// What the engine answered in a position.
pub enum Reply {
    /// A winning move, approved by the checker.
    Winning(Move),
    /// No winning move, and the checker agrees: the position is lost.
    NoWinningMove,
    /// A wrong answer: what the checker says about it.
    Wrong(Box<Failure>),
}

pub struct Engine {
    pub exercise: ExerciseInfo,
    answerer: Answerer<'static>,
}

/// The engine is ready, or its exercise does not pass yet.
pub enum Started {
    Ready(Engine),
    NotPassing(ExerciseInfo, Grade),
}

impl Engine {
    /// Grades the exercise that plays by `rules` and keeps its program as the engine.
    pub fn start(session: &mut Session, rules: Rules) -> Result<Started> {
        let name = match rules {
            Rules::Normal => NIM,
            Rules::Misere => MISERE,
        };
        let judge = crate::hidden::judge_for(name).ok_or_else(|| anyhow!(NO_MISERE))?;
        if !answers_moves(judge) {
            bail!("{name} {NOT_A_MOVE}");
        }
        let exercise = session
            .exercise(Some(name))
            .with_context(|| format!("cannot play: the workbook has no {name}"))?;
        println!(
            "Grading {} ({}): it plays against you once it passes...",
            exercise.name,
            exercise.file().display()
        );
        let (grade, answerer) = session.grader.grade_keeping(&exercise)?;
        session.record(&grade)?;
        match answerer {
            Some(answerer) if grade.passed() => Ok(Started::Ready(Engine { exercise, answerer })),
            _ => Ok(Started::NotPassing(exercise, grade)),
        }
    }

    /// The engine's answer in the position `heaps`.
    pub fn reply(&self, heaps: &[u64]) -> Result<Reply> {
        let words: Vec<String> = heaps.iter().map(u64::to_string).collect();
        let answered = self
            .answerer
            .answer::<Answer>(&words)?
            .map_err(|problem| anyhow!("the position {words:?} cannot be asked: {problem}"))?;
        match (answered.grade.verdict, answered.answer) {
            (Verdict::Passed, Some(Some(m))) => Ok(Reply::Winning(Move {
                heap: m.heap_index + 1,
                take: m.remove,
            })),
            (Verdict::Passed, Some(None)) => Ok(Reply::NoWinningMove),
            (Verdict::Failed(failure), _) => Ok(Reply::Wrong(Box::new(failure))),
            (Verdict::InternalError(message), _) => bail!("{message}"),
            (verdict, _) => bail!(
                "{} gave no move in {words:?}: {:?}",
                self.exercise.name,
                verdict.kind()
            ),
        }
    }
}

/// Whether `judge`'s function answers as nim_winning_move does (`Option<Move>` with the
/// same `Move`): the engine's answers are read as that type.
fn answers_moves(judge: &dyn Judge) -> bool {
    match judge.build() {
        Build::Library { api, .. } => {
            shape(api).is_some() && shape(api) == shape(nim_winning_move::API)
        }
        Build::Program => false,
    }
}

/// A declaration's parameters and answer, and its `Move`, without spaces (doc comments
/// and names aside).
fn shape(api: &str) -> Option<(String, String)> {
    let compact = |text: &str| text.split_whitespace().collect::<String>();
    let signature = &api[api.find('(')?..api.find(';')?];
    let structure = &api[api.find("struct Move")?..];
    let structure = &structure[..=structure.find('}')?];
    Some((compact(signature), compact(structure)))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn nim_winning_move_plays_and_other_answers_do_not() {
        assert!(answers_moves(nim_winning_move::JUDGE));
        assert!(!answers_moves(crate::hidden::xor_all::JUDGE));
        assert!(!answers_moves(crate::hidden::apply_move::JUDGE));
    }

    #[test]
    fn the_shape_leaves_out_names_and_doc_comments() {
        let declared = "fn f(heaps: &[u64]) -> Option<Move>; #[doc = r\" A [move].\"] \
                        struct Move { heap_index: usize, remove: u64, new_size: u64 }";
        let shape = shape(declared).unwrap();
        assert_eq!(shape.0, "(heaps:&[u64])->Option<Move>");
        assert_eq!(
            shape.1,
            "structMove{heap_index:usize,remove:u64,new_size:u64}"
        );
        assert_eq!(shape, super::shape(nim_winning_move::API).unwrap());
    }
}
