//! End to end: `grader play` against the learner's own nim_winning_move, through pipes
//! (moves one per line) and in tmux at 80x24.

use crate::common::{self, Run, Workbook, find_phrase};

const NIM: &str = "nim_winning_move";
const RECORDED_MISTAKE: &str = "solutions/nim_winning_move/recorded/wrong_answer/one_based.rs";

fn solved() -> Workbook {
    let workbook = Workbook::new();
    workbook.solve(NIM);
    workbook
}

fn nim_sum(heaps: &[u64]) -> u64 {
    heaps.iter().fold(0, |x, h| x ^ h)
}

/// Each move of a transcript, as (the engine moved, heap from 0, size before, after):
/// "You take 2 from heap 0 (3 -> 1)." and "The engine takes ...".
fn moves(transcript: &str) -> Vec<(bool, usize, u64, u64)> {
    transcript
        .lines()
        .filter_map(|line| {
            let engine = line.contains("The engine takes");
            let rest = line.split(" from heap ").nth(1)?;
            let (heap, sizes) = rest.split_once(" (")?;
            let (from, to) = sizes.split_once(')')?.0.split_once(" -> ")?;
            Some((
                engine,
                heap.parse().ok()?,
                from.parse().ok()?,
                to.parse().ok()?,
            ))
        })
        .collect()
}

/// Plays the transcript's moves from `start`, checking each against the position; the
/// position after each move.
#[track_caller]
fn replay(start: &[u64], transcript: &str) -> Vec<(bool, Vec<u64>)> {
    let mut heaps = start.to_vec();
    moves(transcript)
        .into_iter()
        .map(|(engine, heap, from, to)| {
            assert_eq!(heaps[heap], from, "heap {heap} in {heaps:?}:\n{transcript}");
            assert!(to < from, "{transcript}");
            heaps[heap] = to;
            (engine, heaps.clone())
        })
        .collect()
}

/// The recorded solution that numbers heaps from 1 (copies of the workbook have no
/// recorded solutions: it is read from the checkout).
fn recorded_mistake() -> String {
    std::fs::read_to_string(common::repo_root().join(RECORDED_MISTAKE)).unwrap()
}

/// A recorded wrong solution behind the reference: honest on every position the hidden
/// tests use, so it passes them, and wrong on three heaps of whole thousands, as a
/// learner may type them for a game (no hidden case is such a position: the hidden
/// tests' small heaps are below 1,000, and a power of two is no multiple of 1,000).
fn hidden_cheat(workbook: &Workbook) -> String {
    let mistake = recorded_mistake().replace("pub fn nim_winning_move(", "fn recorded_mistake(");
    let reference = workbook.read("solutions/nim_winning_move/src/lib.rs");
    let honest = reference[reference.find("pub fn nim_winning_move(").unwrap()..]
        .replace("pub fn nim_winning_move(", "fn reference(");
    format!(
        "{mistake}\n{honest}\npub fn nim_winning_move(heaps: &[u64]) -> Option<Move> {{\n    \
         if heaps.len() == 3 && heaps.iter().all(|h| *h > 0 && h % 1000 == 0) {{\n        \
         recorded_mistake(heaps)\n    }} else {{\n        reference(heaps)\n    }}\n}}\n"
    )
}

#[track_caller]
fn has_phrase(run: &Run, phrase: &str) {
    assert!(
        find_phrase(&run.stdout, phrase).is_some(),
        "stdout lacks {phrase:?}:\n{}\nstderr:\n{}",
        run.stdout,
        run.stderr
    );
}

