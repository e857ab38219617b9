//! `--as-of`: a deadline date, or a git ref, told apart strictly. git reads almost any
//! text as a date ("garbage" means now), and a learner can name a branch or a tag after
//! a date: so only the forms below are dates, and anything else is a ref of the
//! learner's repository.

use anyhow::{Result, bail};

/// Where each checkout is graded.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) enum Deadline {
    /// The last commit at or before this date (committer date).
    Date(String),
    /// The commit this ref or commit id names in each learner's repository.
    Ref(String),
}

const FORMS: &str = "a date (2025-01-31, 2025-01-31 23:59, 2025-01-31T23:59:59+01:00, \
@1738367999) or a git ref (a tag, a branch or a commit id)";

impl Deadline {
    pub(crate) fn parse(text: &str) -> Result<Deadline> {
        let text = text.trim();
        if is_date(text) {
            return Ok(Deadline::Date(text.to_string()));
        }
        let plain = |c: char| !c.is_whitespace() && !c.is_control() && !"~^:?*[\\".contains(c);
        if text.is_empty() || text.starts_with('-') || !text.chars().all(plain) {
            bail!("--as-of takes {FORMS}, not `{text}`");
        }
        Ok(Deadline::Ref(text.to_string()))
    }

    /// Where git starts looking, and the date it stops at.
    pub(crate) fn git_arguments(&self) -> (&str, Option<&str>) {
        match self {
            Deadline::Date(date) => ("HEAD", Some(date)),
            Deadline::Ref(name) => (name, None),
        }
    }

    /// For reports: "as of 2025-01-31 23:59" or "at v1".
    pub(crate) fn describe(&self) -> String {
        match self {
            Deadline::Date(date) => format!("as of {date}"),
            Deadline::Ref(name) => format!("at {name}"),
        }
    }
}

/// `YYYY-MM-DD`, then optionally ` HH:MM[:SS]` (or `T`), then optionally a zone (`Z`,
/// `+HH:MM`, `+HHMM`, with or without a space); or `@` and Unix seconds.
fn is_date(text: &str) -> bool {
    if let Some(seconds) = text.strip_prefix('@') {
        return !seconds.is_empty() && seconds.chars().all(|c| c.is_ascii_digit());
    }
    let Some((day, rest)) = split_day(text) else {
        return false;
    };
    if !valid_day(day) {
        return false;
    }
    if rest.is_empty() {
        return true;
    }
    let Some(rest) = rest.strip_prefix([' ', 'T']) else {
        return false;
    };
    let time_end = rest.find(['Z', '+', '-', ' ']).unwrap_or(rest.len());
    let (time, zone) = rest.split_at(time_end);
    valid_time(time) && valid_zone(zone.trim_start())
}

fn split_day(text: &str) -> Option<(&str, &str)> {
    let day = text.get(..10)?;
    Some((day, &text[10..]))
}

fn numbers(text: &str, separator: char) -> Option<Vec<u32>> {
    text.split(separator)
        .map(|part| {
            (!part.is_empty() && part.len() <= 4 && part.chars().all(|c| c.is_ascii_digit()))
                .then(|| part.parse().ok())
                .flatten()
        })
        .collect()
}

fn valid_day(day: &str) -> bool {
    let bytes = day.as_bytes();
    if bytes.len() != 10 || bytes[4] != b'-' || bytes[7] != b'-' {
        return false;
    }
    matches!(numbers(day, '-').as_deref(), Some(&[_, month, date]) if (1..=12).contains(&month) && (1..=31).contains(&date))
}

fn valid_time(time: &str) -> bool {
    let two_digits = time.split(':').all(|part| part.len() == 2);
    two_digits
        && match numbers(time, ':').as_deref() {
            Some(&[hour, minute]) => hour < 24 && minute < 60,
            Some(&[hour, minute, second]) => hour < 24 && minute < 60 && second < 61,
            _ => false,
        }
}

fn valid_zone(zone: &str) -> bool {
    if zone.is_empty() || zone == "Z" {
        return true;
    }
    let Some(offset) = zone.strip_prefix(['+', '-']) else {
        return false;
    };
    let digits: String = offset.chars().filter(|&c| c != ':').collect();
    let colon_right = !offset.contains(':') || offset.find(':') == Some(2);
    colon_right && digits.len() == 4 && digits.chars().all(|c| c.is_ascii_digit())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn dates_are_told_from_refs_strictly() {
        let date = |text: &str| Deadline::Date(text.to_string());
        let reference = |text: &str| Deadline::Ref(text.to_string());
        let cases = [
            date("2025-01-31"),
            date("2025-01-31 23:59"),
            date("2025-01-31 23:59:59"),
            date("2025-01-31T23:59:59Z"),
            date("2025-01-31T23:59:59+01:00"),
            date("2025-01-31 23:59 -0500"),
            date("@1738367999"),
            reference("v1"),
            reference("deadline/week-2"),
            reference("2025-01-31-final"),
            reference("1a2b3c4d"),
            // Shaped like a date but not one: a ref git will not find (never "now").
            reference("2025-13-45"),
        ];
        for expected in cases {
            let (Deadline::Date(text) | Deadline::Ref(text)) = &expected;
            assert_eq!(Deadline::parse(text).unwrap(), expected);
        }
        for wrong in ["", "-v", "--exec=x", "a b", "HEAD~1", "2025-13-01 x"] {
            assert!(Deadline::parse(wrong).is_err(), "{wrong}");
        }
    }
}
