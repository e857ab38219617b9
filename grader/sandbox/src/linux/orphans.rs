//! The grader as a child subreaper: what a run leaves behind is re-parented to it, and
//! `unix::reaper` kills it.

use anyhow::{Context, Result};
use rustix::process::{Pid, child_subreaper, getpid, set_child_subreaper};

use crate::unix::reaper::Process;

pub(crate) fn become_subreaper() -> Result<()> {
    set_child_subreaper(Some(getpid())).context("cannot become a child subreaper")
}

pub(super) fn is_subreaper() -> bool {
    matches!(child_subreaper(), Ok(Some(_)))
}

/// The grader's children, live or zombie, from /proc.
pub(crate) fn children() -> Vec<Process> {
    let me = getpid();
    let Ok(entries) = std::fs::read_dir("/proc") else {
        return Vec::new();
    };
    entries
        .flatten()
        .filter_map(|entry| process(entry.file_name().to_str()?.parse().ok()?))
        .filter(|(_, parent)| *parent == me)
        .map(|(process, _)| process)
        .collect()
}

/// A process from /proc/PID/stat, and its parent: its parent and group are the second
/// and third fields after the command name, which ends at the last ')' (a name may hold
/// any character).
fn process(pid: i32) -> Option<(Process, Pid)> {
    let stat = std::fs::read_to_string(format!("/proc/{pid}/stat")).ok()?;
    let mut fields = stat[stat.rfind(')')? + 1..].split_whitespace().skip(1);
    let mut next = || Pid::from_raw(fields.next()?.parse().ok()?);
    let parent = next()?;
    let group = next()?;
    Some((
        Process {
            pid: Pid::from_raw(pid)?,
            group,
        },
        parent,
    ))
}
