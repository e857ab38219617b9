//! What the learner types at the prompt, whatever the game: a move of its own syntax,
//! `h` or `q`.

/// What the learner typed at the prompt.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum Typed<M> {
    Move(M),
    Help,
    Quit,
}

/// How a game's moves are typed.
pub(super) struct Syntax {
    /// How a move is typed, in the words of every message about typing one.
    pub how: &'static str,
    /// What a number too large to read is "far more than": "any heap holds".
    pub too_large: &'static str,
}

/// Reads a line typed at the prompt: `h`, `q`, or the words of a move, read by
/// `read_move` (`None` when they are no move at all); `Err` says what is wrong with it
/// (whether the move is legal is for the game to say).
pub(super) fn parse<M>(
    line: &str,
    syntax: &Syntax,
    read_move: impl FnOnce(&[&str]) -> Option<Result<M, String>>,
) -> Result<Typed<M>, String> {
    let how = syntax.how;
    let words: Vec<&str> = line
        .split(|c: char| c.is_whitespace() || c == ',')
        .filter(|word| !word.is_empty())
        .collect();
    match words.as_slice() {
        [] => Err(format!("{how} h shows the help, q quits.")),
        ["q" | "Q" | "quit" | "exit"] => Ok(Typed::Quit),
        ["h" | "H" | "help" | "?"] => Ok(Typed::Help),
        words => match read_move(words) {
            Some(read) => read.map(Typed::Move),
            None => Err(format!(
                "`{}` is not a move. {how} h shows the help, q quits.",
                crate::text::visible(line.trim())
            )),
        },
    }
}

/// A number of a move.
pub(super) fn number(word: &str, syntax: &Syntax) -> Result<u64, String> {
    let word_shown = crate::text::visible(word);
    match word.parse::<u64>() {
        Ok(n) => Ok(n),
        Err(_) if word.bytes().all(|b| b.is_ascii_digit()) => Err(format!(
            "{word_shown} is far more than {}.",
            syntax.too_large
        )),
        Err(_) => Err(format!(
            "`{word_shown}` is not a whole number. {}",
            syntax.how
        )),
    }
}

/// A number of a move that counts things in memory (a heap, a row, a pin): past
/// `usize`, a number no position has.
pub(super) fn index(word: &str, syntax: &Syntax) -> Result<usize, String> {
    number(word, syntax).map(|n| usize::try_from(n).unwrap_or(usize::MAX))
}
