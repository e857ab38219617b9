//! The lessons' practice questions that have one right answer, answered on the course
//! page: the lesson marks each with `<!-- quiz: ID -->` before its folded answer, and
//! this catalog computes the answer (with the course's own model where it has one, and
//! a game search where the question is who wins), then judges what the learner typed.

use std::collections::HashMap;

use crate::model::grundy::{grundy_values, mex};

/// The marker a lesson puts before a quiz's folded answer.
const MARKER: &str = "<!-- quiz:";
const NO_MOVE_WORDS: &[&str] = &["none", "no move", "nothing", "no winning move"];
const LOST_WORDS: &[&str] = &["lost", "losing", "lose", "loses", "p", "no"];
const WON_WORDS: &[&str] = &["won", "winning", "win", "wins", "n", "yes"];
const TRY_AGAIN: &str = "try again, or unfold the lesson's answer below.";

/// A question and how its answer is found.
pub struct Quiz {
    pub id: &'static str,
    /// The lesson it is in, as the manifest names it.
    pub lesson: &'static str,
    /// What to type, shown in the box: "a number", "heap_index remove".
    pub asks: &'static str,
    answer: fn() -> Expected,
}

/// A quiz's answer.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Expected {
    /// One number (thousands may be written 2,995).
    Number(u64),
    /// Numbers in order, whatever is between them.
    Numbers(Vec<u64>),
    /// Whether the player to move has lost.
    Lost(bool),
    /// One line a program prints.
    Printed(String),
    /// Any winning move (heap counted from 0, stones taken) from the heaps, or none
    /// when there is none; in misère play (whoever takes the last stone loses) or not.
    WinningMove { heaps: Vec<u64>, misere: bool },
}

/// What the page says of an answer.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Checked {
    pub right: bool,
    pub said: String,
}

