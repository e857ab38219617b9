//! The grader's modules form layers, each importing only from the layers below it (and
//! from its crates, below them all): this test reads every `crate::` and `super::` path
//! in `grader/src` (outside comments and strings) and fails on an arrow that points up
//! or sideways, so that no later change can slip one in. The layers are the numbered
//! list of `grader/src/lib.rs`'s documentation, the one place that states them.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::sync::OnceLock;

/// The grader's top-level modules, lowest layer first, as `src/lib.rs` lists them: the
/// names in backquotes of each numbered item. Modules in one layer do not import each
/// other.
fn layers() -> &'static [Vec<String>] {
    static LAYERS: OnceLock<Vec<Vec<String>>> = OnceLock::new();
    LAYERS.get_or_init(|| {
        let lib = std::fs::read_to_string(src().join("lib.rs")).unwrap();
        let doc: Vec<&str> = lib
            .lines()
            .map_while(|line| line.strip_prefix("//!"))
            .map(str::trim)
            .collect();
        let mut layers: Vec<String> = Vec::new();
        for line in doc {
            let numbered = line
                .split_once(". ")
                .filter(|(number, _)| number.parse::<usize>().is_ok());
            match numbered {
                Some((_, item)) => layers.push(item.to_string()),
                None if line.is_empty() => {}
                None => {
                    if let Some(last) = layers.last_mut() {
                        last.push(' ');
                        last.push_str(line);
                    }
                }
            }
        }
        let layers: Vec<Vec<String>> = layers
            .iter()
            .map(|item| {
                item.split('`')
                    .skip(1)
                    .step_by(2)
                    .map(str::to_string)
                    .collect()
            })
            .collect();
        assert!(layers.len() > 5, "src/lib.rs lists no layers: {layers:?}");
        layers
    })
}

fn src() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("src")
}

/// Items of the crate root (`src/lib.rs`) that every module may name.
const ROOT_ITEMS: &[&str] = &["Exit", "lessons"];

fn layer_of(module: &str) -> Option<usize> {
    layers()
        .iter()
        .position(|layer| layer.iter().any(|name| name == module))
}

/// The source with comments, string and character literals blanked out, so that only
/// code is read (a scaffold's text or a doc example may name anything).
fn code_only(source: &str) -> String {
    let chars: Vec<char> = source.chars().collect();
    let mut out = String::with_capacity(source.len());
    let mut i = 0;
    while i < chars.len() {
        let c = chars[i];
        let next = chars.get(i + 1).copied();
        if c == '/' && next == Some('/') {
            while i < chars.len() && chars[i] != '\n' {
                i += 1;
            }
        } else if c == '/' && next == Some('*') {
            let mut depth = 0;
            while i < chars.len() {
                if chars[i] == '/' && chars.get(i + 1) == Some(&'*') {
                    depth += 1;
                    i += 2;
                } else if chars[i] == '*' && chars.get(i + 1) == Some(&'/') {
                    depth -= 1;
                    i += 2;
                    if depth == 0 {
                        break;
                    }
                } else {
                    i += 1;
                }
            }
            out.push(' ');
        } else if c == 'r'
            && matches!(next, Some('#' | '"'))
            && !is_ident(chars.get(i.wrapping_sub(1)))
        {
            // A raw string: r"...", r#"..."#.
            let mut j = i + 1;
            let mut hashes = 0;
            while chars.get(j) == Some(&'#') {
                hashes += 1;
                j += 1;
            }
            if chars.get(j) != Some(&'"') {
                out.push(c);
                i += 1;
                continue;
            }
            j += 1;
            loop {
                if j >= chars.len() {
                    break;
                }
                if chars[j] == '"' && (0..hashes).all(|k| chars.get(j + 1 + k) == Some(&'#')) {
                    j += 1 + hashes;
                    break;
                }
                j += 1;
            }
            i = j;
            out.push_str("\"\"");
        } else if c == '"' {
            i += 1;
            while i < chars.len() && chars[i] != '"' {
                if chars[i] == '\\' {
                    i += 1;
                }
                i += 1;
            }
            i += 1;
            out.push_str("\"\"");
        } else if c == '\'' {
            // A character literal ('x', '\n', '✓'), or a lifetime ('a).
            if next == Some('\\') {
                i += 2;
                while i < chars.len() && chars[i] != '\'' {
                    i += 1;
                }
                i += 1;
                out.push_str("' '");
            } else if chars.get(i + 2) == Some(&'\'') {
                i += 3;
                out.push_str("' '");
            } else {
                out.push(c);
                i += 1;
            }
        } else {
            out.push(c);
            i += 1;
        }
    }
    out
}

