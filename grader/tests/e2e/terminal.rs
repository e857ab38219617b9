//! End to end: the real grader in tmux, as a learner's terminal shows it: `grader watch`
//! (keys, scrolling, the pager, quitting) and a game of `grader play` at 80x24.

use std::path::Path;
use std::time::{Duration, Instant};

use crate::common::tmux::Tmux;
use crate::common::watch::{
    ADDING, ADDING_FAILS, FIRST_FAILS, FIRST_PASSES, SECOND, SECOND_FAILS, exercise_file, solution,
    total,
};
use crate::common::{self, GRADER, POLL, Workbook, find_phrase};

const SCROLL_KEYS: &str = "↑/↓ j/k line · space/b page · g/G top/end";

/// The main screen's keys at 80 columns, all of them, before the first pass.
const KEYS_AT_80: &str =
    "n next · h hint · t try · L lesson · l list · c check all · r reset · q quit";

/// At 60 columns, on a failing verdict: the keys that fit, `?` for the others.
const KEYS_AT_60: &str = "h hint · t try · L lesson · l list · ? keys · q quit";

const QUIT_QUESTION: &str = "a grading is running: quit anyway? y/n";

/// What the shell prints once watch is gone.
const EXITED: &str = "grader exited with";

/// A loop without end: every group of cases runs to its time limit.
const ENDLESS: &str = "pub fn xor_all(_: &[u64]) -> u64 {\n    loop {}\n}\n";

/// The same, printing 12 lines on every call.
const ADDING_LOUDLY: &str = "pub fn xor_all(heaps: &[u64]) -> u64 {\n    \
    for line in 1..=12 {\n        println!(\"call line {line}\");\n    }\n    \
    heaps.iter().sum()\n}\n";

fn progress_file(workbook: &Path) -> String {
    std::fs::read_to_string(workbook.join(".xorlings-progress.toml")).unwrap_or_default()
}

/// Asserts that `screen` shows each of `texts`, wherever it wrapped them.
fn assert_shows(screen: &str, texts: &[&str]) {
    for text in texts {
        assert!(
            find_phrase(screen, text).is_some(),
            "{text:?} is not on the screen:\n{screen}"
        );
    }
}

/// The shell command of a tmux test: watch, then what it exited with.
fn watch_then_say_so() -> String {
    format!("'{GRADER}' watch; echo \"{EXITED} $?\"; exec sleep 600")
}

#[test]
fn watch_in_a_terminal_fails_passes_moves_on_and_quits_cleanly() {
    let workbook = common::Workbook::new();
    let root = workbook.root();
    let shell_command = format!(
        "'{GRADER}' watch; echo \"grader exited with $?\"; stty -a; echo end of stty; exec sleep 600"
    );
    let tmux = Tmux::start(root, &shell_command);

    let screen = tmux.wait_for(FIRST_FAILS);
    for expected in [
        &format!("exercise 1 of {}: xor_all", total()),
        "file:   exercises/xor_all/src/lib.rs",
        "lesson: lessons/nim-sum.md",
        &format!("0/{} done", total()),
        KEYS_AT_80,
    ] {
        assert!(
            screen.contains(expected),
            "{expected:?} missing in\n{screen}"
        );
    }
    tmux.keys("n");
    tmux.wait_for("moves on once this exercise passes");
    assert!(
        tmux.screen()
            .contains(&format!("exercise 1 of {}: xor_all", total()))
    );

    std::fs::write(exercise_file(root, "xor_all"), solution(root, "xor_all")).unwrap();
    let screen = tmux.wait_for(FIRST_PASSES);
    assert!(screen.contains(&format!("1/{} done", total())), "{screen}");
    assert!(
        !screen.contains("panicked"),
        "the old verdict is gone:\n{screen}"
    );
    assert!(
        progress_file(root).contains("\"xor_all\""),
        "the pass is on disk at once"
    );

    tmux.keys("n");
    tmux.wait_for(SECOND);
    tmux.wait_for(SECOND_FAILS);

    tmux.keys("q");
    let screen = tmux.wait_for("grader exited with 0");
    assert!(
        screen.contains(&format!("1 of {} exercises done", total())),
        "{screen}"
    );
    // The terminal's settings, printed by `stty -a` once the grader has gone.
    let screen = tmux.wait_for("end of stty");
    let settings: Vec<&str> = screen.split([' ', ';', '\n']).collect();
    for setting in ["icanon", "echo", "isig"] {
        assert!(
            settings.contains(&setting),
            "raw mode is still on ({setting} is off):\n{screen}"
        );
    }
    let terminal = tmux.query(&["display", "-p", "#{cursor_flag} #{alternate_on}"]);
    assert_eq!(
        terminal.trim(),
        "1 0",
        "the cursor is shown and the main screen is back"
    );
}