pub const QUIZZES: &[Quiz] = &[
    quiz("nim-sum-6-7-9", "lessons/nim-sum.md", "a number", || {
        Expected::Number(nim_sum(&[6, 7, 9]))
    }),
    quiz("nim-sum-12-10-7", "lessons/nim-sum.md", "a number", || {
        Expected::Number(nim_sum(&[12, 10, 7]))
    }),
    quiz(
        "nim-sum-5-9-5-9-5",
        "lessons/nim-sum.md",
        "a number",
        || Expected::Number(nim_sum(&[5, 9, 5, 9, 5])),
    ),
    quiz(
        "balancing-heap-6-3",
        "lessons/nim-sum.md",
        "a number",
        || {
            // The heap `a` with `a ^ 6 ^ 3 == 0`, found by trying every size.
            Expected::Number((0..).find(|a| nim_sum(&[*a, 6, 3]) == 0).unwrap_or(0))
        },
    ),
    quiz(
        "five-five",
        "lessons/boutons-theorem.md",
        "winning or losing",
        || Expected::Lost(lost(&[5, 5], false)),
    ),
    quiz(
        "one-one-one",
        "lessons/boutons-theorem.md",
        "P or N",
        || Expected::Lost(lost(&[1, 1, 1], false)),
    ),
    quiz(
        "part-a-1-2-3",
        "lessons/boutons-theorem.md",
        "the new nim-sum",
        || Expected::Number(nim_sum(&taken(&[1, 2, 3], 2, 2))),
    ),
    quiz(
        "two-big-heaps-and-one",
        "lessons/boutons-theorem.md",
        "winning or losing",
        || {
            // Too large to search: the two big heaps pair off bit by bit except bit 0.
            Expected::Lost(nim_sum(&[1 << 40, (1 << 40) + 1, 1]) == 0)
        },
    ),
    quiz(
        "moves-from-2-0-1",
        "lessons/all-moves.md",
        "the positions, in order",
        || Expected::Numbers(all_moves(&[2, 0, 1]).concat()),
    ),
    quiz(
        "count-moves-5-0-7-1",
        "lessons/all-moves.md",
        "a number",
        || Expected::Number(all_moves(&[5, 0, 7, 1]).len() as u64),
    ),
    quiz(
        "fifth-move-3-4-5",
        "lessons/all-moves.md",
        "a position",
        || Expected::Numbers(all_moves(&[3, 4, 5])[4].clone()),
    ),
    quiz(
        "positions-from-2-2",
        "lessons/all-moves.md",
        "two numbers",
        || {
            let (lists, sorted) = positions_below(&[2, 2]);
            Expected::Numbers(vec![lists, sorted])
        },
    ),
    quiz("search-1-1-1", "lessons/game-search.md", "P or N", || {
        Expected::Lost(lost(&[1, 1, 1], false))
    }),
    quiz(
        "lists-from-3-3-3",
        "lessons/game-search.md",
        "two numbers",
        || {
            let (lists, sorted) = positions_below(&[3, 3, 3]);
            Expected::Numbers(vec![lists, sorted])
        },
    ),
    quiz(
        "grundy-1-4",
        "lessons/grundy-numbers.md",
        "ten numbers",
        || Expected::Numbers(as_u64(&grundy_values(9, &[1, 4]))),
    ),
    quiz(
        "heap-of-19",
        "lessons/grundy-numbers.md",
        "how many stones to take",
        || Expected::Numbers(winning_takes(19, &[1, 2, 3])),
    ),
    quiz(
        "table-1-2-3-to-6",
        "lessons/grundy-tables.md",
        "the table, then its length",
        || {
            let table = as_u64(&grundy_values(6, &[1, 2, 3]));
            let length = table.len() as u64;
            Expected::Numbers([table, vec![length]].concat())
        },
    ),
    quiz(
        "period-2-5",
        "lessons/grundy-tables.md",
        "the period",
        || Expected::Number(period(&grundy_values(13, &[2, 5]), 5)),
    ),
    quiz(
        "look-ups-1-3-4",
        "lessons/grundy-tables.md",
        "a number",
        || {
            let moves = [1, 3, 4];
            let look_ups = (0..=1000u64).map(|n| moves.iter().filter(|&&m| m <= n).count() as u64);
            Expected::Number(look_ups.sum())
        },
    ),
    quiz(
        "entry-a-million",
        "lessons/grundy-tables.md",
        "the entry",
        || {
            let table = grundy_values(8, &[1, 2, 3]);
            let period = period(&table, 3) as usize;
            Expected::Number(table[1_000_000 % period] as u64)
        },
    ),
    quiz("four-mexes", "lessons/mex.md", "four numbers", || {
        let sets: [&[usize]; 4] = [&[4, 1, 0, 2, 7], &[1, 1, 1], &[0, 5, 1, 4, 2, 3], &[9]];
        Expected::Numbers(sets.iter().map(|values| mex(values) as u64).collect())
    }),
    quiz(
        "largest-mex-of-5",
        "lessons/mex.md",
        "the largest mex",
        || {
            // The mex of 5 values is at most 5: 0 to 4 reach it.
            Expected::Number(mex(&[0, 1, 2, 3, 4]) as u64)
        },
    ),
    quiz("mex-by-sorting", "lessons/mex.md", "the mex", || {
        Expected::Number(mex(&[2, 0, 2, 5, 1, 1]) as u64)
    }),
    quiz(
        "grundy-of-0-2-2-3",
        "lessons/mex.md",
        "its Grundy number",
        || Expected::Number(mex(&[0, 2, 2, 3]) as u64),
    ),
    quiz(
        "misere-1-1-2",
        "lessons/misere.md",
        "heap_index stones, or none",
        || Expected::WinningMove {
            heaps: vec![1, 1, 2],
            misere: true,
        },
    ),
    quiz(
        "misere-1-3-5-7",
        "lessons/misere.md",
        "heap_index stones, or none",
        || Expected::WinningMove {
            heaps: vec![1, 3, 5, 7],
            misere: true,
        },
    ),
    quiz(
        "misere-1-4-6",
        "lessons/misere.md",
        "heap_index stones, or none",
        || Expected::WinningMove {
            heaps: vec![1, 4, 6],
            misere: true,
        },
    ),
    quiz(
        "misere-winning-moves",
        "lessons/misere.md",
        "two numbers",
        || {
            let count = |heaps: &[u64]| winning_moves(heaps, true).len() as u64;
            Expected::Numbers(vec![count(&[1, 1, 1, 1]), count(&[1, 1, 1, 9])])
        },
    ),
    quiz(
        "referee-one-empty-heap",
        "lessons/pile-referee.md",
        "a line",
        || Expected::Printed(referee_line(&[0])),
    ),
    quiz(
        "referee-1-2-4-7",
        "lessons/pile-referee.md",
        "a line",
        || Expected::Printed(referee_line(&[1, 2, 4, 7])),
    ),
    quiz(
        "winning-move-1-4-6",
        "lessons/winning-move.md",
        "heap_index remove, or none",
        || Expected::WinningMove {
            heaps: vec![1, 4, 6],
            misere: false,
        },
    ),
    quiz(
        "is-1-3-5-7-winning",
        "lessons/winning-move.md",
        "yes or no",
        || Expected::Lost(lost(&[1, 3, 5, 7], false)),
    ),
];

