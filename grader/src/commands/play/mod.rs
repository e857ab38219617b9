//! `cargo grader play`: Nim in the terminal against the learner's own
//! `nim_winning_move` (or `misere_winning_move`), once it passes. Each engine move is
//! judged by the exercise's checker before it is played: a wrong one stops the game
//! with the checker's explanation.

mod console;
mod engine;
mod game;
mod page;

use anyhow::{Result, bail};
use rand::Rng;

use crate::Exit;
use crate::cli::PlayArgs;
use crate::report::{self, Detail};
use crate::session::Session;
use crate::text::{Style, Text};
use console::Console;
use engine::{Engine, Reply, Started};
use game::{Game, MAX_HEAPS, Player, Rules, Typed};
pub(super) use page::start_on_page;
use xorlings_core::verdict::Failure;
use xorlings_course::model::Seed;

const DEFAULT_HEAPS: [u64; 3] = [3, 4, 5];
const KEYS: &str = "Your move: HEAP COUNT (`1 3` takes 3 stones from heap 1) · h help · q quit";
const HELP: &str = "On your turn, take one or more stones from one heap: type HEAP COUNT, \
for example `1 3` to take 3 stones from heap 1 (heaps are numbered from 0, as heap_index \
numbers them). q quits.\n\
The board shows each heap in binary and the nim-sum, the XOR of the heaps: a bit of the \
nim-sum is 1 when an odd number of heaps have that bit. Leave your opponent a nim-sum of 0 \
and it cannot win (Bouton's theorem). The engine is your own function: it tries just that.";
const MISERE_HELP: &str = "In misère play, play as in normal Nim while two heaps have more \
than one stone; then leave an odd number of heaps of 1.";
const YOU_LOST: &str = "A perfect player wins from any position whose nim-sum is not 0: \
try again, and after each of your moves leave a nim-sum of 0.";