#[test]
fn a_careless_player_loses_to_an_engine_that_always_leaves_nim_sum_zero() {
    let workbook = solved();
    // Always one stone, from heap 0, 1 or 2 in turn: from 3 4 5 (nim-sum 2) the first
    // move already throws the win away. A move on an empty heap is refused, the next tried.
    let input = "0 1\n1 1\n2 1\n".repeat(12);
    let run = workbook.grader_with_input(&["play"], &input);
    run.expect_code(0)
        .stdout_has("Nim: whoever takes the last stone wins. The engine is your nim_winning_move.")
        .stdout_has("  heap 0  3 = 011\n  heap 1  4 = 100\n  heap 2  5 = 101\n")
        .stdout_has("         2 = 010   (nim-sum)")
        .stdout_has("your move> 0 1\nYou take 1 from heap 0 (3 -> 2).")
        .stdout_has("The engine took the last stone: the engine wins.");
    assert!(!run.stdout.contains('\u{1b}'), "no escape codes in a pipe");

    let positions = replay(&[3, 4, 5], &run.stdout);
    let engine_moves = positions.iter().filter(|(engine, _)| *engine).count();
    assert!(engine_moves >= 3, "{}", run.stdout);
    for (engine, heaps) in &positions {
        if *engine {
            assert_eq!(
                nim_sum(heaps),
                0,
                "the engine left {heaps:?}:\n{}",
                run.stdout
            );
        }
    }
    assert_eq!(
        positions
            .last()
            .map(|(engine, heaps)| (*engine, nim_sum(heaps))),
        Some((true, 0))
    );
    assert!(positions.last().unwrap().1.iter().all(|&h| h == 0));
    // After every move the position is printed: as many nim-sum lines as moves, and one.
    assert_eq!(
        run.stdout.matches("(nim-sum)").count(),
        positions.len() + 1,
        "{}",
        run.stdout
    );
    assert!(!run.stdout.contains("There is no heap"), "{}", run.stdout);
}

#[test]
fn an_engine_without_a_winning_move_takes_one_stone_from_the_largest_heap() {
    let workbook = solved();
    // 2 2 1: emptying heap 2 leaves nim-sum 0, and the engine has no winning move.
    let run = workbook.grader_with_input(&["play", "2", "2", "1"], "2 1\n2 1\n1 1\n1 1\n");
    run.expect_code(0)
        .stdout_has("You take 1 from heap 2 (1 -> 0).")
        .stdout_has("Heap 2 is empty: take from a heap that still has stones.")
        .stdout_has("You took the last stone: you win!");
    has_phrase(
        &run,
        "Your nim_winning_move returned None: no winning move here. The engine must still \
         move, so it takes one stone from the largest heap.\nThe engine takes 1 from heap 0 \
         (2 -> 1).",
    );
    let positions = replay(&[2, 2, 1], &run.stdout);
    assert_eq!(positions.len(), 5, "{}", run.stdout);
    assert_eq!(positions.last().unwrap().1, [0, 0, 0]);
}

#[test]
fn illegal_input_is_explained_and_q_quits() {
    let workbook = solved();
    let lines = [
        "x",
        "9 1",
        "3 1",
        "0 0",
        "0 9",
        "",
        "2",
        "1 2 3",
        "99999999999999999999 1",
        "h",
        "q",
        "1 1",
    ];
    let run = workbook.grader_with_input(&["play"], &(lines.join("\n") + "\n"));
    run.expect_code(0);
    for explained in [
        "`x` is not a move. Type a move as HEAP COUNT: `1 3` takes 3 stones from heap 1.",
        "There is no heap 9: the heaps are numbered 0 to 2.",
        "There is no heap 3: the heaps are numbered 0 to 2.",
        "A move takes at least one stone, not 0.",
        "Heap 0 has only 3 stones: you cannot take 9.",
        "A move is two numbers, the heap and how many stones to take.",
        "`1 2 3` is not a move.",
        "99999999999999999999 is far more than any heap holds.",
        "On your turn, take one or more stones from one heap",
        "You quit the game.",
    ] {
        has_phrase(&run, explained);
    }
    // The empty line is explained too: the syntax, then the keys.
    assert!(
        run.stdout
            .contains("your move> \nType a move as HEAP COUNT"),
        "{}",
        run.stdout
    );
    assert!(
        !run.stdout.contains("You take"),
        "nothing after q is played:\n{}",
        run.stdout
    );
    assert!(!run.stdout.contains("The engine takes"), "{}", run.stdout);
}

