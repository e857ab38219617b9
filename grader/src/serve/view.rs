//! What the page shows, as JSON: the course with each exercise's status, the current
//! exercise, its verdict as fields (`report::fields`: the page lays them out), and the
//! pictures that go with it, drawn by the page from a position (the failing case's, or
//! the lesson's example when no case failed).

use serde_json::{Value, json};

use crate::judge::Grade;
use crate::report::fields::{self, Fields};
use crate::session::Session;
use crate::text::{Style, Text};
use crate::watch::{Outcome, TryOutcome};
use crate::workbook::Exercise;
use xorlings_course::quiz;

/// Text the page shows as it is (the play log) comes unwrapped: the browser wraps it.
const UNWRAPPED: usize = usize::MAX;
/// The exercise whose lesson searches the game tree: its picture is a move tree.
const GAME_SEARCH: &str = "brute_force_is_losing";
/// The heaps the pictures show when no case failed: the lessons' first example.
const EXAMPLE_HEAPS: [u64; 3] = [3, 4, 5];
/// The move set of Grundy pictures when no case failed, and how far the strip goes.
const EXAMPLE_MOVES: [u64; 2] = [2, 3];
const EXAMPLE_UPTO: u64 = 12;
/// At most this many heaps in the columns, cells in a Grundy strip, positions in a tree.
const MAX_COLUMN_HEAPS: usize = 8;
const MAX_STRIP: u64 = 40;
const MAX_TREE_POSITIONS: u64 = 36;
const GRADER_ERROR: &str = " could not be graded: the grader failed.";
const TRY_ERROR: &str = "The grader could not try your input:";

/// The whole state of the page.
pub(super) fn state(
    session: &Session,
    current: usize,
    outcome: Option<&Outcome>,
    note: Option<&str>,
) -> Value {
    let workbook = session.workbook();
    let exercises: Vec<Value> = workbook
        .exercises
        .iter()
        .map(|exercise| {
            json!({
                "number": exercise.number,
                "name": exercise.name,
                "lesson": exercise.lesson,
                "done": session.progress.is_done(&exercise.name),
            })
        })
        .collect();
    let exercise = &workbook.exercises[current];
    json!({
        "exercises": exercises,
        "current": current,
        "done": session.done_count(),
        "total": workbook.exercises.len(),
        "exercise": {
            "number": exercise.number,
            "name": exercise.name,
            "lesson": exercise.lesson,
            "file": exercise.file().display().to_string(),
            "hint": exercise.hint.trim(),
            "try": super::tryout::form(exercise),
        },
        "verdict": verdict(exercise, outcome),
        "quizzes": quizzes(session, exercise),
        "note": note,
    })
}

/// The quizzes answered right, and how many of the current lesson's are.
fn quizzes(session: &Session, exercise: &Exercise) -> Value {
    let answered = &session.progress.quizzes;
    let in_lesson: Vec<&str> = quiz::QUIZZES
        .iter()
        .filter(|quiz| quiz.lesson == exercise.lesson)
        .map(|quiz| quiz.id)
        .collect();
    let done = in_lesson
        .iter()
        .filter(|id| answered.iter().any(|a| a == *id))
        .count();
    json!({ "answered": answered, "lesson_done": done, "lesson_total": in_lesson.len() })
}

/// The verdict as fields; `status` is "grading", "passed", "failed" or "error".
fn verdict(exercise: &Exercise, outcome: Option<&Outcome>) -> Value {
    let shown = exercise.file().display().to_string();
    let (status, fields, grade) = match outcome {
        None => ("grading", None, None),
        Some(Outcome::Graded(grade)) => {
            let fields = fields::fields(grade, exercise, &shown);
            let status = if grade.passed() { "passed" } else { "failed" };
            (status, Some(fields), Some(grade.as_ref()))
        }
        Some(Outcome::Error(error)) => {
            let fields = Fields {
                exercise: exercise.name.clone(),
                status: "failed",
                summary: GRADER_ERROR.to_string(),
                reason: Some(error.clone()),
                ..Fields::default()
            };
            ("error", Some(fields), None)
        }
    };
    json!({
        "status": status,
        "fields": fields,
        "pictures": pictures(exercise, grade),
    })
}