pub(super) fn run(session: &mut Session, options: &PlayArgs) -> Result<Exit> {
    let heaps = starting_heaps(options)?;
    let rules = if options.misere {
        Rules::Misere
    } else {
        Rules::Normal
    };
    let color = session.grader.settings.color;
    let engine = match Engine::start(session, rules)? {
        Started::Ready(engine) => engine,
        Started::NotPassing(exercise, grade) => {
            let shown = exercise.file().display().to_string();
            let report = report::describe(&grade, &exercise, &shown, Detail::BRIEF);
            print_text(&refusal(&exercise.name, report), color);
            return Ok(Exit::NotPassed);
        }
    };
    let name = &engine.exercise.name;
    let mut game = Game::new(heaps, rules, options.first);
    let mut console = Console::new(heading(name, rules), KEYS, color);
    console.position(&game);
    loop {
        if let Some(winner) = game.winner() {
            say_result(&mut console, winner, rules);
            console.finish(&game)?;
            return Ok(Exit::Passed);
        }
        let turn = match game.to_move() {
            Player::Engine => engine_turn(&engine, &mut game, &mut console)?,
            Player::You => your_turn(&mut game, &mut console)?,
        };
        match turn {
            Turn::Moved => console.position(&game),
            Turn::Again => {}
            Turn::Stopped => {
                console.finish(&game)?;
                return Ok(Exit::Passed);
            }
            Turn::Caught(failure) => {
                console.finish(&game)?;
                print_text(&caught(&engine, &failure), color);
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

fn engine_turn(engine: &Engine, game: &mut Game, console: &mut Console) -> Result<Turn> {
    match engine_move(engine, game)? {
        Ok(said) => {
            for (style, text) in said {
                console.say(style, &text);
            }
            Ok(Turn::Moved)
        }
        Err(failure) => Ok(Turn::Caught(failure)),
    }
}

/// What the engine's move did: what to say, or the checker's failure.
type EngineMove = Result<Vec<(Style, String)>, Box<Failure>>;

/// Plays the engine's move in `game`: what to say about it, or the checker's failure
/// when the engine answered wrongly (nothing is played then).
fn engine_move(engine: &Engine, game: &mut Game) -> Result<EngineMove> {
    let mut said = Vec::new();
    let m = match engine.reply(game.heaps())? {
        Reply::Winning(m) => m,
        Reply::NoWinningMove => {
            let Some(m) = game.one_from_largest() else {
                bail!("the engine was asked to move in an empty position");
            };
            said.push((
                Style::Plain,
                format!(
                    "Your {} returned None: no winning move here. The engine must still \
                     move, so it takes one stone from the largest heap.",
                    engine.exercise.name
                ),
            ));
            m
        }
        Reply::Wrong(failure) => return Ok(Err(failure)),
    };
    // The checker approved the move: breaking a rule here is the grader's bug.
    let made = game
        .play(m)
        .or_else(|illegal| bail!("the checker let an illegal engine move through: {illegal}"))?;
    said.push((
        Style::Note,
        format!("The engine takes {}.", made.describe()),
    ));
    Ok(Ok(said))
}

fn your_turn(game: &mut Game, console: &mut Console) -> Result<Turn> {
    let Some(line) = console.ask(game)? else {
        console.say(Style::Plain, "End of input: the game stops here.");
        return Ok(Turn::Stopped);
    };
    let (style, message, turn) = match game::parse(&line) {
        Ok(Typed::Quit) => (
            Style::Plain,
            "You quit the game.".to_string(),
            Turn::Stopped,
        ),
        Ok(Typed::Help) => (Style::Plain, help(game.rules), Turn::Again),
        Ok(Typed::Move(m)) => match game.play(m) {
            Ok(made) => (
                Style::Plain,
                format!("You take {}.", made.describe()),
                Turn::Moved,
            ),
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

/// The engine's wrong answer in the checker's words, and what to do about it.
fn caught(engine: &Engine, failure: &Failure) -> Text {
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
            "Your {name} passed the hidden tests but not this position: fix {}, grade it \
             with `cargo grader run {name}`, then play again.",
            engine.exercise.file().display()
        ),
    );
    text
}

fn print_text(text: &Text, color: bool) {
    print!("{}", text.to_string(crate::text::output_width(), color));
}

/// The heaps typed on the command line, random ones, or 3 4 5.
fn starting_heaps(options: &PlayArgs) -> Result<Vec<u64>> {
    if options.heaps.len() > MAX_HEAPS {
        bail!(
            "a game starts with at most {MAX_HEAPS} heaps, not {}: the board must fit the screen",
            options.heaps.len()
        );
    }
    if options.random {
        let mut rng = Seed(super::random_number()).rng(0);
        let count = rng.random_range(3..=5);
        return Ok((0..count).map(|_| rng.random_range(1..=15)).collect());
    }
    if options.heaps.is_empty() {
        return Ok(DEFAULT_HEAPS.to_vec());
    }
    Ok(options.heaps.clone())
}

fn heading(name: &str, rules: Rules) -> Text {
    let rule = match rules {
        Rules::Normal => "Nim: whoever takes the last stone wins.",
        Rules::Misere => "Misère Nim: whoever takes the last stone loses.",
    };
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

fn help(rules: Rules) -> String {
    match rules {
        Rules::Normal => HELP.to_string(),
        Rules::Misere => format!("{HELP}\n{MISERE_HELP}"),
    }
}

fn say_result(console: &mut Console, winner: Player, rules: Rules) {
    for (style, text) in result(winner, rules) {
        console.say(style, &text);
    }
}

/// What is said when the game is over.
fn result(winner: Player, rules: Rules) -> Vec<(Style, String)> {
    let last = match (winner, rules) {
        (Player::You, Rules::Normal) | (Player::Engine, Rules::Misere) => "You took",
        _ => "The engine took",
    };
    match winner {
        Player::You => vec![(Style::Good, format!("{last} the last stone: you win!"))],
        Player::Engine => {
            let mut said = vec![(
                Style::Bad,
                format!("{last} the last stone: the engine wins."),
            )];
            if rules == Rules::Normal {
                said.push((Style::Plain, YOU_LOST.to_string()));
            }
            said
        }
    }
}