const fn quiz(
    id: &'static str,
    lesson: &'static str,
    asks: &'static str,
    answer: fn() -> Expected,
) -> Quiz {
    Quiz {
        id,
        lesson,
        asks,
        answer,
    }
}

/// The quiz called `id`.
pub fn find(id: &str) -> Option<&'static Quiz> {
    QUIZZES.iter().find(|quiz| quiz.id == id)
}

/// The quiz a lesson's HTML marks, if `html` is a marker.
pub fn marked(html: &str) -> Option<&'static Quiz> {
    let id = html
        .trim()
        .strip_prefix(MARKER)?
        .strip_suffix("-->")?
        .trim();
    find(id)
}

impl Quiz {
    pub fn expected(&self) -> Expected {
        (self.answer)()
    }

    /// Whether `typed` answers the question, and what to say of it.
    pub fn check(&self, typed: &str) -> Checked {
        let typed = typed.trim();
        let expected = self.expected();
        let verdict = match &expected {
            _ if typed.is_empty() => Err(format!("Type {} here.", self.asks)),
            Expected::Number(number) => match numbers_in(typed).as_slice() {
                [one] if one == number => Ok(format!("Right: {number}.")),
                [one] => Err(format!("Not {one}: {TRY_AGAIN}")),
                _ => Err(format!("Type {} here.", self.asks)),
            },
            Expected::Numbers(numbers) => {
                let typed = numbers_in(typed);
                if typed.is_empty() {
                    Err(format!("Type {} here.", self.asks))
                } else if &typed == numbers {
                    Ok("Right.".to_string())
                } else {
                    Err(format!("Not quite: {TRY_AGAIN}"))
                }
            }
            Expected::Lost(lost) => match said_lost(typed) {
                Some(said) if said == *lost => Ok(format!("Right: {}.", outcome(*lost))),
                Some(_) => Err(format!("No: {TRY_AGAIN}")),
                None => Err(format!("Type {} here.", self.asks)),
            },
            Expected::Printed(line) => {
                if words(typed) == words(line) {
                    Ok(format!("Right: {line}."))
                } else {
                    Err(format!("Not quite: {TRY_AGAIN}"))
                }
            }
            Expected::WinningMove { heaps, misere } => check_move(heaps, *misere, typed),
        };
        match verdict {
            Ok(said) => Checked { right: true, said },
            Err(said) => Checked { right: false, said },
        }
    }
}

fn outcome(lost: bool) -> &'static str {
    match lost {
        true => "the player to move loses",
        false => "the player to move wins",
    }
}

/// A typed move (`2 1`: take 1 stone from heap 2) judged against the rules: a winning
/// move leaves a position lost for the opponent; "none" is right when there is none.
fn check_move(heaps: &[u64], misere: bool, typed: &str) -> Result<String, String> {
    let winning = winning_moves(heaps, misere);
    let lowered = typed.to_lowercase();
    if NO_MOVE_WORDS.iter().any(|word| words(&lowered) == *word) {
        return match winning.is_empty() {
            true => Ok("Right: there is no winning move here.".to_string()),
            false => Err(format!("There is a winning move here: {TRY_AGAIN}")),
        };
    }
    let [heap, take] = numbers_in(typed)[..] else {
        return Err(
            "Type a move as the heap's index (from 0) and the stones it takes, \
                    e.g. 2 1, or none."
                .to_string(),
        );
    };
    let Some(&size) = usize::try_from(heap).ok().and_then(|i| heaps.get(i)) else {
        return Err(format!(
            "There is no heap {heap}: the heaps are numbered 0 to {}.",
            heaps.len() - 1
        ));
    };
    if take == 0 || take > size {
        return Err(format!(
            "Heap {heap} holds {size}: a move takes 1 to {size} stones from it."
        ));
    }
    let after = taken(heaps, heap as usize, take);
    let shown = spaced(&after);
    if winning.contains(&(heap as usize, take)) {
        Ok(format!(
            "Right: taking {take} from heap {heap} leaves {shown}, lost for your opponent."
        ))
    } else if winning.is_empty() {
        Err(format!(
            "Every move from here loses, this one too (it leaves {shown}): {TRY_AGAIN}"
        ))
    } else {
        Err(format!(
            "That leaves {shown}, from which your opponent can win: {TRY_AGAIN}"
        ))
    }
}