/// What the try box shows for `outcome`: the verdict's fields, or what is wrong with the
/// input (shown beside the box).
pub(super) fn tried(exercise: &Exercise, outcome: &TryOutcome) -> Value {
    let shown = exercise.file().display().to_string();
    match outcome {
        TryOutcome::Ran(tried) => {
            let status = if tried.grade.passed() {
                "passed"
            } else {
                "failed"
            };
            json!({ "status": status, "fields": fields::tried(tried, exercise, &shown) })
        }
        TryOutcome::Invalid(problem) => json!({
            "status": "invalid",
            "problem": super::tryout::invalid(problem),
        }),
        TryOutcome::Error(error) => json!({
            "status": "error",
            "problem": format!("{TRY_ERROR} {error}"),
        }),
    }
}

/// `text` as lines of styled spans (`[[class, text], ...]`), unwrapped: the page wraps
/// them.
pub(super) fn lines(text: &Text) -> Value {
    let lines: Vec<Value> = text
        .styled_lines(UNWRAPPED)
        .into_iter()
        .map(|spans| {
            let spans: Vec<Value> = spans
                .into_iter()
                .filter(|(_, text)| !text.is_empty())
                .map(|(style, text)| json!([class(style), text]))
                .collect();
            Value::Array(spans)
        })
        .collect();
    Value::Array(lines)
}

fn class(style: Style) -> &'static str {
    match style {
        Style::Plain => "",
        Style::Bold => "bold",
        Style::Dim => "dim",
        Style::Good => "good",
        Style::Bad => "bad",
        Style::Warn => "warn",
        Style::Note => "note",
        Style::Selected => "selected",
    }
}

/// The pictures of the exercise, drawn from the case its verdict shows, or from the
/// lesson's example when there is none (or it is too large to draw).
fn pictures(exercise: &Exercise, grade: Option<&Grade>) -> Vec<Value> {
    let Some(signature) = exercise.tests.signature() else {
        return Vec::new();
    };
    let has = |name: &str| signature.parameters.iter().any(|(n, _)| *n == name);
    let input = grade.and_then(shown_input);
    let failing = input.as_deref();
    let list = |name| failing.and_then(|input| field_list(input, name));
    let mut pictures = Vec::new();
    if has("moves") {
        let (moves, from_case) = match list("moves") {
            Some(moves) if !moves.is_empty() => (moves, true),
            _ => (EXAMPLE_MOVES.to_vec(), false),
        };
        let largest = ["n", "max_n"]
            .iter()
            .filter_map(|name| failing.and_then(|input| field_number(input, name)))
            .chain(list("heaps").into_iter().flatten())
            .max()
            .filter(|_| from_case);
        let upto = largest
            .unwrap_or(EXAMPLE_UPTO)
            .clamp(EXAMPLE_UPTO, MAX_STRIP);
        pictures.push(
            json!({ "kind": "grundy", "moves": moves, "upto": upto, "from_case": from_case }),
        );
    } else if has("heaps") {
        let failing_heaps =
            list("heaps").filter(|heaps| (1..=MAX_COLUMN_HEAPS).contains(&heaps.len()));
        let from_case = failing_heaps.is_some();
        let heaps = failing_heaps.clone().unwrap_or(EXAMPLE_HEAPS.to_vec());
        let words: Vec<String> = heaps.iter().map(u64::to_string).collect();
        pictures.push(json!({ "kind": "columns", "heaps": words, "from_case": from_case }));
        if exercise.name == GAME_SEARCH {
            let small = failing_heaps.filter(|heaps| positions_below(heaps) <= MAX_TREE_POSITIONS);
            let from_case = small.is_some();
            let heaps = small.unwrap_or(vec![1, 2]);
            pictures.push(json!({ "kind": "tree", "heaps": heaps, "from_case": from_case }));
        }
    }
    pictures
}