#[test]
fn the_game_stops_at_the_end_of_input() {
    let workbook = solved();
    let run = workbook.grader_with_input(&["play", "--first", "engine", "5", "7"], "");
    run.expect_code(0)
        .stdout_has("The engine takes 2 from heap 1 (7 -> 5).")
        .stdout_has("End of input: the game stops here.");
}

#[test]
fn play_refuses_an_exercise_that_does_not_pass() {
    let workbook = Workbook::new();
    let run = workbook.grader_with_input(&["play"], "1 1\n");
    run.expect_code(1);
    has_phrase(
        &run,
        "Play needs your nim_winning_move to pass its hidden tests first",
    );
    has_phrase(&run, "This exercise still has its `todo!()`");
    has_phrase(
        &run,
        "Make it pass (`cargo grader run nim_winning_move` grades it again",
    );
    assert!(!run.stdout.contains("your move>"), "{}", run.stdout);
}

#[test]
fn a_recorded_wrong_solution_is_refused_with_the_checkers_words() {
    let workbook = solved();
    let recorded = recorded_mistake();
    workbook.write(&workbook.exercise_file(NIM), &recorded);
    let run = workbook.grader_with_input(&["play"], "1 1\n");
    run.expect_code(1);
    has_phrase(&run, "Play needs your nim_winning_move to pass");
    for line in recorded.lines() {
        if let Some(expected) = line.strip_prefix("// expect: ") {
            has_phrase(&run, expected);
        }
    }
    assert!(!run.stdout.contains("your move>"), "{}", run.stdout);
}

#[test]
fn an_engine_that_cheats_in_a_game_is_caught_and_its_move_not_played() {
    let workbook = solved();
    workbook.write(&workbook.exercise_file(NIM), &hidden_cheat(&workbook));
    assert_eq!(
        workbook.grader(&["run", NIM]).code,
        0,
        "the cheat passes the hidden tests"
    );

    let run = workbook.grader_with_input(
        &["play", "--first", "engine", "1000", "2000", "3000"],
        "1 1\n",
    );
    run.expect_code(1);
    for phrase in [
        "nim_winning_move answered wrongly in this game, so the game stops here. The checker says:",
        "input: heaps = [1000, 2000, 3000]",
        "There is no heap 3: the position has 3 heaps, numbered 0 to 2.",
        "Your nim_winning_move passed the hidden tests but not this position",
        "fix exercises/nim_winning_move/src/lib.rs, grade it with `cargo grader run nim_winning_move`",
    ] {
        has_phrase(&run, phrase);
    }
    // One wrong answer is no proof of a mistake: the rule alone, not the advice of the
    // 1-based mistake (which the code makes only here).
    assert!(
        !run.stdout.contains("indices are 0-based"),
        "{}",
        run.stdout
    );
    assert!(!run.stdout.contains("The engine takes"), "{}", run.stdout);
    assert!(!run.stdout.contains("your move>"), "{}", run.stdout);
    // One numbering: the checker's and the board's are the same.
    assert!(!run.stdout.contains("from 1"), "{}", run.stdout);
}

#[test]
fn misere_play_needs_misere_winning_move() {
    let workbook = Workbook::new();
    let run = workbook.grader_with_input(&["play", "--misere"], "q\n");
    if common::manifest().index_of("misere_winning_move").is_none() {
        run.expect_code(2).stderr_has(
            "misère play needs the exercise misere_winning_move, and this grader has no \
             hidden tests for it yet",
        );
    } else {
        run.expect_code(1);
        has_phrase(
            &run,
            "Play needs your misere_winning_move to pass its hidden tests first",
        );
    }
}

