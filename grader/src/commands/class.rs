//! `cargo grader verify --class DIR --out OUT`: grade every learner's checkout in DIR,
//! several at once, and write OUT/<learner>.json, OUT/<learner>.txt and
//! OUT/summary.csv. A checkout that cannot be graded gets its row saying why; it never
//! stops the others. Nothing is written inside DIR.

use std::ffi::{OsStr, OsString};
use std::io::{IsTerminal, Write};
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicUsize, Ordering};

use anyhow::{Context, Result, bail};

use crate::Exit;
use crate::class::deadline::Deadline;
use crate::class::files::Files;
use crate::class::{csv, git};
use crate::grading::plans::Plans;
use crate::grading::{BatchItem, Budget, Grader, every_grade};
use crate::judge::{Grade, Verdict};
use crate::parallel;
use crate::report::score::score;
use crate::report::{self, Format, exercism, seed, summary};
use crate::text::DEFAULT_WIDTH;
use xorlings_course::model::show::count;

pub(super) const SUMMARY: &str = "summary.csv";
const NAME_WIDTH: usize = 24;
const STATUS_WIDTH: usize = 60;
const NOT_HUMAN: &str = "--class writes OUT/<learner>.json (Exercism's format) and \
OUT/<learner>.txt for every learner, and OUT/summary.csv: leave out --format";

/// How grading one learner went.
#[derive(Debug, Clone, PartialEq, Eq)]
enum Standing {
    /// Every exercise file was read and graded, whatever the scores.
    Graded,
    /// Graded, but some exercise files could not be read (they score 0): which, why.
    Incomplete(String),
    /// Not graded at all: why.
    NotGraded(String),
}

impl Standing {
    fn text(&self) -> String {
        match self {
            Standing::Graded => "graded".to_string(),
            Standing::Incomplete(why) => format!("incomplete: not read: {why}"),
            Standing::NotGraded(why) => format!("not graded: {why}"),
        }
    }
}

/// One learner's line of the summary.
struct Row {
    /// The folder's name, as text.
    name: String,
    /// Each exercise's score; empty when not graded.
    scores: Vec<u32>,
    status: Standing,
    /// The commit graded, with `--as-of`.
    commit: Option<String>,
}

pub(super) fn run(
    grader: &Grader,
    dir: &Path,
    out: &Path,
    deadline: Option<&Deadline>,
    budget: &Budget,
    format: Format,
) -> Result<Exit> {
    if format != Format::Human {
        bail!(NOT_HUMAN);
    }
    if deadline.is_some() {
        git::check_git()?;
    }
    let dir = dir
        .canonicalize()
        .with_context(|| format!("cannot find the class folder {}", dir.display()))?;
    let out = resolved(out)?;
    if out.starts_with(&dir) {
        bail!(
            "--out {} is inside the class folder {}: put the reports elsewhere (nothing is \
             written into the checkouts)",
            out.display(),
            dir.display()
        );
    }
    let (learners, skipped) = learners(&dir)?;
    if learners.is_empty() {
        bail!(
            "{} has no subfolder: put each learner's checkout in a folder of its own there",
            dir.display()
        );
    }
    std::fs::create_dir_all(&out).with_context(|| format!("cannot create {}", out.display()))?;
    let at = deadline
        .map(|d| format!(" {}", d.describe()))
        .unwrap_or_default();
    println!(
        "Grading {} checkouts in {}{at} ({})...",
        learners.len(),
        dir.display(),
        seed::for_instructor(grader.settings.seed)
    );
    if skipped > 0 {
        let files = count(skipped, "file", "files");
        println!("Left out {files} of the class folder that are not folders.");
    }
    let plans = Plans::new(grader);
    let progress = Progress::new(learners.len());
    let rows = parallel::map(&learners, |name| {
        let row = grade_learner(
            grader,
            &plans,
            &dir.join(name),
            name,
            &out,
            deadline,
            budget,
        );
        progress.one_more();
        row
    });
    progress.finish();
    let summary = out.join(SUMMARY);
    std::fs::write(&summary, summary_csv(grader, &rows, deadline.is_some()))
        .with_context(|| format!("cannot write {}", summary.display()))?;
    print_rows(grader, &rows);
    let not_graded = rows
        .iter()
        .filter(|row| matches!(row.status, Standing::NotGraded(_)))
        .count();
    println!(
        "\n{} of {} learners graded with {}; the summary is in {}",
        rows.len() - not_graded,
        rows.len(),
        seed::for_instructor(grader.settings.seed),
        summary.display()
    );
    match not_graded {
        0 => Ok(Exit::Passed),
        n if n == rows.len() => bail!(
            "no checkout in {} could be graded: see {}",
            dir.display(),
            summary.display()
        ),
        _ => Ok(Exit::NotPassed),
    }
}

