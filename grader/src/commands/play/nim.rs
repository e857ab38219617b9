//! Nim and misère Nim against the learner's `nim_winning_move` or `misere_winning_move`.

use anyhow::{Result, bail};
use rand::Rng;

use super::engine::{Engine, Reply};
use super::game::{self, Game, MAX_HEAPS, Move, Player, Rules};
use super::typed::Typed;
use super::{EngineMove, Match};
use crate::cli::{First, PlayArgs};
use crate::text::{Style, Text};
use xorlings_core::verdict::Failure;
use xorlings_course::model::Seed;
use xorlings_course::model::nim::labelled_columns;

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

/// A game of Nim against the learner's engine.
pub(super) struct Nim {
    pub engine: Engine,
    pub game: Game,
}

impl Nim {
    pub(super) fn new(engine: Engine, heaps: Vec<u64>, rules: Rules, first: First) -> Nim {
        Nim {
            engine,
            game: Game::new(heaps, rules, first),
        }
    }
}

/// The rules `options` ask for.
pub(super) fn rules(options: &PlayArgs) -> Rules {
    if options.misere {
        Rules::Misere
    } else {
        Rules::Normal
    }
}

impl Match for Nim {
    type Move = Move;

    fn heading(&self) -> Text {
        let rule = match self.game.rules {
            Rules::Normal => "Nim: whoever takes the last stone wins.",
            Rules::Misere => "Misère Nim: whoever takes the last stone loses.",
        };
        super::heading(rule, &self.engine.exercise.name)
    }

    fn keys(&self) -> &'static str {
        KEYS
    }

    fn help(&self) -> String {
        match self.game.rules {
            Rules::Normal => HELP.to_string(),
            Rules::Misere => format!("{HELP}\n{MISERE_HELP}"),
        }
    }

    fn board(&self) -> Text {
        board(&self.game)
    }

    fn to_move(&self) -> Player {
        self.game.to_move()
    }

    fn winner(&self) -> Option<Player> {
        self.game.winner()
    }

    fn result(&self, winner: Player) -> Vec<(Style, String)> {
        result(winner, self.game.rules)
    }

    fn parse(&self, line: &str) -> Result<Typed<Move>, String> {
        game::parse(line)
    }

    fn play_yours(&mut self, m: Move) -> Result<String, String> {
        let made = self.game.play(m)?;
        Ok(format!("You take {}.", made.describe()))
    }

    fn engine_move(&mut self) -> Result<EngineMove> {
        let mut said = Vec::new();
        let m = match self.engine.reply(self.game.heaps())? {
            Reply::Winning(m) => m,
            Reply::NoWinningMove => {
                let Some(m) = self.game.one_from_largest() else {
                    bail!("the engine was asked to move in an empty position");
                };
                said.push((
                    Style::Plain,
                    format!(
                        "Your {} returned None: no winning move here. The engine must still \
                         move, so it takes one stone from the largest heap.",
                        self.engine.exercise.name
                    ),
                ));
                m
            }
            Reply::Wrong(failure) => return Ok(Err(failure)),
        };
        // The checker approved the move: breaking a rule here is the grader's bug.
        let made = self.game.play(m).or_else(|illegal| {
            bail!("the checker let an illegal engine move through: {illegal}")
        })?;
        said.push((
            Style::Note,
            format!("The engine takes {}.", made.describe()),
        ));
        Ok(Ok(said))
    }

    fn caught(&self, failure: &Failure) -> Text {
        super::caught(&self.engine, failure, "this position")
    }
}

/// The heaps, numbered from 0, and their nim-sum, in binary columns.
fn board(game: &Game) -> Text {
    let labels: Vec<String> = (0..game.heaps().len())
        .map(|i| format!("heap {i}"))
        .collect();
    let mut text = Text::new();
    text.verbatim(0, "", &labelled_columns(game.heaps(), &labels, game.widest));
    text
}

/// The heaps typed on the command line, random ones, or 3 4 5.
pub(super) fn starting_heaps(options: &PlayArgs) -> Result<Vec<u64>> {
    if options.heaps.len() > MAX_HEAPS {
        bail!(
            "a game starts with at most {MAX_HEAPS} heaps, not {}: the board must fit the screen",
            options.heaps.len()
        );
    }
    if options.random {
        let mut rng = Seed(super::super::random_number()).rng(0);
        let count = rng.random_range(3..=5);
        return Ok((0..count).map(|_| rng.random_range(1..=15)).collect());
    }
    if options.heaps.is_empty() {
        return Ok(DEFAULT_HEAPS.to_vec());
    }
    Ok(options.heaps.clone())
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