#[test]
fn starting_heaps_are_checked() {
    let workbook = Workbook::new();
    let nine: Vec<String> = (1..=9).map(|h| h.to_string()).collect();
    let mut args = vec!["play"];
    args.extend(nine.iter().map(String::as_str));
    workbook
        .grader(&args)
        .expect_code(2)
        .stderr_has("a game starts with at most 8 heaps, not 9");
    for (heap, error) in [
        ("0", "0 is not in 1..=65535"),
        ("65536", "65536 is not in 1..=65535"),
    ] {
        workbook
            .grader(&["play", heap])
            .expect_code(2)
            .stderr_has(error);
    }
    workbook
        .grader(&["play", "--random", "3"])
        .expect_code(2)
        .stderr_has("cannot be used with");
}

/// The learner's page shows games through a pipe (Nim's, Kayles'): each command, run as
/// written, prints what the page shows.
#[test]
fn the_learners_page_shows_a_game_as_play_prints_it() {
    let page = std::fs::read_to_string(common::repo_root().join("docs/learner.md")).unwrap();
    let blocks: Vec<&str> = page
        .split("```text\n$ printf '")
        .skip(1)
        .map(|rest| rest.split("\n```").next().unwrap())
        .collect();
    assert_eq!(
        blocks.len(),
        2,
        "docs/learner.md shows a game of Nim and one of Kayles"
    );
    let workbook = solved();
    workbook.solve("kayles_grundy");
    for block in blocks {
        let (command, shown) = block.split_once('\n').unwrap();
        let (moves, play) = command
            .split_once("' | cargo grader ")
            .expect("the game's command pipes its moves into cargo grader");
        let args: Vec<&str> = play.split_whitespace().collect();
        let run = workbook.grader_with_input(&args, &moves.replace("\\n", "\n"));
        run.expect_code(0);
        assert_eq!(run.stdout.trim_end(), shown.trim_end(), "{}", run.stderr);
    }
}

const KAYLES: &str = "kayles_grundy";
const KAYLES_MISTAKE: &str = "solutions/kayles_grundy/recorded/wrong_answer/xor_as_sum.rs";

fn kayles_solved() -> Workbook {
    let workbook = Workbook::new();
    workbook.solve(KAYLES);
    workbook
}

/// The Grundy numbers of rows of 0 to `longest` pins, by their definition: the mex of
/// what each move (one pin or two side by side, anywhere) leaves.
fn kayles_values(longest: usize) -> Vec<usize> {
    let mut values: Vec<usize> = Vec::new();
    for row in 0..=longest {
        let mut reached = Vec::new();
        for knocked in 1..=row.min(2) {
            for left in 0..=row - knocked {
                reached.push(values[left] ^ values[row - knocked - left]);
            }
        }
        values.push((0..).find(|v| !reached.contains(v)).unwrap());
    }
    values
}

/// Each Kayles move of a transcript, as (the engine moved, row, pin, pins knocked, the
/// row's length before, the rows it left): "You knock down pin 2 of row 0 (5 -> 2 + 2)."
/// and "The engine knocks down pins 3 and 4 of row 1 (7 -> 3 + 2).".
fn knocks(transcript: &str) -> Vec<(bool, usize, usize, usize, usize, Vec<usize>)> {
    transcript
        .lines()
        .filter_map(|line| {
            let engine = line.starts_with("The engine knocks down ");
            let rest = line
                .strip_prefix("The engine knocks down ")
                .or_else(|| line.strip_prefix("You knock down "))?;
            let (pins, rest) = rest.split_once(" of row ")?;
            let (pin, count) = match pins.strip_prefix("pins ") {
                Some(two) => (two.split_once(" and ")?.0, 2),
                None => (pins.strip_prefix("pin ")?, 1),
            };
            let (row, sizes) = rest.split_once(" (")?;
            let (from, to) = sizes.strip_suffix(").")?.split_once(" -> ")?;
            let left = to
                .split(" + ")
                .map(|part| part.parse().unwrap())
                .filter(|&part| part > 0)
                .collect();
            Some((
                engine,
                row.parse().ok()?,
                pin.parse().ok()?,
                count,
                from.parse().ok()?,
                left,
            ))
        })
        .collect()
}

