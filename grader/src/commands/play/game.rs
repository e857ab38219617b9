//! The game without a screen: the heaps, whose turn it is, the rules of a move and of
//! the end, and what the learner types at the prompt.

use super::typed::{self, Syntax, Typed};
use crate::cli::First;
use xorlings_course::model::show::count;

/// The most heaps a game starts with: the board fits an 80x24 screen.
pub(super) const MAX_HEAPS: usize = 8;

/// Who wins when the last stone is taken.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum Rules {
    /// Whoever takes the last stone wins.
    Normal,
    /// Whoever takes the last stone loses.
    Misere,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum Player {
    You,
    Engine,
}

impl Player {
    /// Who moves first, as the command line says.
    pub(super) fn first(first: First) -> Player {
        match first {
            First::You => Player::You,
            First::Engine => Player::Engine,
        }
    }

    pub(super) fn other(self) -> Player {
        match self {
            Player::You => Player::Engine,
            Player::Engine => Player::You,
        }
    }
}

/// Take `take` stones from heap `heap`, counted from 0 as `heap_index`, the verdicts and
/// the board number them.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) struct Move {
    pub heap: usize,
    pub take: u64,
}

/// A move as it was made: heap `heap` went from `from` stones to `to`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) struct Made {
    pub heap: usize,
    pub from: u64,
    pub to: u64,
}

impl Made {
    /// "2 from heap 1 (3 -> 1)".
    pub(super) fn describe(&self) -> String {
        format!(
            "{} from heap {} ({} -> {})",
            self.from - self.to,
            self.heap,
            self.from,
            self.to
        )
    }
}

pub(super) struct Game {
    heaps: Vec<u64>,
    /// The largest heap at the start: the board keeps the width it needs.
    pub widest: u64,
    pub rules: Rules,
    to_move: Player,
}

impl Game {
    pub(super) fn new(heaps: Vec<u64>, rules: Rules, first: First) -> Game {
        let to_move = Player::first(first);
        Game {
            widest: heaps.iter().copied().max().unwrap_or(0),
            heaps,
            rules,
            to_move,
        }
    }

    pub(super) fn heaps(&self) -> &[u64] {
        &self.heaps
    }

    pub(super) fn to_move(&self) -> Player {
        self.to_move
    }

    /// Makes `m` and passes the turn; `Err` says which rule of a move it breaks.
    pub(super) fn play(&mut self, m: Move) -> Result<Made, String> {
        let heaps = self.heaps.len();
        let size = self.heaps.get_mut(m.heap).ok_or_else(|| {
            format!(
                "There is no heap {}: the heaps are numbered 0 to {}.",
                m.heap,
                heaps - 1
            )
        })?;
        let from = *size;
        if from == 0 {
            return Err(format!(
                "Heap {} is empty: take from a heap that still has stones.",
                m.heap
            ));
        }
        if m.take == 0 {
            return Err("A move takes at least one stone, not 0.".to_string());
        }
        if m.take > from {
            return Err(format!(
                "Heap {} has only {}: you cannot take {}.",
                m.heap,
                count(from as usize, "stone", "stones"),
                m.take
            ));
        }
        *size = from - m.take;
        self.to_move = self.to_move.other();
        Ok(Made {
            heap: m.heap,
            from,
            to: from - m.take,
        })
    }

    /// The move of an engine that has no winning move: one stone from the largest heap
    /// (the first of the largest); `None` when no stone is left.
    pub(super) fn one_from_largest(&self) -> Option<Move> {
        let largest = *self.heaps.iter().max()?;
        let i = self.heaps.iter().position(|&h| h == largest)?;
        (largest > 0).then_some(Move { heap: i, take: 1 })
    }

    /// Whether every stone is gone.
    pub(super) fn over(&self) -> bool {
        self.heaps.iter().all(|&h| h == 0)
    }

    /// Once the game is over, who won: whoever took the last stone, in normal play; the
    /// other player in misère play.
    pub(super) fn winner(&self) -> Option<Player> {
        let took_last = self.to_move.other();
        self.over().then_some(match self.rules {
            Rules::Normal => took_last,
            Rules::Misere => took_last.other(),
        })
    }
}

/// How a move of Nim is typed.
pub(super) const SYNTAX: Syntax = Syntax {
    how: "Type a move as HEAP COUNT: `1 3` takes 3 stones from heap 1.",
    too_large: "any heap holds",
};