#[test]
fn watch_shows_what_the_code_printed_and_o_shows_all_of_it() {
    let workbook = common::Workbook::new();
    let root = workbook.root();
    std::fs::write(exercise_file(root, "xor_all"), ADDING_LOUDLY).unwrap();
    let tmux = Tmux::start(root, &watch_then_say_so());
    let screen = tmux.wait_for(ADDING_FAILS);
    assert_shows(
        &screen,
        &[
            "input: heaps = [1, 1]",
            "yours: 2",
            "Advice: You added the heaps",
            SCROLL_KEYS,
            "o output",
        ],
    );
    // The printed output is at the end of the verdict: G goes there.
    tmux.keys("G");
    let screen = tmux.wait_for("4 more lines (`o` shows them all)");
    assert_shows(
        &screen,
        &["Your code printed while this case ran", "| call line 8"],
    );
    assert!(!screen.contains("call line 9"), "{screen}");

    tmux.keys("o");
    let screen = tmux.wait_for("Esc/q back to the verdict");
    assert_shows(
        &screen,
        &["| call line 1", "| call line 9", "| call line 12"],
    );
    assert!(!screen.contains("more lines"), "{screen}");
    // `o` again keeps the output (it used to go back, so that `o o q` quit watch), and
    // `q` goes back to the verdict: watch goes on.
    tmux.keys("o");
    tmux.keys("q");
    let screen = tmux.wait_for("h hint · t try · o output · L lesson");
    assert!(!screen.contains(EXITED), "o o q quit watch:\n{screen}");
    assert!(!screen.contains("| call line 12"), "{screen}");
    // Esc goes back too.
    tmux.keys("o");
    tmux.wait_for("Esc/q back to the verdict");
    tmux.keys("Escape");
    tmux.wait_for("o output · L lesson");
    tmux.keys("q");
    tmux.wait_for(&format!("{EXITED} 0"));
}

#[test]
fn watch_at_60x20_scrolls_a_failing_verdict_and_its_hint_and_tries_an_input() {
    let workbook = common::Workbook::new();
    let root = workbook.root();
    std::fs::write(exercise_file(root, "xor_all"), ADDING).unwrap();
    let tmux = Tmux::start_sized(root, &watch_then_say_so(), 60, 20);
    let screen = tmux.wait_for(ADDING_FAILS);
    // The key line is one line: it wrapped at 60 columns once.
    assert!(
        screen.lines().any(|line| line.trim_end() == KEYS_AT_60),
        "{KEYS_AT_60:?} is not one line of\n{screen}"
    );
    assert_shows(
        &screen,
        &[
            "input: heaps = [1, 1]",
            "yours: 2",
            "The nim-sum of [1, 1] is 0, but your function returned 2.",
            "Advice: You added the heaps. The nim-sum adds each binary column without carrying",
            SCROLL_KEYS,
        ],
    );

    // The hint goes below the verdict, which stays at the top; scrolling shows the rest.
    let mut screens = vec![tmux.press_for_change("h")];
    assert_shows(
        &screens[0],
        &["input: heaps = [1, 1]", "yours: 2", "hint below"],
    );
    let wanted = [
        "The nim-sum of [1, 1] is 0, but your function returned 2.",
        "Advice: You added the heaps. The nim-sum adds each binary column without carrying",
        "Hint for xor_all:",
        "Keep everything in u64: heaps use all 64 bits, so never cast to u32.",
    ];
    while !wanted
        .iter()
        .all(|w| screens.iter().any(|s| find_phrase(s, w).is_some()))
    {
        assert!(
            screens.len() < 40,
            "{wanted:?} never showed while scrolling:\n{}",
            screens.join("\n-----\n")
        );
        screens.push(tmux.press_for_change("j"));
    }
    for screen in &screens {
        assert!(
            screen.contains(SCROLL_KEYS) || screen.contains("hint below · "),
            "{screen}"
        );
        assert!(screen.lines().count() <= 20, "{screen}");
    }
    tmux.keys("g");
    tmux.wait_for("input: heaps = [1, 1]");

    // t asks for an input in the footer and shows the result in the body.
    tmux.keys("t");
    tmux.wait_for("try xor_all <heaps>:");
    tmux.keys("3 4 5");
    tmux.wait_for("try xor_all <heaps>: 3 4 5_");
    tmux.keys("Enter");
    let screen = tmux.wait_for("wrong answer on your input");
    assert_shows(
        &screen,
        &[
            "Trying xor_all on heaps = [3, 4, 5]:",
            "Your function returned 12.",
            "t try again · Esc/q back to the verdict",
        ],
    );
    tmux.keys("q");
    tmux.wait_for(KEYS_AT_60);
    assert_shows(&tmux.screen(), &["input: heaps = [1, 1]"]);

    // The prompt opens empty after a try: what is typed is the whole input.
    tmux.keys("t");
    let screen = tmux.wait_for("try xor_all <heaps>: _");
    assert!(!screen.contains("3 4 5_"), "{screen}");
    tmux.keys("1 2");
    let screen = tmux.wait_for("try xor_all <heaps>: 1 2_");
    assert!(!screen.contains("3 4 51 2"), "{screen}");
    // Esc closes the prompt; q then quits, from the verdict.
    tmux.keys("Escape");
    tmux.wait_for(KEYS_AT_60);
    tmux.keys("q");
    tmux.wait_for(&format!("{EXITED} 0"));
}

