//! `cargo grader play`: a game in the terminal against the learner's own function, once
//! it passes: Nim against `nim_winning_move` (or `misere_winning_move`), Kayles against
//! `kayles_grundy`. Each answer of the engine is judged by the exercise's checker before
//! its move is played: a wrong one stops the game with the checker's explanation.

mod console;
mod engine;
mod game;
mod kayles;
mod nim;
mod page;
mod typed;

use anyhow::Result;

use crate::Exit;
use crate::cli::PlayArgs;
use crate::report::{self, Detail};
use crate::session::Session;
use crate::text::{Style, Text};
use crate::workbook::Exercise;
use console::Console;
use engine::{Engine, Started};
use game::Player;
pub(super) use page::start_on_page;
use typed::Typed;
use xorlings_core::verdict::Failure;

/// A game against the learner's engine, as [`play_out`] plays it.
trait Match {
    type Move;
    /// The title, above every screen.
    fn heading(&self) -> Text;
    /// How to move, above every prompt.
    fn keys(&self) -> &'static str;
    fn help(&self) -> String;
    fn board(&self) -> Text;
    fn to_move(&self) -> Player;
    /// Once the game is over, who won.
    fn winner(&self) -> Option<Player>;
    /// What is said when the game is over.
    fn result(&self, winner: Player) -> Vec<(Style, String)>;
    /// Reads a line typed at the prompt; `Err` says what is wrong with it.
    fn parse(&self, line: &str) -> Result<Typed<Self::Move>, String>;
    /// Plays the learner's move: how it is told, or which rule of a move it breaks.
    fn play_yours(&mut self, m: Self::Move) -> Result<String, String>;
    /// Plays the engine's move, once the checker has approved what it rests on.
    fn engine_move(&mut self) -> Result<EngineMove>;
    /// The engine's wrong answer, explained (see [`caught`]).
    fn caught(&self, failure: &Failure) -> Text;
}

pub(super) fn run(session: &mut Session, options: &PlayArgs) -> Result<Exit> {
    let color = session.grader.settings.color;
    if options.kayles {
        let rows = kayles::starting_rows(options)?;
        let exercise = kayles::exercise(session)?;
        let Some(engine) = ready(session, exercise, color)? else {
            return Ok(Exit::NotPassed);
        };
        return match kayles::Kayles::start(engine, rows, options.first)? {
            kayles::Started::Ready(mut game) => play_out(game.as_mut(), color),
            kayles::Started::Caught(explained) => {
                print_text(&explained, color);
                Ok(Exit::NotPassed)
            }
        };
    }
    let heaps = nim::starting_heaps(options)?;
    let rules = nim::rules(options);
    let exercise = engine::nim_exercise(session, rules)?;
    match ready(session, exercise, color)? {
        Some(engine) => play_out(
            &mut nim::Nim::new(engine, heaps, rules, options.first),
            color,
        ),
        None => Ok(Exit::NotPassed),
    }
}

/// The engine, once `exercise` passes; `None` when it does not, after saying so.
fn ready(session: &mut Session, exercise: Exercise, color: bool) -> Result<Option<Engine>> {
    match Engine::start(session, exercise)? {
        Started::Ready(engine) => Ok(Some(engine)),
        Started::NotPassing(exercise, grade) => {
            let shown = exercise.file().display().to_string();
            let report = report::describe(&grade, &exercise, &shown, Detail::BRIEF);
            print_text(&refusal(&exercise.name, report), color);
            Ok(None)
        }
    }
}

/// Plays `game` to its end, to the learner's quitting, or to a wrong engine answer.
fn play_out<M: Match + ?Sized>(game: &mut M, color: bool) -> Result<Exit> {
    let mut console = Console::new(game.heading(), game.keys(), color);
    console.position(&game.board());
    loop {
        if let Some(winner) = game.winner() {
            for (style, text) in game.result(winner) {
                console.say(style, &text);
            }
            console.finish(&game.board())?;
            return Ok(Exit::Passed);
        }
        let turn = match game.to_move() {
            Player::Engine => engine_turn(game, &mut console)?,
            Player::You => your_turn(game, &mut console)?,
        };
        match turn {
            Turn::Moved => console.position(&game.board()),
            Turn::Again => {}
            Turn::Stopped => {
                console.finish(&game.board())?;
                return Ok(Exit::Passed);
            }
            Turn::Caught(failure) => {
                console.finish(&game.board())?;
                print_text(&game.caught(&failure), color);
                return Ok(Exit::NotPassed);
            }
        }
    }
}