fn is_ident(c: Option<&char>) -> bool {
    c.is_some_and(|c| c.is_alphanumeric() || *c == '_')
}

/// The module path of a file under `src/`: `judge/build.rs` is `["judge", "build"]`.
fn module_path(relative: &Path) -> Vec<String> {
    let mut parts: Vec<String> = relative
        .iter()
        .map(|part| part.to_string_lossy().into_owned())
        .collect();
    let file = parts.pop().unwrap_or_default();
    let stem = file.trim_end_matches(".rs");
    if stem != "mod" && stem != "lib" && stem != "main" {
        parts.push(stem.to_string());
    }
    parts
}

/// The top-level names each `crate::` and root-escaping `super::` path of `code` starts
/// with, for a file at `module` (inline modules, such as `mod tests { .. }`, count as
/// one more level); `*` for a glob of the crate root.
fn top_level_names(code: &str, module: &[String]) -> Vec<String> {
    let mut names = Vec::new();
    // The brace depth at which each inline module open here began.
    let mut inline: Vec<usize> = Vec::new();
    let mut depth = 0;
    let bytes = code.as_bytes();
    let mut i = 0;
    while i < code.len() {
        let tail = &code[i..];
        let starts_word = i == 0 || !is_ident(code[..i].chars().last().as_ref());
        match bytes[i] {
            b'{' => depth += 1,
            b'}' => {
                depth -= 1;
                if inline.last() == Some(&depth) {
                    inline.pop();
                }
            }
            _ if starts_word && tail.starts_with("mod ") => {
                let name_end = tail[4..]
                    .find(|c: char| !(c.is_alphanumeric() || c == '_'))
                    .map_or(tail.len(), |end| end + 4);
                if tail[name_end..].trim_start().starts_with('{') {
                    inline.push(depth);
                }
            }
            _ if starts_word && tail.starts_with("crate::") => {
                names.extend(first_segments(&tail["crate::".len()..]));
            }
            _ if starts_word && tail.starts_with("super::") => {
                let mut after = tail;
                let mut up = 0;
                while let Some(next) = after.strip_prefix("super::") {
                    after = next;
                    up += 1;
                }
                if up >= module.len() + inline.len() {
                    names.extend(first_segments(after));
                }
                i += tail.len() - after.len();
                continue;
            }
            _ => {}
        }
        i += tail.chars().next().map_or(1, char::len_utf8);
    }
    names
}

/// The first segment of a path after `crate::`: one name, or each name of a `{...}`
/// group.
fn first_segments(path: &str) -> Vec<String> {
    let path = path.trim_start();
    if let Some(group) = path.strip_prefix('{') {
        let mut depth = 1;
        let mut end = 0;
        for (i, c) in group.char_indices() {
            match c {
                '{' => depth += 1,
                '}' => depth -= 1,
                _ => {}
            }
            if depth == 0 {
                end = i;
                break;
            }
        }
        let mut names = Vec::new();
        let mut depth = 0;
        let mut start = 0;
        let inner = &group[..end];
        for (i, c) in inner.char_indices() {
            match c {
                '{' => depth += 1,
                '}' => depth -= 1,
                ',' if depth == 0 => {
                    names.extend(first_segments(&inner[start..i]));
                    start = i + 1;
                }
                _ => {}
            }
        }
        names.extend(first_segments(&inner[start..]));
        return names;
    }
    if path.starts_with('*') {
        return vec!["*".to_string()];
    }
    let name: String = path
        .chars()
        .take_while(|c| c.is_alphanumeric() || *c == '_')
        .collect();
    if name.is_empty() || name == "self" {
        Vec::new()
    } else {
        vec![name]
    }
}

fn source_files(src: &Path) -> Vec<PathBuf> {
    walkdir::WalkDir::new(src)
        .sort_by_file_name()
        .into_iter()
        .flatten()
        .filter(|entry| entry.path().extension().is_some_and(|e| e == "rs"))
        // Programs the sandbox's tests compile on their own: not modules of the crate.
        .filter(|entry| {
            !entry
                .path()
                .components()
                .any(|c| c.as_os_str() == "programs")
        })
        .map(|entry| entry.into_path())
        .collect()
}

