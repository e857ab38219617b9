//! `play`'s game on the page of `cargo grader serve`: the same engine, rules and words,
//! one turn per request.

use anyhow::{Result, bail};

use super::engine::{self, Engine, Started as EngineStarted};
use super::game::{MAX_HEAPS, Move, Player, Rules};
use super::nim::Nim;
use super::{Match, refusal};
use crate::cli::First;
use crate::grading::Grader;
use crate::report::{self, Detail};
use crate::serve::{Started, Turn};
use crate::session::Session;
use crate::text::Style;

/// The largest starting heap, as `play`'s command line takes it.
const MAX_HEAP: u64 = 65_535;
const NOT_YOUR_TURN: &str = "It is the engine's turn, not yours.";

struct PageGame {
    nim: Nim,
    /// The engine answered wrongly: the game has stopped.
    stopped: bool,
}

/// Starts a game on the page: [`crate::serve::StartGame`].
pub(crate) fn start_on_page(
    grader: &Grader,
    misere: bool,
    heaps: Vec<u64>,
    engine_first: bool,
) -> Result<Started> {
    if heaps.is_empty()
        || heaps.len() > MAX_HEAPS
        || heaps.iter().any(|&h| !(1..=MAX_HEAP).contains(&h))
    {
        bail!("a game starts with 1 to {MAX_HEAPS} heaps, each of 1 to {MAX_HEAP} stones");
    }
    let rules = if misere { Rules::Misere } else { Rules::Normal };
    let mut session = Session::load(grader.clone())?;
    let exercise = engine::nim_exercise(&session, rules)?;
    let engine = match Engine::start(&mut session, exercise)? {
        EngineStarted::Ready(engine) => engine,
        EngineStarted::NotPassing(exercise, grade) => {
            let shown = exercise.file().display().to_string();
            let report = report::describe(&grade, &exercise, &shown, Detail::BRIEF);
            return Ok(Started::NotPassing(refusal(&exercise.name, report)));
        }
    };
    let first = if engine_first {
        First::Engine
    } else {
        First::You
    };
    Ok(Started::Ready(Box::new(PageGame {
        nim: Nim::new(engine, heaps, rules, first),
        stopped: false,
    })))
}

impl crate::serve::Game for PageGame {
    fn turn(&mut self, yours: Option<(usize, u64)>) -> Result<Turn> {
        let mut said = Vec::new();
        let mut caught_text = None;
        let nim = &mut self.nim;
        if let Some((heap, take)) = yours
            && !self.stopped
            && !nim.game.over()
        {
            if nim.to_move() != Player::You {
                said.push((Style::Warn, NOT_YOUR_TURN.to_string()));
            } else {
                match nim.play_yours(Move { heap, take }) {
                    Ok(told) => said.push((Style::Plain, told)),
                    Err(illegal) => said.push((Style::Warn, illegal)),
                }
            }
        }
        while !self.stopped && !nim.game.over() && nim.to_move() == Player::Engine {
            match nim.engine_move()? {
                Ok(engine_said) => said.extend(engine_said),
                Err(failure) => {
                    caught_text = Some(nim.caught(&failure));
                    self.stopped = true;
                }
            }
        }
        if let Some(winner) = nim.winner() {
            said.extend(nim.result(winner));
        }
        Ok(Turn {
            said,
            heaps: nim.game.heaps().to_vec(),
            over: self.stopped || nim.game.over(),
            caught: caught_text,
        })
    }
}