/// `path` made absolute with its existing part's links resolved, so that it can be
/// compared with the class folder before it is created.
fn resolved(path: &Path) -> Result<PathBuf> {
    let absolute =
        std::path::absolute(path).with_context(|| format!("cannot find {}", path.display()))?;
    let mut existing = absolute.as_path();
    let mut rest = Vec::new();
    while !existing.exists() {
        let (Some(parent), Some(name)) = (existing.parent(), existing.file_name()) else {
            break;
        };
        rest.push(name);
        existing = parent;
    }
    let mut real = existing
        .canonicalize()
        .with_context(|| format!("cannot find {}", existing.display()))?;
    real.extend(rest.iter().rev());
    Ok(real)
}

/// The class folder's entries that are learners (folders, and links that get a row
/// saying so), sorted by name; and how many plain files were left out. Hidden entries
/// (`.git`, `.DS_Store`) are nobody's.
fn learners(dir: &Path) -> Result<(Vec<OsString>, usize)> {
    let entries =
        std::fs::read_dir(dir).with_context(|| format!("cannot list {}", dir.display()))?;
    let (mut learners, mut skipped) = (Vec::new(), 0);
    for entry in entries {
        let entry = entry.with_context(|| format!("cannot list {}", dir.display()))?;
        let name = entry.file_name();
        if name.as_encoded_bytes().starts_with(b".") {
            continue;
        }
        match entry.file_type() {
            Ok(kind) if kind.is_file() => skipped += 1,
            _ => learners.push(name),
        }
    }
    learners.sort();
    Ok((learners, skipped))
}

/// Grades one checkout and writes its reports; whatever goes wrong ends in its row.
fn grade_learner(
    grader: &Grader,
    plans: &Plans,
    checkout: &Path,
    name: &OsStr,
    out: &Path,
    deadline: Option<&Deadline>,
    budget: &Budget,
) -> Row {
    let not_graded = |why: String| Row {
        name: csv::name(name),
        scores: Vec::new(),
        status: Standing::NotGraded(why),
        commit: None,
    };
    let exercises = &grader.workbook.exercises;
    let files = match Files::open(checkout, deadline, exercises) {
        Ok(Ok(files)) => files,
        Ok(Err(why)) => {
            let text = format!(
                "{}: not graded: {}\n",
                one_line(&csv::name(name)),
                one_line(&why)
            );
            return match write_report(out, name, "txt", &text) {
                Ok(()) => not_graded(why),
                Err(error) => not_graded(format!("{why}; {error:#}")),
            };
        }
        Err(error) => return not_graded(format!("grader error: {error:#}")),
    };
    let grades = grader.grade_all(exercises, Some(plans), budget.cancel(), |exercise| {
        Ok(BatchItem::new(exercise, files.submission(exercise)?))
    });
    let grades = budget.marked(grades);
    let grades = match every_grade(grades) {
        Ok(grades) => grades,
        Err(error) => return not_graded(format!("grader error: {error:#}")),
    };
    let commit = files.commit().map(|commit| commit.id.clone());
    if let Err(error) = write_reports(grader, &grades, checkout, name, out, &files, deadline) {
        return not_graded(format!("{error:#}"));
    }
    let scores = exercises
        .iter()
        .zip(&grades)
        .map(|(exercise, grade)| score(grade, exercise.points).earned)
        .collect();
    Row {
        name: csv::name(name),
        scores,
        status: status_of(&grades, &files, grader),
        commit,
    }
}

/// Graded, or incomplete: which files could not be read, grouped by why.
fn status_of(grades: &[Grade], files: &Files, grader: &Grader) -> Standing {
    let mut reasons: Vec<(String, Vec<&str>)> = Vec::new();
    for (grade, exercise) in grades.iter().zip(&grader.workbook.exercises) {
        let Verdict::Unreadable(message) = &grade.verdict else {
            continue;
        };
        let shown = files.file(exercise).display().to_string();
        let reason = short_reason(message, &shown);
        match reasons.iter_mut().find(|(r, _)| *r == reason) {
            Some((_, names)) => names.push(&grade.exercise),
            None => reasons.push((reason, vec![&grade.exercise])),
        }
    }
    if reasons.is_empty() {
        return Standing::Graded;
    }
    let parts: Vec<String> = reasons
        .iter()
        .map(|(reason, names)| format!("{} ({reason})", names.join(", ")))
        .collect();
    Standing::Incomplete(parts.join("; "))
}

/// "exercises/x/src/lib.rs is a symbolic link, or sits ...: the grader ..." becomes
/// "a symbolic link, or sits ...".
fn short_reason(message: &str, shown: &str) -> String {
    let reason = message.strip_prefix(shown).unwrap_or(message).trim_start();
    let reason = reason.strip_prefix("is ").unwrap_or(reason);
    let end = reason
        .find(": ")
        .or_else(|| reason.find(". "))
        .unwrap_or(reason.len());
    reason[..end].trim_end_matches('.').to_string()
}

