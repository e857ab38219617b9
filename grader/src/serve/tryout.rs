//! The try box in the page's own words: a label naming the function and its
//! parameters, an example input, and what to say beside the box when the input is none
//! of the exercise's.

use serde_json::{Value, json};

use crate::workbook::Exercise;

/// An example value for each parameter the exercises have, by its name: the lessons'
/// first examples. (A test checks that every exercise's example is an input of it.)
const EXAMPLES: &[(&str, &str)] = &[
    ("heaps", "[3, 4, 5]"),
    ("heap_index", "0"),
    ("new_size", "1"),
    ("n", "10"),
    ("max_n", "12"),
    ("moves", "[2, 3]"),
    ("values", "[0, 1, 3]"),
];
const ONE_LIST: &str = "Type the list's numbers, with spaces or commas between them.";
const SEVERAL: &str = "Type the arguments in order, with a space between them: a number \
as 7, a list as [3, 4, 5].";
const TYPE_ONE: &str = "Type an input first";

/// The box's label, example and help, or `None` for an exercise without a function
/// (a program): it has no try box.
pub(super) fn form(exercise: &Exercise) -> Option<Value> {
    let signature = exercise.tests.signature()?;
    let names: Vec<&str> = signature.parameters.iter().map(|(name, _)| *name).collect();
    let help = match names.as_slice() {
        [_] => ONE_LIST,
        _ => SEVERAL,
    };
    Some(json!({
        "label": format!("Arguments of {}", signature.function),
        "call": exercise.tests.call(),
        "example": example(&names),
        "help": help,
    }))
}

/// An input the exercise takes, made of each parameter's example: a single list is
/// typed without its brackets, as a learner would.
fn example(names: &[&str]) -> Option<String> {
    let values: Option<Vec<&str>> = names
        .iter()
        .map(|name| {
            EXAMPLES
                .iter()
                .find(|(known, _)| known == name)
                .map(|(_, value)| *value)
        })
        .collect();
    match values?.as_slice() {
        [list] => Some(list.trim_matches(['[', ']']).replace(',', "")),
        values => Some(values.join(" ")),
    }
}

/// What the page says beside the box for words that are no input: the grader's reason
/// without the command line's usage.
pub(super) fn invalid(problem: &str) -> String {
    problem
        .lines()
        .next()
        .filter(|reason| !reason.is_empty())
        .map_or_else(|| format!("{TYPE_ONE}."), str::to_string)
}

/// The answer when nothing was typed.
pub(super) fn nothing_typed(exercise: &Exercise) -> String {
    match form(exercise)
        .as_ref()
        .and_then(|form| form["example"].as_str().map(str::to_string))
    {
        Some(example) => format!("{TYPE_ONE}, for example {example}."),
        None => format!("{TYPE_ONE}."),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::grading::TypedCase;
    use xorlings_course::model::show::typed_words;

    #[test]
    fn every_function_has_an_example_it_takes() {
        let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("..");
        let workbook = crate::workbook::Workbook::load(&root).unwrap();
        let mut tried = 0;
        for exercise in &workbook.exercises {
            let Some(form) = form(exercise) else {
                assert!(exercise.tests.signature().is_none());
                continue;
            };
            let example = form["example"]
                .as_str()
                .unwrap_or_else(|| panic!("{}: no example for a parameter", exercise.name));
            let words = typed_words(example);
            if let Err(problem) = TypedCase::new(exercise.tests, &words) {
                panic!(
                    "{}: the example {example} is no input: {problem}",
                    exercise.name
                );
            }
            tried += 1;
        }
        assert!(tried >= 10, "only {tried} exercises have a try box");
    }

    #[test]
    fn a_reason_comes_without_the_command_lines_usage() {
        let said = "heaps: `x` is not a whole number.\nusage: cargo grader try xor_all <heaps>";
        assert_eq!(invalid(said), "heaps: `x` is not a whole number.");
        assert_eq!(invalid(""), "Type an input first.");
        assert_eq!(example(&["heaps"]).unwrap(), "3 4 5");
        assert_eq!(
            example(&["heaps", "heap_index", "new_size"]).unwrap(),
            "[3, 4, 5] 0 1"
        );
        assert_eq!(example(&["unknown"]), None);
    }
}
