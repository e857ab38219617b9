//! Derives two lists from the workbook's files, so adding an exercise edits no list:
//! - the hidden tests: one module per file of `src/hidden/`, and `ALL`, every one's `TESTS`;
//! - the lessons: every `lessons/*.md` becomes a doctest, so `cargo test` compiles and
//!   runs their Rust code blocks.

use std::fmt::Write;
use std::path::{Path, PathBuf};

fn main() {
    let course = PathBuf::from(std::env::var_os("CARGO_MANIFEST_DIR").expect("set by cargo"));
    let out = PathBuf::from(std::env::var_os("OUT_DIR").expect("set by cargo"));
    let hidden = course.join("src/hidden");
    let lessons = course.join("../../lessons");
    println!("cargo::rerun-if-changed={}", hidden.display());
    println!("cargo::rerun-if-changed={}", lessons.display());

    let mut modules = String::new();
    let mut all = String::new();
    for (name, path) in files(&hidden, "rs") {
        writeln!(
            modules,
            "#[path = {:?}]\npub mod {name};",
            path.display().to_string()
        )
        .unwrap();
        writeln!(all, "    {name}::TESTS,").unwrap();
    }
    let registry = format!(
        "{modules}\n/// Every exercise's hidden tests, by file name.\npub static ALL: &[&dyn crate::model::HiddenTests] = &[\n{all}];\n"
    );
    std::fs::write(out.join("hidden.rs"), registry).expect("cannot write the registry");

    let mut doctests = String::new();
    for (name, path) in files(&lessons, "md") {
        let type_name: String = name
            .split(['-', '_'])
            .map(|word| word[..1].to_uppercase() + &word[1..])
            .collect();
        writeln!(
            doctests,
            "#[doc = include_str!({:?})]\npub struct {type_name};",
            path.display().to_string()
        )
        .unwrap();
    }
    std::fs::write(out.join("lessons.rs"), doctests).expect("cannot write the lessons' doctests");
}

/// The files of `dir` ending in `.extension`, by name, sorted.
fn files(dir: &Path, extension: &str) -> Vec<(String, PathBuf)> {
    let mut files: Vec<(String, PathBuf)> = std::fs::read_dir(dir)
        .map(|entries| {
            entries
                .flatten()
                .map(|entry| entry.path())
                .collect::<Vec<_>>()
        })
        .unwrap_or_default()
        .into_iter()
        .filter(|path| path.extension().is_some_and(|e| e == extension))
        .filter_map(|path| {
            let name = path.file_stem()?.to_str()?.to_string();
            let plain = name
                .chars()
                .all(|c| c.is_ascii_alphanumeric() || c == '_' || c == '-');
            plain.then_some((name, path))
        })
        .collect();
    files.sort();
    files
}