fn write_reports(
    grader: &Grader,
    grades: &[Grade],
    checkout: &Path,
    name: &OsStr,
    out: &Path,
    files: &Files,
    deadline: Option<&Deadline>,
) -> Result<()> {
    let graded = report::entries(&grader.workbook.exercises, grades);
    let json = serde_json::to_string_pretty(&exercism::report(&graded))?;
    write_report(out, name, "json", &(json + "\n"))?;
    let mut text = format!(
        "Learner: {}\nCheckout: {}\n",
        one_line(&csv::name(name)),
        one_line(&checkout.display().to_string())
    );
    if let (Some(commit), Some(deadline)) = (files.commit(), deadline) {
        text.push_str(&format!(
            "Commit: {} ({}), {}\n",
            commit.id,
            commit.date,
            deadline.describe()
        ));
    }
    text.push('\n');
    text.push_str(&summary::table(
        grader.settings.seed,
        &graded,
        false,
        DEFAULT_WIDTH,
        true,
    ));
    write_report(out, name, "txt", &text)
}

/// Writes OUT/<learner>.<extension>, the folder's name kept byte for byte.
fn write_report(out: &Path, name: &OsStr, extension: &str, text: &str) -> Result<()> {
    let mut file_name = name.to_os_string();
    file_name.push(format!(".{extension}"));
    let path = out.join(file_name);
    std::fs::write(&path, text).with_context(|| format!("cannot write {}", path.display()))
}

/// The summary: a header, then one record per learner.
fn summary_csv(grader: &Grader, rows: &[Row], with_commit: bool) -> String {
    let exercises = &grader.workbook.exercises;
    let max: u32 = exercises.iter().map(|e| e.points).sum();
    let mut header = vec!["learner".to_string()];
    header.extend(exercises.iter().map(|e| e.name.clone()));
    header.extend(["total", "max", "status"].map(String::from));
    if with_commit {
        header.push("commit".to_string());
    }
    let mut text = csv::record(&header);
    for row in rows {
        let mut fields = vec![row.name.clone()];
        match row.scores.is_empty() {
            true => fields.extend(exercises.iter().map(|_| String::new())),
            false => fields.extend(row.scores.iter().map(u32::to_string)),
        }
        fields.push(total(row).map(|t| t.to_string()).unwrap_or_default());
        fields.push(max.to_string());
        fields.push(row.status.text());
        if with_commit {
            fields.push(row.commit.clone().unwrap_or_default());
        }
        text.push_str(&csv::record(&fields));
    }
    text
}

fn total(row: &Row) -> Option<u32> {
    (!row.scores.is_empty()).then(|| row.scores.iter().sum())
}

/// The short table: learner, score, status.
fn print_rows(grader: &Grader, rows: &[Row]) {
    let max: u32 = grader.workbook.exercises.iter().map(|e| e.points).sum();
    println!("\n  {:<NAME_WIDTH$} {:>9}  status", "learner", "score");
    for row in rows {
        let score = total(row).map_or("-".to_string(), |t| format!("{t}/{max}"));
        println!(
            "  {:<NAME_WIDTH$} {score:>9}  {}",
            cut(&row.name, NAME_WIDTH),
            cut(&row.status.text(), STATUS_WIDTH)
        );
    }
}

/// Text of a learner's (a folder's name, git's words on it) on one line: control
/// characters made visible, line breaks too (`␊`), so that a name cannot add a line.
fn one_line(text: &str) -> String {
    crate::text::visible(text).replace('\n', "␊")
}

/// `text` on one line, in at most `width` characters, `…` marking a cut.
fn cut(text: &str, width: usize) -> String {
    let text = one_line(text);
    match text.chars().count() > width {
        true => text.chars().take(width - 1).chain(['…']).collect(),
        false => text,
    }
}

/// "graded 3 of 100" on stderr, when it is a terminal.
struct Progress {
    total: usize,
    done: AtomicUsize,
    shown: bool,
}

impl Progress {
    fn new(total: usize) -> Self {
        Progress {
            total,
            done: AtomicUsize::new(0),
            shown: std::io::stderr().is_terminal(),
        }
    }

    fn one_more(&self) {
        let done = self.done.fetch_add(1, Ordering::SeqCst) + 1;
        if self.shown {
            eprint!("\r  graded {done} of {}", self.total);
            let _ = std::io::stderr().flush();
        }
    }

    fn finish(&self) {
        if self.shown {
            eprint!("\r\x1b[2K");
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reasons_are_cut_to_their_gist() {
        let file = "exercises/x/src/lib.rs";
        let message = crate::judge::source::symlink(&file);
        assert_eq!(
            short_reason(&message, file),
            "a symbolic link, or sits in a folder that is one"
        );
        let message = crate::judge::source::missing(&file);
        assert_eq!(short_reason(&message, file), "missing");
        let message = crate::judge::source::too_large(&file);
        assert_eq!(short_reason(&message, file), "larger than 1024 KiB");
    }
}