#[test]
fn watch_asks_before_quitting_during_a_grading_and_ctrl_c_does_not_ask() {
    let workbook = common::Workbook::new();
    let root = workbook.root();
    let file = exercise_file(root, "xor_all");
    // Every group runs to its time limit: a grading of several seconds.
    std::fs::write(&file, ENDLESS).unwrap();
    let tmux = Tmux::start(root, &watch_then_say_so());
    // Each step saves first: a save starts the grading again, so it is running.
    let grading = |tmux: &Tmux| {
        std::fs::write(&file, format!("{ENDLESS}// saved\n")).unwrap();
        tmux.wait_for("Grading xor_all...");
    };
    grading(&tmux);
    tmux.keys("q");
    tmux.wait_for(QUIT_QUESTION);
    tmux.keys("n");
    let screen = tmux.wait_for(KEYS_AT_80);
    assert!(!screen.contains(EXITED), "{screen}");
    grading(&tmux);
    tmux.keys("q");
    tmux.wait_for(QUIT_QUESTION);
    tmux.keys("y");
    tmux.wait_for(&format!("{EXITED} 0"));

    // Ctrl-C quits at once, grading or not.
    let tmux = Tmux::start(root, &watch_then_say_so());
    grading(&tmux);
    tmux.keys("C-c");
    let screen = tmux.wait_for(&format!("{EXITED} 0"));
    assert!(!screen.contains(QUIT_QUESTION), "{screen}");
}

#[test]
fn l_pages_the_lesson_and_q_comes_back_to_watch_as_it_was() {
    let workbook = common::Workbook::new();
    let root = workbook.root();
    std::fs::write(exercise_file(root, "xor_all"), ADDING).unwrap();
    let tmux = Tmux::start_sized(root, &watch_then_say_so(), 60, 20);
    let verdict = tmux.wait_for_all(&[ADDING_FAILS, KEYS_AT_60]);

    tmux.keys("L");
    let lesson = tmux.wait_for_all(&["The nim-sum", " lessons/nim-sum.md · lines 1-", "q back"]);
    assert!(
        !lesson.contains(ADDING_FAILS),
        "the pager has the screen:\n{lesson}"
    );
    // The pager's keys work, and a save meanwhile is graded without drawing over it.
    tmux.keys("G");
    tmux.wait_for("100%");
    std::fs::write(
        exercise_file(root, "xor_all"),
        format!("{ADDING}// saved\n"),
    )
    .unwrap();
    let start = Instant::now();
    while start.elapsed() < Duration::from_secs(1) {
        let screen = tmux.screen();
        assert!(
            !screen.contains("xorlings · exercise"),
            "watch drew over the pager:\n{screen}"
        );
        std::thread::sleep(POLL);
    }
    tmux.keys("q");
    let back = tmux.wait_for_all(&[ADDING_FAILS, KEYS_AT_60]);
    assert!(!back.contains("lessons/nim-sum.md · lines"), "{back}");
    assert!(!back.contains(EXITED), "{back}");
    let lines = |screen: &str| {
        screen
            .lines()
            .map(str::trim_end)
            .collect::<Vec<_>>()
            .join("\n")
    };
    assert_eq!(lines(&back), lines(&verdict), "the screen is as it was");
    // Keys are watch's again.
    tmux.keys("?");
    tmux.wait_for("The keys of watch mode");
    tmux.keys("q");
    tmux.wait_for(KEYS_AT_60);

    // Ctrl-C in the pager quits watch at once.
    tmux.keys("L");
    tmux.wait_for("q back");
    tmux.keys("C-c");
    tmux.wait_for(&format!("{EXITED} 0"));
}