/// Every arrow that points up or sideways, as "file: module -> name".
fn wrong_arrows(src: &Path) -> Vec<String> {
    let mut wrong = Vec::new();
    for file in source_files(src) {
        let relative = file.strip_prefix(src).unwrap().to_path_buf();
        let module = module_path(&relative);
        let Some(top) = module.first() else { continue };
        let Some(level) = layer_of(top) else {
            wrong.push(format!(
                "{}: the module `{top}` is in no layer of tests/layers.rs",
                relative.display()
            ));
            continue;
        };
        let code = code_only(&std::fs::read_to_string(&file).unwrap());
        let mut named: BTreeMap<String, ()> = BTreeMap::new();
        for name in top_level_names(&code, &module) {
            named.insert(name, ());
        }
        for name in named.keys() {
            if name == top || ROOT_ITEMS.contains(&name.as_str()) {
                continue;
            }
            let ok = layer_of(name).is_some_and(|other| other < level);
            if !ok {
                wrong.push(format!("{}: {top} -> {name}", relative.display()));
            }
        }
    }
    wrong
}

#[test]
fn no_module_imports_from_its_own_layer_or_above() {
    let src = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let wrong = wrong_arrows(&src);
    assert!(
        wrong.is_empty(),
        "imports against the layers (lowest first: {:?}):\n{}",
        layers(),
        wrong.join("\n")
    );
}

#[test]
fn every_top_level_module_has_a_layer() {
    let lib =
        std::fs::read_to_string(Path::new(env!("CARGO_MANIFEST_DIR")).join("src/lib.rs")).unwrap();
    let modules: Vec<&str> = lib
        .lines()
        .filter_map(|line| line.strip_prefix("mod ")?.strip_suffix(';'))
        .collect();
    assert!(modules.len() > 10, "{modules:?}");
    for module in &modules {
        assert!(layer_of(module).is_some(), "`{module}` is in no layer");
    }
    for module in layers().iter().flatten() {
        assert!(
            modules.contains(&module.as_str()),
            "`{module}` is no module of lib.rs"
        );
    }
}

/// An arrow up, one sideways and a glob of the root are caught; one down is not.
#[test]
fn an_arrow_up_or_sideways_is_caught() {
    let src = tempfile::tempdir().unwrap();
    std::fs::create_dir_all(src.path().join("lesson")).unwrap();
    std::fs::write(
        src.path().join("lesson/render.rs"),
        "use crate::text::visible;\nuse crate::judge::Grade;\nfn f() { crate::lesson::show(); }\n",
    )
    .unwrap();
    std::fs::write(src.path().join("text.rs"), "use crate::parallel::cores;\n").unwrap();
    std::fs::write(
        src.path().join("judge.rs"),
        "mod tests { use super::super::*; }\n",
    )
    .unwrap();
    let wrong = wrong_arrows(src.path());
    assert_eq!(
        wrong,
        [
            "judge.rs: judge -> *",
            "lesson/render.rs: lesson -> judge",
            "text.rs: text -> parallel",
        ]
    );
}

/// The test itself reads paths as the compiler does.
#[test]
fn the_reader_finds_every_kind_of_path_and_nothing_in_text() {
    let code = code_only(
        "use crate::judge::{self, Grade};\nuse crate::{report, workbook::Exercise};\n\
         // crate::commands in a comment\nlet s = \"crate::watch\"; let r = r#\"crate::dev\"#;\n\
         let c = '\"'; fn f<'a>(x: &'a str) { super::super::grading::shown(x); }\n\
         /* crate::class */ use super::sibling;\n\
         mod tests { use super::*; use super::super::super::text; }",
    );
    let names = top_level_names(&code, &["hidden".to_string(), "xor_all".to_string()]);
    assert_eq!(names, ["judge", "report", "workbook", "grading", "text"]);
    let from_top = top_level_names("use super::*;", &["commands".to_string()]);
    assert_eq!(from_top, ["*"]);
}

/// The contributor's page names the grader's crates, and leaves the order of its modules
/// to `src/lib.rs`, the one place that states it.
#[test]
fn the_contributors_page_names_the_crates_and_points_to_the_layers() {
    let page = std::fs::read_to_string(
        Path::new(env!("CARGO_MANIFEST_DIR")).join("../docs/contributing.md"),
    )
    .unwrap();
    let crates = page
        .split("## The crates")
        .nth(1)
        .and_then(|rest| rest.split("\n## ").next())
        .expect("docs/contributing.md has a section `## The crates`");
    for crate_name in [
        "xorlings-core",
        "xorlings-derive",
        "xorlings-bulk",
        "xorlings-sandbox",
        "xorlings-course",
    ] {
        assert!(
            crates.contains(crate_name),
            "the crates' section names {crate_name}"
        );
    }
    assert!(
        crates.contains("grader/src/lib.rs"),
        "the crates' section points to the layers"
    );
    for layer in layers() {
        assert!(
            !page.contains(&format!("| `{}`", layer[0])),
            "the contributor's page lists the layer of `{}` again",
            layer[0]
        );
    }
}