/// Plays the transcript's Kayles moves from `start`, checking each against the rules and
/// the position; the position before and after each move, and who made it.
#[track_caller]
fn replay_kayles(start: &[usize], transcript: &str) -> Vec<(bool, Vec<usize>, Vec<usize>)> {
    let mut rows = start.to_vec();
    knocks(transcript)
        .into_iter()
        .map(|(engine, row, pin, count, from, left)| {
            assert_eq!(rows[row], from, "row {row} in {rows:?}:\n{transcript}");
            assert!(pin + count <= from, "{transcript}");
            let parts: Vec<usize> = [pin, from - pin - count]
                .into_iter()
                .filter(|&part| part > 0)
                .collect();
            assert_eq!(parts, left, "{transcript}");
            let before = rows.clone();
            rows.splice(row..=row, parts);
            (engine, before, rows.clone())
        })
        .collect()
}

#[test]
fn kayles_an_engine_that_leaves_an_xor_of_zero_wins_against_a_careless_player() {
    let workbook = kayles_solved();
    // Always the first pin of row 0: a row of 10 is won by the first player, and
    // this throws the win away at once.
    let run = workbook.grader_with_input(&["play", "--kayles"], &"0 0\n".repeat(12));
    run.expect_code(0)
        .stdout_has("Kayles: whoever knocks down the last pin wins. The engine is your kayles_grundy.")
        .stdout_has("  row 0: | | | | | | | | | |  (10 pins, Grundy 2)\n  The XOR of the Grundy numbers: 2\n")
        .stdout_has("your move> 0 0\nYou knock down pin 0 of row 0 (10 -> 9).")
        .stdout_has("The engine knocked down the last pin: the engine wins.");
    assert!(!run.stdout.contains('\u{1b}'), "no escape codes in a pipe");
    let values = kayles_values(10);
    let xor = |rows: &[usize]| rows.iter().fold(0, |x, &r| x ^ values[r]);
    let positions = replay_kayles(&[10], &run.stdout);
    let engine_moves = positions.iter().filter(|(engine, ..)| *engine).count();
    assert!(engine_moves >= 3, "{}", run.stdout);
    for (engine, before, after) in &positions {
        if *engine && xor(before) != 0 {
            assert_eq!(xor(after), 0, "the engine left {after:?}:\n{}", run.stdout);
        }
    }
    assert_eq!(
        positions
            .last()
            .map(|(engine, _, after)| (*engine, after.len())),
        Some((true, 0))
    );
    // Each position is drawn with its XOR, as many times as moves, and one.
    assert_eq!(
        run.stdout.matches("The XOR of the Grundy numbers:").count()
            + run.stdout.matches("No pin is left standing.").count(),
        positions.len() + 1,
        "{}",
        run.stdout
    );
}

#[test]
fn kayles_an_engine_without_a_winning_move_knocks_down_the_last_pin_of_the_longest_row() {
    let workbook = kayles_solved();
    // Rows of 1 and 1: XOR 0 for the engine, which must still move.
    let run = workbook.grader_with_input(
        &["play", "--kayles", "--first", "engine", "1", "1"],
        "0 0\n",
    );
    run.expect_code(0);
    has_phrase(
        &run,
        "By your kayles_grundy, the rows' Grundy numbers XOR to 0: no winning move here. The \
         engine must still move, so it knocks down the last pin of the longest row.\nThe \
         engine knocks down pin 0 of row 0 (1 -> 0).",
    );
    has_phrase(&run, "You knock down pin 0 of row 0 (1 -> 0).");
    has_phrase(&run, "You knocked down the last pin: you win!");
}