#[test]
fn a_game_in_a_terminal_fits_80_by_24() {
    let workbook = Workbook::new();
    workbook.solve("nim_winning_move");
    // Eight heaps, one of 16 bits: the largest board there is.
    let shell_command = format!(
        "'{GRADER}' play 7 9 12 5 1 3 60000 2; echo \"grader exited with $?\"; exec sleep 600"
    );
    let tmux = Tmux::start(workbook.root(), &shell_command);
    let heading = "Nim: whoever takes the last stone wins. The engine is your nim_winning_move.";
    let screen = tmux.wait_for("your move>");
    assert!(screen.starts_with(heading), "{screen}");
    for expected in [
        "  heap 6  60000 = 1110 1010 0110 0000",
        "          60007 = 1110 1010 0110 0111   (nim-sum)",
        "HEAP COUNT (`1 3` takes 3 stones from heap 1) · h help · q quit",
    ] {
        assert!(
            screen.contains(expected),
            "{expected:?} missing in\n{screen}"
        );
    }

    tmux.keys("h");
    tmux.keys("Enter");
    tmux.wait_for("Bouton's theorem");
    tmux.keys("6 59999");
    tmux.keys("Enter");
    let screen = tmux.wait_for_all(&[
        "The engine takes 6 from heap 0 (7 -> 1).",
        heading,
        "You take 59999 from heap 6 (60000 -> 1).",
        "              0 = 0000 0000 0000 0000   (nim-sum)",
        "your move>",
    ]);
    let aligned = "              0 = 0000 0000 0000 0000   (nim-sum)";
    assert!(screen.contains(aligned), "{aligned:?} missing in\n{screen}");
    assert!(
        screen.starts_with(heading),
        "the heading scrolled away:\n{screen}"
    );
    assert!(
        screen.lines().all(|line| line.chars().count() <= 80),
        "{screen}"
    );

    tmux.keys("q");
    tmux.keys("Enter");
    let screen = tmux.wait_for("grader exited with 0");
    assert!(screen.contains("You quit the game."), "{screen}");
}

#[test]
fn a_game_of_kayles_in_a_terminal_fits_80_by_24() {
    let workbook = Workbook::new();
    workbook.solve("kayles_grundy");
    // Eight rows and 20 pins, the most a game starts with, one row as long as it may be.
    let shell_command = format!(
        "'{GRADER}' play --kayles 1 1 1 1 1 1 1 13; echo \"grader exited with $?\"; exec sleep 600"
    );
    let tmux = Tmux::start(workbook.root(), &shell_command);
    let heading =
        "Kayles: whoever knocks down the last pin wins. The engine is your kayles_grundy.";
    let screen = tmux.wait_for("your move>");
    assert!(screen.starts_with(heading), "{screen}");
    for expected in [
        "  row 7: | | | | | | | | | | | | |  (13 pins, Grundy 1)",
        "  The XOR of the Grundy numbers: 0",
        "ROW PIN, or ROW PIN 2 for two pins · h help · q quit",
    ] {
        assert!(
            screen.contains(expected),
            "{expected:?} missing in\n{screen}"
        );
    }

    // Pin 1 of the long row splits it: nine rows, and the engine's answer.
    tmux.keys("7 1");
    tmux.keys("Enter");
    let screen = tmux.wait_for_all(&[
        "You knock down pin 1 of row 7 (13 -> 1 + 11).",
        "The engine knocks down",
        "your move>",
    ]);
    assert!(
        screen.starts_with(heading),
        "the heading scrolled away:\n{screen}"
    );
    assert!(
        screen.lines().all(|line| line.chars().count() <= 80),
        "{screen}"
    );
    assert!(screen.lines().count() <= 24, "{screen}");

    tmux.keys("q");
    tmux.keys("Enter");
    let screen = tmux.wait_for("grader exited with 0");
    assert!(screen.contains("You quit the game."), "{screen}");
}
