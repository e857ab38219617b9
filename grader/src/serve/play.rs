//! Nim on the page against the learner's engine. The game itself (its rules, the
//! engine built from the learner's file and judged by the checker, what is said after
//! each move) is `cargo grader play`'s, handed to the server as a [`StartGame`]: the
//! page sends moves and shows the heaps and what was said.

use std::sync::Mutex;

use anyhow::Result;
use serde_json::{Value, json};

use super::http::Request;
use super::{Answer, Server, body, json_answer, problem, view};
use crate::grading::Grader;
use crate::text::{Style, Text};

/// What a turn did: what was said, the heaps after it, whether the game is over, and
/// the checker's explanation when the engine's answer was wrong (the game stops).
pub(crate) struct Turn {
    pub said: Vec<(Style, String)>,
    pub heaps: Vec<u64>,
    pub over: bool,
    pub caught: Option<Text>,
}

/// A game under way.
pub(crate) trait Game: Send {
    /// The learner's move (heap numbered from 0, stones taken), if it is theirs to
    /// make, then the engine's moves until it is the learner's turn or the game ends.
    fn turn(&mut self, yours: Option<(usize, u64)>) -> Result<Turn>;
}

/// A new game: ready, or refused because the engine's exercise does not pass yet
/// (its verdict, and what to do).
pub(crate) enum Started {
    Ready(Box<dyn Game>),
    NotPassing(Text),
}

/// Starts a game of `heaps`, misère or not, the engine first or not; `Err` for
/// starting heaps the game does not take (the message says which it does).
pub(crate) type StartGame = fn(&Grader, bool, Vec<u64>, bool) -> Result<Started>;

/// The page's game: one at a time.
pub(super) struct Table {
    start: StartGame,
    game: Mutex<Option<Box<dyn Game>>>,
}

impl Table {
    pub(super) fn new(start: StartGame) -> Table {
        Table {
            start,
            game: Mutex::new(None),
        }
    }
}

/// `POST /api/play`: `{"new": {"heaps": [3, 4, 5], "misere": false, "engine_first":
/// false}}` starts a game, `{"move": [2, 3]}` takes 3 stones from heap 2 (numbered from 0).
pub(super) fn play(server: &Server, request: &Request) -> Answer {
    let body = match body(request) {
        Ok(body) => body,
        Err(answer) => return answer,
    };
    let Ok(_running) = server.running.lock() else {
        return problem(500, "a game crashed the server's lock: restart it");
    };
    let Ok(mut game) = server.play.game.lock() else {
        return problem(500, "a game crashed the server's lock: restart it");
    };
    if let Some(new) = body.get("new") {
        let Some(heaps) = numbers(&new["heaps"]) else {
            return problem(400, "`heaps` is a list of numbers");
        };
        let misere = new["misere"].as_bool().unwrap_or(false);
        let engine_first = new["engine_first"].as_bool().unwrap_or(false);
        *game = None;
        let started = match (server.play.start)(&server.grader, misere, heaps, engine_first) {
            Ok(started) => started,
            Err(error) => return problem(400, &format!("{error:#}")),
        };
        match started {
            Started::NotPassing(text) => {
                json_answer(200, &json!({ "refused": view::lines(&text) }))
            }
            Started::Ready(ready) => take_turn(game.insert(ready).as_mut(), None),
        }
    } else if let Some(m) = numbers(&body["move"]).filter(|m| m.len() == 2) {
        let Some(playing) = game.as_mut() else {
            return problem(409, "no game is under way: start one");
        };
        let heap = usize::try_from(m[0]).unwrap_or(usize::MAX);
        take_turn(playing.as_mut(), Some((heap, m[1])))
    } else {
        problem(400, "send {\"new\": {...}} or {\"move\": [HEAP, COUNT]}")
    }
}

fn take_turn(game: &mut dyn Game, yours: Option<(usize, u64)>) -> Answer {
    match game.turn(yours) {
        Ok(turn) => {
            let said: Vec<Value> = turn
                .said
                .into_iter()
                .map(|(style, text)| {
                    let mut line = Text::new();
                    line.styled(0, style, &text);
                    view::lines(&line)
                })
                .collect();
            let heaps: Vec<String> = turn.heaps.iter().map(u64::to_string).collect();
            json_answer(
                200,
                &json!({
                    "said": said,
                    "heaps": heaps,
                    "over": turn.over,
                    "caught": turn.caught.map(|text| view::lines(&text)),
                }),
            )
        }
        Err(error) => problem(500, &format!("{error:#}")),
    }
}

/// A JSON list of whole numbers.
fn numbers(value: &Value) -> Option<Vec<u64>> {
    value.as_array()?.iter().map(Value::as_u64).collect()
}
