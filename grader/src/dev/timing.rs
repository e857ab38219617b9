//! Time limits with margins, as a programming-contest judge sets them: the slowest
//! accepted solution runs in at most half the limit (each group has its own process and
//! limit, so the slowest group counts), and solutions recorded as too slow still fail
//! with 1.5 times the limit.

use std::collections::BTreeMap;
use std::path::PathBuf;
use std::time::Duration;

use crate::judge::Grade;
use crate::report::seconds;
use crate::text::hanging;
use crate::workbook::Workbook;
use xorlings_core::verdict::Kind;

/// The slowest accepted solution must run in at most the limit divided by this.
pub(crate) const MIN_MARGIN: f64 = 2.0;
/// Solutions recorded as too slow must still time out with the limit times this.
pub(crate) const SLOW_SCALE: f64 = 1.5;

/// Times and verdict counts of one exercise's solutions.
#[derive(Default)]
pub(crate) struct Timing {
    reference: Option<Duration>,
    slowest_accepted: Option<(Duration, PathBuf)>,
    by_verdict: BTreeMap<Kind, usize>,
}

impl Timing {
    /// Counts a graded solution recorded (or written as the reference) with `verdict`.
    pub(crate) fn add(
        &mut self,
        file: &std::path::Path,
        verdict: Kind,
        reference: bool,
        grade: &Grade,
    ) {
        *self.by_verdict.entry(verdict).or_default() += 1;
        if !grade.passed() {
            return;
        }
        if reference {
            self.reference = Some(grade.run_time);
        }
        if self
            .slowest_accepted
            .as_ref()
            .is_none_or(|(t, _)| grade.run_time > *t)
        {
            self.slowest_accepted = Some((grade.run_time, file.to_path_buf()));
        }
    }
}

/// One exercise's line in the table.
pub(crate) struct Row {
    pub name: String,
    pub reference: Option<Duration>,
    pub slowest: Option<Duration>,
    pub limit: Duration,
    pub recorded: String,
}

/// The table's rows; a margin under [`MIN_MARGIN`] is a problem.
pub(crate) fn rows(
    workbook: &Workbook,
    timing: &BTreeMap<String, Timing>,
    problems: &mut Vec<String>,
) -> Vec<Row> {
    let mut rows = Vec::new();
    for exercise in &workbook.exercises {
        let Some(t) = timing.get(&exercise.name) else {
            continue;
        };
        let limit = exercise.tests.time_limit();
        if let Some((time, file)) = &t.slowest_accepted
            && limit.as_secs_f64() < MIN_MARGIN * time.as_secs_f64()
        {
            problems.push(format!(
                "{}: the accepted solution {} took {} of the {} limit: the margin is under {MIN_MARGIN}x",
                exercise.name,
                file.display(),
                seconds(*time),
                seconds(limit)
            ));
        }
        let counts: Vec<String> = t
            .by_verdict
            .iter()
            .map(|(kind, n)| format!("{n} {}", kind.label()))
            .collect();
        rows.push(Row {
            name: exercise.name.clone(),
            reference: t.reference,
            slowest: t.slowest_accepted.as_ref().map(|(time, _)| *time),
            limit,
            recorded: counts.join(", "),
        });
    }
    rows
}

/// The table, each exercise's solutions by verdict on lines of their own under its row:
/// every line fits the width.
pub(crate) fn print_table(rows: &[Row]) {
    println!(
        "\n  {:<22} {:>9} {:>9} {:>7} {:>7}",
        "exercise", "reference", "slowest", "limit", "margin"
    );
    let shown = |time: Option<Duration>| time.map_or_else(|| "-".to_string(), seconds);
    for row in rows {
        let margin = row.slowest.map_or_else(
            || "-".to_string(),
            |time| {
                format!(
                    "{:.1}x",
                    row.limit.as_secs_f64() / time.as_secs_f64().max(1e-3)
                )
            },
        );
        println!(
            "  {:<22} {:>9} {:>9} {:>7} {margin:>7}",
            row.name,
            shown(row.reference),
            shown(row.slowest),
            seconds(row.limit),
        );
        println!("{}", hanging("      solutions: ", &row.recorded));
    }
}
