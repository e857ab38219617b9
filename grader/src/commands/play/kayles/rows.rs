//! Kayles without a screen: the rows of pins, whose turn it is, the rules of a move,
//! and what the learner types at the prompt.

use super::super::game::Player;
use super::super::typed::{self, Syntax, Typed};
use crate::cli::First;
use xorlings_course::model::show;

/// Knock down `count` pins (1 or 2, side by side) of row `row`, the first at `pin`; rows
/// and pins are counted from 0, left to right.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(in crate::commands::play) struct Knock {
    pub row: usize,
    pub pin: usize,
    pub count: usize,
}

/// A move as it was made: row `row` of `from` pins left the rows `left` and `right`
/// (either may be 0).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) struct Knocked {
    pub knock: Knock,
    pub from: usize,
    pub left: usize,
    pub right: usize,
}

impl Knocked {
    /// "pin 2 of row 0 (5 -> 2 + 2)", "pins 3 and 4 of row 1 (5 -> 3)".
    pub(super) fn describe(&self) -> String {
        let Knock { row, pin, count } = self.knock;
        let pins = match count {
            1 => format!("pin {pin}"),
            _ => format!("pins {pin} and {}", pin + 1),
        };
        let left: Vec<String> = [self.left, self.right]
            .iter()
            .filter(|&&part| part > 0)
            .map(usize::to_string)
            .collect();
        let left = match left.is_empty() {
            true => "0".to_string(),
            false => left.join(" + "),
        };
        format!("{pins} of row {row} ({} -> {left})", self.from)
    }
}

/// The rows left standing (none empty) and whose turn it is.
pub(super) struct Rows {
    rows: Vec<usize>,
    to_move: Player,
}

impl Rows {
    pub(super) fn new(rows: Vec<usize>, first: First) -> Rows {
        Rows {
            rows,
            to_move: Player::first(first),
        }
    }

    pub(super) fn rows(&self) -> &[usize] {
        &self.rows
    }

    pub(super) fn to_move(&self) -> Player {
        self.to_move
    }

    /// Makes `knock` and passes the turn: the row is replaced by the rows its pins left
    /// standing, so the rows after it may be numbered one more. `Err` says which rule of
    /// a move it breaks.
    pub(super) fn play(&mut self, knock: Knock) -> Result<Knocked, String> {
        let Knock { row, pin, count } = knock;
        let Some(&from) = self.rows.get(row) else {
            return Err(format!(
                "There is no row {row}: the rows are numbered 0 to {}.",
                self.rows.len() - 1
            ));
        };
        if !(1..=2).contains(&count) {
            return Err(format!(
                "A move knocks down 1 pin, or 2 side by side, not {count}."
            ));
        }
        let last = pin.saturating_add(count - 1);
        if last >= from {
            return Err(format!(
                "Row {row} has {}, numbered 0 to {}: there is no pin {last}.",
                show::count(from, "pin", "pins"),
                from - 1
            ));
        }
        let (left, right) = (pin, from - last - 1);
        let parts = [left, right].into_iter().filter(|&part| part > 0);
        self.rows.splice(row..=row, parts);
        self.to_move = self.to_move.other();
        Ok(Knocked {
            knock,
            from,
            left,
            right,
        })
    }

    /// The move of an engine that has no winning move: the last pin of the longest row
    /// (the first of the longest); `None` when no pin is left.
    pub(super) fn last_of_longest(&self) -> Option<Knock> {
        let longest = *self.rows.iter().max()?;
        let row = self.rows.iter().position(|&r| r == longest)?;
        Some(Knock {
            row,
            pin: longest - 1,
            count: 1,
        })
    }

    /// Once every pin is down, who won: whoever knocked down the last one.
    pub(super) fn winner(&self) -> Option<Player> {
        self.rows.is_empty().then_some(self.to_move.other())
    }
}

/// The XOR of the rows' Grundy numbers, `grundy[n]` being a row of n pins'.
pub(super) fn xor(rows: &[usize], grundy: &[usize]) -> usize {
    rows.iter().fold(0, |x, &row| x ^ grundy[row])
}

/// A move that leaves rows whose Grundy numbers XOR to 0, `grundy[n]` being a row of n
/// pins' for every row up to the longest; `None` when the XOR is 0 already (or the
/// values are not Grundy numbers).
pub(super) fn winning_knock(rows: &[usize], grundy: &[usize]) -> Option<Knock> {
    let total = xor(rows, grundy);
    if total == 0 {
        return None;
    }
    rows.iter().enumerate().find_map(|(row, &pins)| {
        // The rows a move leaves in this row must be worth this, with the others.
        let wanted = total ^ grundy[pins];
        (1..=pins.min(2)).find_map(|count| {
            (0..=pins - count)
                .find(|&pin| grundy[pin] ^ grundy[pins - pin - count] == wanted)
                .map(|pin| Knock { row, pin, count })
        })
    })
}

/// How a move of Kayles is typed.
pub(super) const SYNTAX: Syntax = Syntax {
    how: "Type a move as ROW PIN, or ROW PIN 2 for that pin and the next: `0 3` knocks \
down pin 3 of row 0.",
    too_large: "any row holds",
};