/// Every number written in `text`, in order; `2,995` and `1_000` are one number each.
fn numbers_in(text: &str) -> Vec<u64> {
    let chars: Vec<char> = text.chars().collect();
    let mut numbers = Vec::new();
    let mut digits = String::new();
    for (i, &c) in chars.iter().enumerate() {
        if c.is_ascii_digit() {
            digits.push(c);
            continue;
        }
        // A separator between digits with exactly three digits after it groups thousands.
        let group: String = chars[i + 1..]
            .iter()
            .take_while(|c| c.is_ascii_digit())
            .collect();
        if matches!(c, ',' | '_') && !digits.is_empty() && group.len() == 3 {
            continue;
        }
        if let Ok(number) = digits.parse() {
            numbers.push(number);
        }
        digits.clear();
    }
    if let Ok(number) = digits.parse() {
        numbers.push(number);
    }
    numbers
}

/// What `typed` says of the player to move: `Some(true)` for lost, `None` when it says
/// neither (or both).
fn said_lost(typed: &str) -> Option<bool> {
    let lowered = typed.to_lowercase();
    let said: Vec<&str> = lowered
        .split(|c: char| !c.is_alphanumeric())
        .filter(|word| !word.is_empty())
        .collect();
    let lost = said.iter().any(|word| LOST_WORDS.contains(word));
    let won = said.iter().any(|word| WON_WORDS.contains(word));
    (lost != won).then_some(lost)
}

fn words(text: &str) -> String {
    text.split_whitespace().collect::<Vec<_>>().join(" ")
}

fn nim_sum(heaps: &[u64]) -> u64 {
    heaps.iter().fold(0, |sum, heap| sum ^ heap)
}

fn as_u64(values: &[usize]) -> Vec<u64> {
    values.iter().map(|&value| value as u64).collect()
}

fn spaced(heaps: &[u64]) -> String {
    let words: Vec<String> = heaps.iter().map(u64::to_string).collect();
    words.join(" ")
}

fn taken(heaps: &[u64], heap: usize, take: u64) -> Vec<u64> {
    let mut after = heaps.to_vec();
    after[heap] -= take;
    after
}

/// Every position one move from `heaps`: heap 0's moves first, each heap's new sizes
/// from 0 up, as the all_moves exercise lists them.
fn all_moves(heaps: &[u64]) -> Vec<Vec<u64>> {
    (0..heaps.len())
        .flat_map(|heap| {
            (1..=heaps[heap])
                .rev()
                .map(move |take| taken(heaps, heap, take))
        })
        .collect()
}

/// How many lists a game from `heaps` can pass through, and how many up to order.
fn positions_below(heaps: &[u64]) -> (u64, u64) {
    let mut lists = vec![Vec::new()];
    for &heap in heaps {
        lists = lists
            .into_iter()
            .flat_map(|list: Vec<u64>| {
                (0..=heap).map(move |size| [list.clone(), vec![size]].concat())
            })
            .collect();
    }
    let count = lists.len() as u64;
    let mut sorted: Vec<Vec<u64>> = lists
        .into_iter()
        .map(|mut list| {
            list.sort_unstable();
            list
        })
        .collect();
    sorted.sort();
    sorted.dedup();
    (count, sorted.len() as u64)
}

/// Whether the player to move from `heaps` has lost, by searching the game: lost when
/// every move reaches a won position (so with no move at all in normal play, and with
/// stones left in misère play only).
fn lost(heaps: &[u64], misere: bool) -> bool {
    fn search(heaps: Vec<u64>, misere: bool, memo: &mut HashMap<Vec<u64>, bool>) -> bool {
        if let Some(&known) = memo.get(&heaps) {
            return known;
        }
        let moves = all_moves(&heaps);
        let result = if moves.is_empty() {
            !misere
        } else {
            moves.into_iter().all(|mut after| {
                after.sort_unstable();
                !search(after, misere, memo)
            })
        };
        memo.insert(heaps, result);
        result
    }
    let mut sorted = heaps.to_vec();
    sorted.sort_unstable();
    search(sorted, misere, &mut HashMap::new())
}