/// Reads a line typed at the prompt: `HEAP COUNT`, `h` or `q`; `Err` says what is wrong
/// with it (whether the move is legal is for [`Game::play`] to say).
pub(super) fn parse(line: &str) -> Result<Typed<Move>, String> {
    typed::parse(line, &SYNTAX, |words| match words {
        [heap, take] => Some(read_move(heap, take)),
        [one] if one.parse::<u64>().is_ok() => Some(Err(format!(
            "A move is two numbers, the heap and how many stones to take. {}",
            SYNTAX.how
        ))),
        _ => None,
    })
}

fn read_move(heap: &str, take: &str) -> Result<Move, String> {
    Ok(Move {
        heap: typed::index(heap, &SYNTAX)?,
        take: typed::number(take, &SYNTAX)?,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn game(heaps: &[u64], rules: Rules) -> Game {
        Game::new(heaps.to_vec(), rules, First::You)
    }

    fn typed_move(heap: usize, take: u64) -> Result<Typed<Move>, String> {
        Ok(Typed::Move(Move { heap, take }))
    }

    #[test]
    fn moves_are_typed_as_heap_and_count() {
        assert_eq!(parse("2 3"), typed_move(2, 3));
        assert_eq!(parse("  2   3\n"), typed_move(2, 3));
        assert_eq!(parse("2,3"), typed_move(2, 3));
        assert_eq!(parse("q"), Ok(Typed::Quit));
        assert_eq!(parse("h"), Ok(Typed::Help));
        assert!(parse("").unwrap_err().contains("HEAP COUNT"));
        assert!(parse("2").unwrap_err().contains("two numbers"));
        assert!(
            parse("x 3")
                .unwrap_err()
                .contains("`x` is not a whole number")
        );
        assert!(
            parse("2 -1")
                .unwrap_err()
                .contains("`-1` is not a whole number")
        );
        assert!(
            parse("1 2 3")
                .unwrap_err()
                .contains("`1 2 3` is not a move")
        );
        assert!(
            parse("1 99999999999999999999")
                .unwrap_err()
                .contains("far more")
        );
        assert!(parse("\x1b[2J").unwrap_err().contains("␛"));
    }

    #[test]
    fn illegal_moves_are_explained_and_change_nothing() {
        let mut g = game(&[3, 0, 5], Rules::Normal);
        let error = |g: &mut Game, heap, take| g.play(Move { heap, take }).unwrap_err();
        assert!(error(&mut g, 3, 1).contains("There is no heap 3: the heaps are numbered 0 to 2"));
        assert!(error(&mut g, usize::MAX, 1).contains("There is no heap"));
        assert!(error(&mut g, 1, 1).contains("Heap 1 is empty"));
        assert!(error(&mut g, 0, 0).contains("at least one stone"));
        assert!(error(&mut g, 0, 4).contains("Heap 0 has only 3 stones: you cannot take 4"));
        assert_eq!(g.heaps(), [3, 0, 5]);
        assert_eq!(g.to_move(), Player::You);
        g.play(Move { heap: 0, take: 2 }).unwrap();
        assert!(error(&mut g, 0, 2).contains("Heap 0 has only 1 stone: you cannot take 2"));
        let made = g.play(Move { heap: 2, take: 2 }).unwrap();
        assert_eq!(made.describe(), "2 from heap 2 (5 -> 3)");
        assert_eq!(g.heaps(), [1, 0, 3]);
        assert_eq!(g.to_move(), Player::You);
    }

    #[test]
    fn the_last_stone_wins_or_loses_by_the_rules() {
        for (rules, winner) in [
            (Rules::Normal, Player::You),
            (Rules::Misere, Player::Engine),
        ] {
            let mut g = game(&[0, 2], rules);
            assert_eq!(g.winner(), None);
            g.play(Move { heap: 1, take: 2 }).unwrap();
            assert!(g.over());
            assert_eq!(g.winner(), Some(winner), "{rules:?}");
        }
    }

    #[test]
    fn without_a_winning_move_one_stone_goes_from_the_largest_heap() {
        let g = game(&[1, 4, 4], Rules::Normal);
        assert_eq!(g.one_from_largest(), Some(Move { heap: 1, take: 1 }));
        assert_eq!(game(&[0, 0], Rules::Normal).one_from_largest(), None);
    }
}