/// The input of the case a grade's report shows: the smallest failing one.
fn shown_input(grade: &Grade) -> Option<String> {
    grade
        .groups
        .iter()
        .filter_map(|group| group.failure.as_ref())
        .min_by_key(|failure| failure.size)
        .map(|failure| failure.input.clone())
}

/// How many positions a game from `heaps` can pass through: the product of each heap
/// plus one (saturating).
fn positions_below(heaps: &[u64]) -> u64 {
    heaps.iter().fold(1u64, |product, &heap| {
        product.saturating_mul(heap.saturating_add(1))
    })
}

/// The text of the field `name` in an input as reports show it (`n = 2, moves = [1, 2]`).
fn field<'a>(input: &'a str, name: &str) -> Option<&'a str> {
    let key = format!("{name} = ");
    let start = input
        .match_indices(&key)
        .find(|(at, _)| *at == 0 || input[..*at].ends_with(", "))
        .map(|(at, _)| at + key.len())?;
    let rest = &input[start..];
    let end = if rest.starts_with('[') {
        rest.find(']')? + 1
    } else {
        rest.find(", ").unwrap_or(rest.len())
    };
    Some(&rest[..end])
}

/// The list field `name` (`[3, 4, 5]`), when every item is a number (a list shown cut
/// short, `[1, 2, …]`, is none).
fn field_list(input: &str, name: &str) -> Option<Vec<u64>> {
    let inside = field(input, name)?.strip_prefix('[')?.strip_suffix(']')?;
    if inside.trim().is_empty() {
        return Some(Vec::new());
    }
    inside
        .split(',')
        .map(|item| item.trim().replace('_', "").parse().ok())
        .collect()
}

fn field_number(input: &str, name: &str) -> Option<u64> {
    field(input, name)?.replace('_', "").parse().ok()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn fields_are_read_from_an_input_as_reports_show_it() {
        let input = "n = 2, moves = [1, 2]";
        assert_eq!(field_number(input, "n"), Some(2));
        assert_eq!(field_list(input, "moves"), Some(vec![1, 2]));
        assert_eq!(field_list(input, "heaps"), None);
        assert_eq!(
            field_list("heaps = [3, 4, 5]", "heaps"),
            Some(vec![3, 4, 5])
        );
        assert_eq!(field_list("heaps = []", "heaps"), Some(vec![]));
        assert_eq!(field_list("heaps = [1, 2, … 99 more]", "heaps"), None);
        assert_eq!(
            field_number("max_n = 10, moves = [1]", "n"),
            None,
            "not max_n"
        );
        assert_eq!(field_number("max_n = 10, moves = [1]", "max_n"), Some(10));
    }

    fn exercise(name: &str) -> Exercise {
        let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("..");
        let workbook = crate::workbook::Workbook::load(&root).unwrap();
        workbook
            .exercises
            .into_iter()
            .find(|e| e.name == name)
            .unwrap()
    }

    #[test]
    fn each_exercise_gets_the_pictures_of_its_input() {
        let kinds = |name: &str| -> Vec<String> {
            pictures(&exercise(name), None)
                .iter()
                .map(|p| p["kind"].as_str().unwrap().to_string())
                .collect()
        };
        assert_eq!(kinds("xor_all"), ["columns"]);
        assert_eq!(kinds("nim_winning_move"), ["columns"]);
        assert_eq!(kinds("brute_force_is_losing"), ["columns", "tree"]);
        assert_eq!(kinds("grundy_number"), ["grundy"]);
        assert_eq!(kinds("subtraction_sum_move"), ["grundy"]);
        assert_eq!(
            kinds("pile_referee"),
            Vec::<String>::new(),
            "a program has no signature"
        );
        let example = &pictures(&exercise("grundy_table"), None)[0];
        assert_eq!(example["moves"], json!(EXAMPLE_MOVES));
        assert_eq!(example["upto"], EXAMPLE_UPTO);
    }

    #[test]
    fn a_tree_is_drawn_for_small_positions_only() {
        assert_eq!(positions_below(&[1, 2]), 6);
        assert_eq!(positions_below(&[u64::MAX, 2]), u64::MAX);
    }
}