#[test]
fn kayles_illegal_moves_are_explained() {
    let workbook = kayles_solved();
    let lines = [
        "1 0", "0 5", "0 4 2", "0 0 3", "x", "2", "1 2 3 4", "h", "0 1 2", "q",
    ];
    let run = workbook.grader_with_input(&["play", "--kayles", "5"], &(lines.join("\n") + "\n"));
    run.expect_code(0);
    for explained in [
        "There is no row 1: the rows are numbered 0 to 0.",
        "Row 0 has 5 pins, numbered 0 to 4: there is no pin 5.",
        "A move knocks down 1 pin, or 2 side by side, not 3.",
        "`x` is not a move. Type a move as ROW PIN, or ROW PIN 2 for that pin and the next",
        "A move is two numbers, the row and the pin",
        "`1 2 3 4` is not a move.",
        "On your turn, knock down one pin, or two pins side by side, in one row",
        "You knock down pins 1 and 2 of row 0 (5 -> 1 + 2).",
        "You quit the game.",
    ] {
        has_phrase(&run, explained);
    }
    // Only the legal move was played, and the engine answered it.
    assert_eq!(replay_kayles(&[5], &run.stdout).len(), 2, "{}", run.stdout);
}

#[test]
fn kayles_play_refuses_a_kayles_grundy_that_does_not_pass() {
    let workbook = Workbook::new();
    let run = workbook.grader_with_input(&["play", "--kayles"], "0 0\n");
    run.expect_code(1);
    has_phrase(
        &run,
        "Play needs your kayles_grundy to pass its hidden tests first",
    );
    has_phrase(&run, "This exercise still has its `todo!()`");
    assert!(!run.stdout.contains("your move>"), "{}", run.stdout);

    let recorded = std::fs::read_to_string(common::repo_root().join(KAYLES_MISTAKE)).unwrap();
    workbook.write(&workbook.exercise_file(KAYLES), &recorded);
    let run = workbook.grader_with_input(&["play", "--kayles"], "0 0\n");
    run.expect_code(1);
    for line in recorded.lines() {
        if let Some(expected) = line.strip_prefix("// expect: ") {
            has_phrase(&run, expected);
        }
    }
    assert!(!run.stdout.contains("your move>"), "{}", run.stdout);
}

/// The reference behind a cheat: right whenever it is called more than once in a
/// process, as the hidden tests call it, and wrong on a row of 7 pins when that is the
/// first call, as a game asks it.
fn kayles_cheat(workbook: &Workbook) -> String {
    let reference = workbook
        .read("solutions/kayles_grundy/src/lib.rs")
        .replace("pub fn kayles_grundy(", "fn reference(");
    format!(
        "{reference}\nstatic CALLS: std::sync::atomic::AtomicUsize = \
         std::sync::atomic::AtomicUsize::new(0);\n\npub fn kayles_grundy(n: usize) -> usize {{\n    \
         let first = CALLS.fetch_add(1, std::sync::atomic::Ordering::SeqCst) == 0;\n    \
         if first && n == 7 {{ 5 }} else {{ reference(n) }}\n}}\n"
    )
}

#[test]
fn kayles_a_wrong_grundy_number_in_a_game_stops_it_with_the_checkers_words() {
    let workbook = kayles_solved();
    workbook.write(&workbook.exercise_file(KAYLES), &kayles_cheat(&workbook));
    assert_eq!(
        workbook.grader(&["run", KAYLES]).code,
        0,
        "the cheat passes the hidden tests"
    );
    let run = workbook.grader_with_input(&["play", "--kayles", "7"], "0 0\n");
    run.expect_code(1);
    for phrase in [
        "kayles_grundy answered wrongly in this game, so the game stops here. The checker says:",
        "A row of 7 pins has Grundy number 2, but you returned 5.",
        "Your kayles_grundy passed the hidden tests but not this row",
    ] {
        has_phrase(&run, phrase);
    }
    assert!(!run.stdout.contains("your move>"), "{}", run.stdout);
}

#[test]
fn kayles_starting_rows_are_checked() {
    let workbook = Workbook::new();
    workbook
        .grader(&["play", "--kayles", "15", "6"])
        .expect_code(2)
        .stderr_has("a game of Kayles starts with at most 8 rows and 20 pins in all, not 2 and 21");
    workbook
        .grader(&["play", "--kayles", "--misere"])
        .expect_code(2)
        .stderr_has("cannot be used with");
}
