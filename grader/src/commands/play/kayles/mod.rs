//! Kayles against the learner's `kayles_grundy`: the engine asks it the Grundy number
//! of every row up to the longest (each answer judged by the exercise's checker), and
//! knocks down pins so that the rows' Grundy numbers XOR to 0. Each engine move is
//! checked against the grader's own Grundy numbers before it is played.

mod rows;

use anyhow::{Context, Result, bail};
use rand::Rng;

use super::engine::{Engine, Judged, same_signature};
use super::game::{MAX_HEAPS, Player};
use super::typed::Typed;
use super::{EngineMove, Match};
use crate::cli::{First, PlayArgs};
use crate::session::Session;
use crate::text::{Style, Text};
use crate::workbook::Exercise;
use rows::{Knock, Rows, winning_knock, xor};
use xorlings_core::verdict::Failure;
use xorlings_course::hidden::kayles_grundy::{self, grundy_number};
use xorlings_course::model::Seed;
use xorlings_course::model::show::count;

const NAME: &str = "kayles_grundy";
/// A row of 10 pins: the first player wins by splitting it into two equal rows.
const DEFAULT_ROWS: [usize; 1] = [10];
/// The most pins a game starts with: rows are drawn pin by pin, and each split adds a
/// row, so the board (at most (rows + pins) / 2 rows) fits an 80x24 screen.
const MAX_PINS: usize = 20;
const KEYS: &str = "Your move: ROW PIN, or ROW PIN 2 for two pins · h help · q quit";
const HELP: &str = "On your turn, knock down one pin, or two pins side by side, in one row: \
type ROW PIN for one pin, ROW PIN 2 for that pin and the next (`0 3 2` knocks down pins 3 and \
4 of row 0). Rows and pins are numbered from 0, left to right; a move inside a row splits it \
in two, and the rows after it are numbered one more. q quits.\n\
The board shows each row's Grundy number, as your kayles_grundy gives it, and their XOR: a \
position of several rows is worth the XOR of its rows' Grundy numbers (the Sprague-Grundy \
theorem). Leave your opponent an XOR of 0 and it cannot win. The engine is your own \
function: it tries just that.";
const YOU_LOST: &str = "A perfect player wins from any position whose XOR of Grundy numbers \
is not 0: try again, and after each of your moves leave an XOR of 0.";
const NOT_A_ROW: &str = "does not take a row's length and answer a number as kayles_grundy \
does, so this grader cannot play it. Update the grader (`git pull`).";

/// A game of Kayles against the learner's engine.
pub(super) struct Kayles {
    engine: Engine,
    rows: Rows,
    /// The learner's Grundy number of each row up to the longest at the start, each
    /// approved by the checker.
    grundy: Vec<usize>,
    /// The longest row at the start: the board keeps the width it needs.
    widest: usize,
}

/// The game is ready, or the learner's Grundy number of a row is wrong.
pub(super) enum Started {
    Ready(Box<Kayles>),
    Caught(Text),
}

/// The exercise that plays Kayles, once its answers are known to be Grundy numbers.
pub(super) fn exercise(session: &Session) -> Result<Exercise> {
    let exercise = session
        .exercise(Some(NAME))
        .with_context(|| format!("cannot play Kayles: the workbook has no {NAME}"))?;
    if !same_signature(exercise.tests, kayles_grundy::TESTS) {
        bail!("{NAME} {NOT_A_ROW}");
    }
    Ok(exercise)
}

impl Kayles {
    /// Asks the engine the Grundy number of every row up to the longest of `rows`.
    pub(super) fn start(engine: Engine, rows: Vec<usize>, first: First) -> Result<Started> {
        let widest = rows.iter().copied().max().unwrap_or(0);
        println!(
            "Asking your {} the Grundy numbers of rows of 0 to {widest} pins...",
            engine.exercise.name
        );
        let mut grundy = Vec::with_capacity(widest + 1);
        for n in 0..=widest {
            match engine.judged::<usize>(&[n.to_string()])? {
                Judged::Right(value) => grundy.push(value),
                Judged::Wrong(failure) => {
                    return Ok(Started::Caught(caught(&engine, &failure)));
                }
            }
        }
        Ok(Started::Ready(Box::new(Kayles {
            engine,
            rows: Rows::new(rows, first),
            grundy,
            widest,
        })))
    }

    /// Checks the engine's move against the grader's own Grundy numbers: it is legal,
    /// and it wins when a move wins. `before` is the position it was made in.
    fn check(&self, before: &[usize]) -> Result<()> {
        let reference = |rows: &[usize]| -> Result<usize> {
            rows.iter().try_fold(0, |x, &row| {
                let value = grundy_number(row)
                    .with_context(|| format!("the grader has no Grundy number of {row} pins"))?;
                Ok(x ^ value)
            })
        };
        if reference(before)? != 0 && reference(self.rows.rows())? != 0 {
            bail!(
                "the engine's move from the rows {before:?} left {:?}, which a perfect player \
                 wins: the checker let a wrong Grundy number through",
                self.rows.rows()
            );
        }
        Ok(())
    }
}