/// Reads a line typed at the prompt: `ROW PIN`, `ROW PIN COUNT`, `h` or `q`; `Err` says
/// what is wrong with it (whether the move is legal is for [`Rows::play`] to say).
pub(super) fn parse(line: &str) -> Result<Typed<Knock>, String> {
    typed::parse(line, &SYNTAX, |words| match words {
        [row, pin] => Some(read_knock(row, pin, "1")),
        [row, pin, count] => Some(read_knock(row, pin, count)),
        [one] if one.parse::<u64>().is_ok() => Some(Err(format!(
            "A move is two numbers, the row and the pin (and a third, 2, to knock down the \
             next pin too). {}",
            SYNTAX.how
        ))),
        _ => None,
    })
}

fn read_knock(row: &str, pin: &str, count: &str) -> Result<Knock, String> {
    Ok(Knock {
        row: typed::index(row, &SYNTAX)?,
        pin: typed::index(pin, &SYNTAX)?,
        count: typed::index(count, &SYNTAX)?,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use xorlings_course::hidden::kayles_grundy::grundy_number;

    fn knock(row: usize, pin: usize, count: usize) -> Knock {
        Knock { row, pin, count }
    }

    fn reference(longest: usize) -> Vec<usize> {
        (0..=longest).map(|n| grundy_number(n).unwrap()).collect()
    }

    #[test]
    fn moves_are_typed_as_row_pin_and_count() {
        assert_eq!(parse("1 3"), Ok(Typed::Move(knock(1, 3, 1))));
        assert_eq!(parse(" 1, 3 2\n"), Ok(Typed::Move(knock(1, 3, 2))));
        assert_eq!(parse("q"), Ok(Typed::Quit));
        assert_eq!(parse("?"), Ok(Typed::Help));
        assert!(parse("").unwrap_err().contains("ROW PIN"));
        assert!(
            parse("2")
                .unwrap_err()
                .contains("two numbers, the row and the pin")
        );
        assert!(
            parse("a 1")
                .unwrap_err()
                .contains("`a` is not a whole number")
        );
        assert!(
            parse("1 2 3 4")
                .unwrap_err()
                .contains("`1 2 3 4` is not a move")
        );
        assert!(
            parse("0 99999999999999999999")
                .unwrap_err()
                .contains("far more than any row holds")
        );
    }

    #[test]
    fn a_move_splits_a_row_and_illegal_ones_change_nothing() {
        let mut rows = Rows::new(vec![5, 2], First::You);
        let error = |rows: &mut Rows, k| rows.play(k).unwrap_err();
        assert!(
            error(&mut rows, knock(2, 0, 1))
                .contains("There is no row 2: the rows are numbered 0 to 1")
        );
        assert!(error(&mut rows, knock(usize::MAX, 0, 1)).contains("There is no row"));
        assert!(error(&mut rows, knock(0, 0, 3)).contains("1 pin, or 2 side by side, not 3"));
        assert!(error(&mut rows, knock(0, 0, 0)).contains("not 0"));
        assert!(
            error(&mut rows, knock(0, 5, 1))
                .contains("Row 0 has 5 pins, numbered 0 to 4: there is no pin 5")
        );
        assert!(error(&mut rows, knock(0, 4, 2)).contains("there is no pin 5"));
        assert!(error(&mut rows, knock(0, usize::MAX, 2)).contains("there is no pin"));
        assert_eq!((rows.rows(), rows.to_move()), (&[5, 2][..], Player::You));

        let made = rows.play(knock(0, 2, 1)).unwrap();
        assert_eq!(made.describe(), "pin 2 of row 0 (5 -> 2 + 2)");
        assert_eq!(
            (rows.rows(), rows.to_move()),
            (&[2, 2, 2][..], Player::Engine)
        );
        let made = rows.play(knock(1, 0, 2)).unwrap();
        assert_eq!(made.describe(), "pins 0 and 1 of row 1 (2 -> 0)");
        assert_eq!(rows.rows(), [2, 2]);
        assert_eq!(
            rows.play(knock(1, 1, 1)).unwrap().describe(),
            "pin 1 of row 1 (2 -> 1)"
        );
        assert_eq!(rows.rows(), [2, 1]);
        assert_eq!(rows.winner(), None);
        rows.play(knock(0, 0, 2)).unwrap();
        rows.play(knock(0, 0, 1)).unwrap();
        assert_eq!(rows.winner(), Some(Player::You), "the last pin wins");
    }

    #[test]
    fn the_winning_knock_leaves_an_xor_of_zero_whenever_there_is_one() {
        // Every position of up to three rows of up to 9 pins.
        let grundy = reference(9);
        for a in 1..=9 {
            for b in 0..=9 {
                for c in 0..=9 {
                    let start: Vec<usize> = [a, b, c].into_iter().filter(|&r| r > 0).collect();
                    let knock = winning_knock(&start, &grundy);
                    assert_eq!(knock.is_some(), xor(&start, &grundy) != 0, "{start:?}");
                    if let Some(knock) = knock {
                        let mut rows = Rows::new(start.clone(), First::Engine);
                        rows.play(knock).unwrap();
                        assert_eq!(xor(rows.rows(), &grundy), 0, "{start:?} by {knock:?}");
                    }
                }
            }
        }
    }

    #[test]
    fn without_a_winning_move_the_last_pin_of_the_longest_row_goes() {
        let rows = Rows::new(vec![1, 4, 4], First::You);
        assert_eq!(rows.last_of_longest(), Some(knock(1, 3, 1)));
        assert_eq!(Rows::new(vec![], First::You).last_of_longest(), None);
    }
}