/// The moves (heap, stones taken) that leave the opponent a lost position.
fn winning_moves(heaps: &[u64], misere: bool) -> Vec<(usize, u64)> {
    (0..heaps.len())
        .flat_map(|heap| (1..=heaps[heap]).map(move |take| (heap, take)))
        .filter(|&(heap, take)| lost(&taken(heaps, heap, take), misere))
        .collect()
}

/// The amounts of `moves` that leave a heap of `n` with Grundy number 0.
fn winning_takes(n: usize, moves: &[usize]) -> Vec<u64> {
    let table = grundy_values(n, moves);
    let takes = moves.iter().filter(|&&m| m <= n && table[n - m] == 0);
    takes.map(|&m| m as u64).collect()
}

/// The smallest period of `table` once it repeats a stretch as long as the largest
/// move: from then on each entry depends only on that stretch.
fn period(table: &[usize], largest_move: usize) -> u64 {
    (1..table.len())
        .find(|&p| (0..largest_move).all(|i| table.get(p + i).is_none_or(|v| *v == table[i])))
        .unwrap_or(table.len()) as u64
}

/// What the pile referee prints for one position: `second`, or `first i k` (heap i
/// counted from 1, as the problem's output does).
fn referee_line(heaps: &[u64]) -> String {
    let x = nim_sum(heaps);
    match heaps.iter().position(|&a| a ^ x < a) {
        Some(i) => format!("first {} {}", i + 1, heaps[i] - (heaps[i] ^ x)),
        None => "second".to_string(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// An answer to `expected` as a learner would type it, and a wrong one.
    fn typed(expected: &Expected) -> (String, String) {
        match expected {
            Expected::Number(n) => (n.to_string(), (n + 1).to_string()),
            Expected::Numbers(numbers) => {
                let mut wrong = numbers.clone();
                wrong[0] += 1;
                (spaced(numbers), spaced(&wrong))
            }
            Expected::Lost(true) => ("lost".into(), "won".into()),
            Expected::Lost(false) => ("won".into(), "lost".into()),
            Expected::Printed(line) => (line.clone(), format!("{line} 1")),
            Expected::WinningMove { heaps, misere } => {
                match winning_moves(heaps, *misere).first() {
                    Some((heap, take)) => (format!("{heap} {take}"), "none".into()),
                    None => ("none".into(), "0 1".into()),
                }
            }
        }
    }

    /// The lessons' quiz markers, each with the text of the answer it folds.
    fn marked_answers() -> Vec<(String, String, String)> {
        let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../..");
        let mut found = Vec::new();
        for entry in std::fs::read_dir(root.join("lessons")).unwrap() {
            let path = entry.unwrap().path();
            let lesson = format!("lessons/{}", path.file_name().unwrap().to_string_lossy());
            let markdown = std::fs::read_to_string(&path).unwrap();
            for (at, _) in markdown.match_indices(MARKER) {
                let rest = &markdown[at..];
                let end = rest.find("-->").unwrap() + 3;
                let id = rest[MARKER.len()..end - 3].trim().to_string();
                let after = rest[end..].trim_start();
                assert!(
                    after.starts_with("<details>"),
                    "{lesson}: {id} is not before an answer"
                );
                let answer = &after[..after.find("</details>").unwrap()];
                found.push((lesson.clone(), id, answer.to_string()));
            }
        }
        found
    }

    #[test]
    fn every_quiz_is_marked_once_in_its_lesson_and_every_marker_is_a_quiz() {
        let marked = marked_answers();
        for (lesson, id, _) in &marked {
            let quiz = find(id).unwrap_or_else(|| panic!("{lesson}: no quiz called {id}"));
            assert_eq!(&quiz.lesson, lesson, "{id}");
        }
        for quiz in QUIZZES {
            let times = marked.iter().filter(|(_, id, _)| id == quiz.id).count();
            assert_eq!(
                times, 1,
                "{} is marked {times} times in {}",
                quiz.id, quiz.lesson
            );
        }
        assert!(QUIZZES.len() >= 30, "{} quizzes", QUIZZES.len());
    }

    /// Each answer computed here is the one the lesson gives: its numbers, in order, in
    /// the folded answer (among others); its verdict in the answer's first word; the position a winning
    /// move leaves, or no move at all.
    #[test]
    fn each_answer_is_the_one_its_lesson_explains() {
        for (lesson, id, answer) in marked_answers() {
            let expected = find(&id).unwrap().expected();
            let said = answer.replace("</summary>", "</summary> ");
            let said = said.split("</summary>").nth(1).unwrap().trim();
            let agrees = match &expected {
                Expected::Number(n) => numbers_in(said).contains(n),
                Expected::Numbers(numbers) => {
                    let mut said = numbers_in(said).into_iter();
                    numbers.iter().all(|n| said.any(|m| m == *n))
                }
                Expected::Lost(lost) => {
                    let first = said.split(|c: char| !c.is_alphanumeric()).next().unwrap();
                    said_lost(first) == Some(*lost)
                }
                Expected::Printed(line) => said.contains(&format!("`{line}`")),
                Expected::WinningMove { heaps, misere } => {
                    let moves = winning_moves(heaps, *misere);
                    match moves.is_empty() {
                        true => said.contains("`None`"),
                        false => moves
                            .iter()
                            .any(|&(heap, take)| said.contains(&spaced(&taken(heaps, heap, take)))),
                    }
                }
            };
            assert!(
                agrees,
                "{lesson}: {id} computes {expected:?}, the lesson says:\n{said}"
            );
        }
    }

    /// The game search that decides who wins agrees with Bouton's theorem and with the
    /// misère rule on every position of up to three heaps of 0 to 6.
    #[test]
    fn the_search_agrees_with_the_theorems() {
        let mut positions = vec![vec![]];
        for _ in 0..3 {
            let longer: Vec<Vec<u64>> = positions
                .iter()
                .filter(|p| p.len() < 3)
                .flat_map(|p| (0..=6).map(move |h| [p.clone(), vec![h]].concat()))
                .collect();
            positions.extend(longer);
            positions.sort();
            positions.dedup();
        }
        assert_eq!(positions.len(), 1 + 7 + 49 + 343);
        for heaps in &positions {
            assert_eq!(lost(heaps, false), nim_sum(heaps) == 0, "{heaps:?}");
            let ones = heaps.iter().filter(|&&h| h == 1).count();
            let misere_lost = match heaps.iter().any(|&h| h > 1) {
                true => nim_sum(heaps) == 0,
                false => ones % 2 == 1,
            };
            assert_eq!(lost(heaps, true), misere_lost, "misère {heaps:?}");
        }
        assert_eq!(all_moves(&[3, 4, 5]).len(), 12);
        assert_eq!(positions_below(&[2, 2]), (9, 6));
    }

    #[test]
    fn a_right_answer_is_right_and_a_wrong_one_is_not() {
        for quiz in QUIZZES {
            let (right, wrong) = typed(&quiz.expected());
            let checked = quiz.check(&right);
            assert!(checked.right, "{}: {right} -> {checked:?}", quiz.id);
            let checked = quiz.check(&wrong);
            assert!(!checked.right, "{}: {wrong} -> {checked:?}", quiz.id);
            let checked = quiz.check("");
            assert!(
                !checked.right && checked.said.starts_with("Type"),
                "{}: {checked:?}",
                quiz.id
            );
        }
    }

    #[test]
    fn answers_are_read_as_people_write_them() {
        assert_eq!(numbers_in("2,995"), [2995]);
        assert_eq!(numbers_in("1_000_000 and 7"), [1_000_000, 7]);
        assert_eq!(numbers_in("[0, 1, 3] [1,1,3]"), [0, 1, 3, 1, 1, 3]);
        assert_eq!(numbers_in("99999999999999999999999"), Vec::<u64>::new());
        assert_eq!(said_lost("Losing."), Some(true));
        assert_eq!(said_lost("N: it wins"), Some(false));
        assert_eq!(said_lost("no, it is winning"), None);
        let quiz = find("winning-move-1-4-6").unwrap();
        assert!(quiz.check("2 1").said.contains("leaves 1 4 5"));
        assert!(quiz.check("3 1").said.contains("no heap 3"));
        assert!(quiz.check("2 9").said.contains("1 to 6 stones"));
        assert!(!quiz.check("none").right);
        assert!(find("misere-1-3-5-7").unwrap().check("None").right);
        assert_eq!(
            marked("<!-- quiz: nim-sum-6-7-9 -->").map(|q| q.id),
            Some("nim-sum-6-7-9")
        );
        assert!(marked("<!-- grader output: x -->").is_none());
    }
}