impl Match for Kayles {
    type Move = Knock;

    fn heading(&self) -> Text {
        super::heading(
            "Kayles: whoever knocks down the last pin wins.",
            &self.engine.exercise.name,
        )
    }

    fn keys(&self) -> &'static str {
        KEYS
    }

    fn help(&self) -> String {
        HELP.to_string()
    }

    fn board(&self) -> Text {
        board(self.rows.rows(), &self.grundy, self.widest)
    }

    fn to_move(&self) -> Player {
        self.rows.to_move()
    }

    fn winner(&self) -> Option<Player> {
        self.rows.winner()
    }

    fn result(&self, winner: Player) -> Vec<(Style, String)> {
        match winner {
            Player::You => vec![(
                Style::Good,
                "You knocked down the last pin: you win!".to_string(),
            )],
            Player::Engine => vec![
                (
                    Style::Bad,
                    "The engine knocked down the last pin: the engine wins.".to_string(),
                ),
                (Style::Plain, YOU_LOST.to_string()),
            ],
        }
    }

    fn parse(&self, line: &str) -> Result<Typed<Knock>, String> {
        rows::parse(line)
    }

    fn play_yours(&mut self, knock: Knock) -> Result<String, String> {
        let knocked = self.rows.play(knock)?;
        Ok(format!("You knock down {}.", knocked.describe()))
    }

    fn engine_move(&mut self) -> Result<EngineMove> {
        let mut said = Vec::new();
        let before = self.rows.rows().to_vec();
        let knock = match winning_knock(&before, &self.grundy) {
            Some(knock) => knock,
            None => {
                let Some(knock) = self.rows.last_of_longest() else {
                    bail!("the engine was asked to move with no pin standing");
                };
                said.push((
                    Style::Plain,
                    format!(
                        "By your {}, the rows' Grundy numbers XOR to 0: no winning move \
                         here. The engine must still move, so it knocks down the last pin \
                         of the longest row.",
                        self.engine.exercise.name
                    ),
                ));
                knock
            }
        };
        // The move was chosen among the legal ones: breaking a rule is the grader's bug.
        let knocked = self
            .rows
            .play(knock)
            .or_else(|illegal| bail!("the engine chose an illegal move: {illegal}"))?;
        self.check(&before)?;
        said.push((
            Style::Note,
            format!("The engine knocks down {}.", knocked.describe()),
        ));
        Ok(Ok(said))
    }

    fn caught(&self, failure: &Failure) -> Text {
        caught(&self.engine, failure)
    }
}

fn caught(engine: &Engine, failure: &Failure) -> Text {
    super::caught(engine, failure, "this row")
}

/// Each row drawn pin by pin with its Grundy number, and their XOR.
fn board(rows: &[usize], grundy: &[usize], widest: usize) -> Text {
    let label_width = format!("row {}:", rows.len().saturating_sub(1)).len();
    let pins_width = (2 * widest).saturating_sub(1);
    let mut lines: Vec<String> = rows
        .iter()
        .enumerate()
        .map(|(i, &pins)| {
            let label = format!("row {i}:");
            let drawn = vec!["|"; pins].join(" ");
            format!(
                "  {label:<label_width$} {drawn:<pins_width$}  ({}, Grundy {})",
                count(pins, "pin", "pins"),
                grundy[pins]
            )
        })
        .collect();
    lines.push(match rows.is_empty() {
        true => "  No pin is left standing.".to_string(),
        false => format!("  The XOR of the Grundy numbers: {}", xor(rows, grundy)),
    });
    let mut text = Text::new();
    text.verbatim(0, "", &lines.join("\n"));
    text
}

/// The rows typed on the command line, random ones, or a row of 10.
pub(super) fn starting_rows(options: &PlayArgs) -> Result<Vec<usize>> {
    if options.random {
        let mut rng = Seed(super::super::random_number()).rng(0);
        let count = rng.random_range(2..=3);
        return Ok((0..count).map(|_| rng.random_range(1..=6)).collect());
    }
    if options.heaps.is_empty() {
        return Ok(DEFAULT_ROWS.to_vec());
    }
    let rows: Vec<usize> = options.heaps.iter().map(|&pins| pins as usize).collect();
    let pins: usize = rows.iter().sum();
    if rows.len() > MAX_HEAPS || pins > MAX_PINS {
        bail!(
            "a game of Kayles starts with at most {MAX_HEAPS} rows and {MAX_PINS} pins in \
             all, not {} and {pins}: the board must fit the screen",
            rows.len()
        );
    }
    Ok(rows)
}