/// How a turn went.
enum Turn {
    Moved,
    /// Nothing was played (help, or input that is not a legal move): ask again.
    Again,
    /// The learner quit, or their input ended.
    Stopped,
    /// The engine's answer was wrong: the checker's failure.
    Caught(Box<Failure>),
}

fn engine_turn<M: Match + ?Sized>(game: &mut M, console: &mut Console) -> Result<Turn> {
    match game.engine_move()? {
        Ok(said) => {
            for (style, text) in said {
                console.say(style, &text);
            }
            Ok(Turn::Moved)
        }
        Err(failure) => Ok(Turn::Caught(failure)),
    }
}

/// What the engine's move did: what to say, or the checker's failure (nothing is
/// played then).
type EngineMove = Result<Vec<(Style, String)>, Box<Failure>>;

fn your_turn<M: Match + ?Sized>(game: &mut M, console: &mut Console) -> Result<Turn> {
    let Some(line) = console.ask(&game.board())? else {
        console.say(Style::Plain, "End of input: the game stops here.");
        return Ok(Turn::Stopped);
    };
    let (style, message, turn) = match game.parse(&line) {
        Ok(Typed::Quit) => (
            Style::Plain,
            "You quit the game.".to_string(),
            Turn::Stopped,
        ),
        Ok(Typed::Help) => (Style::Plain, game.help(), Turn::Again),
        Ok(Typed::Move(m)) => match game.play_yours(m) {
            Ok(told) => (Style::Plain, told, Turn::Moved),
            Err(illegal) => (Style::Warn, illegal, Turn::Again),
        },
        Err(unreadable) => (Style::Warn, unreadable, Turn::Again),
    };
    console.say(style, &message);
    Ok(turn)
}

/// Why the game does not start: the exercise's verdict, and how to go on.
fn refusal(name: &str, report: Text) -> Text {
    let mut text = Text::new();
    text.prose(
        0,
        &format!("Play needs your {name} to pass its hidden tests first, and it does not yet:"),
    )
    .blank()
    .append(report)
    .blank()
    .prose(
        0,
        &format!(
            "Make it pass (`cargo grader run {name}` grades it again, `cargo grader hint \
             {name}` gives a hint), then play."
        ),
    );
    text
}

/// The engine's wrong answer in the checker's words, and what to do about it: it passed
/// the hidden tests but not `this_input` ("this position").
fn caught(engine: &Engine, failure: &Failure, this_input: &str) -> Text {
    let name = &engine.exercise.name;
    let mut text = Text::new();
    text.line(
        0,
        &[
            (Style::Bad, "✗"),
            (Style::Plain, " "),
            (Style::Bold, name),
            (
                Style::Plain,
                " answered wrongly in this game, so the game stops here. The checker says:",
            ),
        ],
    )
    .blank()
    .append(report::failure_text(failure, &engine.exercise))
    .blank()
    .prose(
        0,
        &format!(
            "Your {name} passed the hidden tests but not {this_input}: fix {}, grade it \
             with `cargo grader run {name}`, then play again.",
            engine.exercise.file().display()
        ),
    );
    text
}

fn print_text(text: &Text, color: bool) {
    print!("{}", text.to_string(crate::text::output_width(), color));
}

/// The heading of a game: its rule, and whose function the engine is.
fn heading(rule: &str, name: &str) -> Text {
    let mut text = Text::new();
    text.line(
        0,
        &[
            (Style::Bold, rule),
            (Style::Plain, " The engine is your "),
            (Style::Bold, name),
            (Style::Plain, "."),
        ],
    );
    text
}
