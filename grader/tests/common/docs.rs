//! The workbook's Markdown as the tests read it: the README and the pages under
//! `docs/`, their links, their headings' anchors (as GitHub makes them) and the
//! commands of their `sh` blocks.

use std::path::{Path, PathBuf};

use pulldown_cmark::{CodeBlockKind, Event, Parser, Tag, TagEnd};
use walkdir::WalkDir;

/// The README and every page under `docs/` below `root`, as paths relative to it.
pub(crate) fn pages(root: &Path) -> Vec<PathBuf> {
    let mut pages = vec![PathBuf::from("README.md")];
    for entry in WalkDir::new(root.join("docs")).sort_by_file_name() {
        let entry = entry.unwrap();
        if entry.path().extension().is_some_and(|ext| ext == "md") {
            pages.push(entry.path().strip_prefix(root).unwrap().to_path_buf());
        }
    }
    pages
}

/// The anchors GitHub gives a page's headings: lower case, spaces as hyphens, and
/// nothing but letters, digits, hyphens and underscores.
pub(crate) fn anchors(markdown: &str) -> Vec<String> {
    let mut anchors = Vec::new();
    let mut heading: Option<String> = None;
    for event in Parser::new(markdown) {
        match event {
            Event::Start(Tag::Heading { .. }) => heading = Some(String::new()),
            Event::Text(text) | Event::Code(text) => {
                if let Some(heading) = &mut heading {
                    heading.push_str(&text);
                }
            }
            Event::End(TagEnd::Heading(_)) => {
                let text = heading.take().unwrap_or_default();
                anchors.push(
                    text.to_lowercase()
                        .chars()
                        .filter(|c| c.is_alphanumeric() || matches!(c, '-' | '_' | ' '))
                        .map(|c| if c == ' ' { '-' } else { c })
                        .collect(),
                );
            }
            _ => {}
        }
    }
    anchors
}

/// Every link and image of a page that points inside the repository.
pub(crate) fn local_links(markdown: &str) -> Vec<String> {
    Parser::new(markdown)
        .filter_map(|event| match event {
            Event::Start(Tag::Link { dest_url, .. } | Tag::Image { dest_url, .. }) => {
                Some(dest_url.to_string())
            }
            _ => None,
        })
        .filter(|url| !url.contains("://") && !url.starts_with("mailto:"))
        .collect()
}

/// The links of `root`'s pages that lead nowhere: to no file, or to no heading of it.
pub(crate) fn broken_links(root: &Path) -> Vec<String> {
    let mut broken = Vec::new();
    for page in pages(root) {
        let text = std::fs::read_to_string(root.join(&page)).unwrap();
        for link in local_links(&text) {
            let (path, anchor) = link.split_once('#').unwrap_or((&link, ""));
            let target = if path.is_empty() {
                page.clone()
            } else {
                page.parent().unwrap().join(path)
            };
            let full = root.join(&target);
            if !full.exists() {
                broken.push(format!(
                    "{}: {link} (no {})",
                    page.display(),
                    target.display()
                ));
            } else if !anchor.is_empty() {
                let text = std::fs::read_to_string(&full).unwrap_or_default();
                if !anchors(&text).iter().any(|known| known == anchor) {
                    broken.push(format!("{}: {link} (no such heading)", page.display()));
                }
            }
        }
    }
    broken
}

/// The commands of a page's `sh` blocks, a line ending in `\` joined to the next.
pub(crate) fn shell_commands(markdown: &str) -> Vec<String> {
    let mut commands = Vec::new();
    let mut in_shell = false;
    let mut block = String::new();
    for event in Parser::new(markdown) {
        match event {
            Event::Start(Tag::CodeBlock(CodeBlockKind::Fenced(lang))) => {
                in_shell = lang.as_ref() == "sh";
                block.clear();
            }
            Event::Text(text) if in_shell => block.push_str(&text),
            Event::End(TagEnd::CodeBlock) if in_shell => {
                in_shell = false;
                let joined = block.replace("\\\n", " ");
                commands.extend(
                    joined
                        .lines()
                        .map(|line| line.split_whitespace().collect::<Vec<_>>().join(" "))
                        .filter(|line| !line.is_empty()),
                );
            }
            _ => {}
        }
    }
    commands
}

/// A command line's words, as a shell splits them (quotes removed; nothing expanded).
pub(crate) fn words(command: &str) -> Vec<String> {
    let mut words = Vec::new();
    let mut word: Option<String> = None;
    let mut quote: Option<char> = None;
    for c in command.chars() {
        match (quote, c) {
            (Some(q), c) if c == q => quote = None,
            (Some(_), c) => word.get_or_insert_with(String::new).push(c),
            (None, '"' | '\'') => {
                quote = Some(c);
                word.get_or_insert_with(String::new);
            }
            (None, c) if c.is_whitespace() => words.extend(word.take()),
            (None, c) => word.get_or_insert_with(String::new).push(c),
        }
    }
    words.extend(word);
    words
}
