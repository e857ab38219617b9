//! The backend of Unix systems (Linux and macOS): a confined child is forked, applies its
//! platform's layers (`super::platform`) and its descriptors and limits, then execs; the
//! grader waits for its whole process group with a time limit and kills all of it.

pub(crate) mod child;
pub(crate) mod confined;
mod descriptors;
mod exec;
mod limits;
pub(crate) mod reaper;
mod shared_page;
mod spawn;

use std::os::fd::OwnedFd;
use std::process::Command;

use anyhow::Result;
use xorlings_core::run::SignalKind;
use xorlings_core::runner::channels::{ANSWERS_FD, CASES_FD, START_FD};

use super::{Channels, Policy, Streams, platform};
pub use confined::Confined;
pub(crate) use reaper::{output_of_trusted, without_spawns};

/// Starts `command` confined, with its streams, and its channels at the runner's
/// descriptor numbers.
pub(crate) fn spawn(
    mut command: Command,
    policy: &Policy,
    streams: Option<Streams>,
    channels: Option<Channels>,
) -> Result<Confined> {
    if let Some(streams) = streams {
        streams.set_on(&mut command);
    }
    let fds = match channels {
        Some(Channels {
            cases,
            answers,
            start,
        }) => [(cases, CASES_FD), (answers, ANSWERS_FD)]
            .into_iter()
            .chain(start.map(|start| (start, START_FD)))
            .map(|(file, fd)| (OwnedFd::from(file), fd))
            .collect(),
        None => Vec::new(),
    };
    spawn::spawn(command, policy, fds)
}

/// Restores the default action of SIGPIPE, which Rust's runtime ignores: a command-line
/// tool then stops quietly when the reader of its output goes away (`grader list |
/// head`) instead of panicking on a broken pipe. Call it before any other thread exists.
pub(crate) fn quit_on_broken_pipe() {
    // SAFETY: setting a signal's action to its default has no handler to be sound; the
    // caller runs it before any other thread exists.
    unsafe { libc::signal(libc::SIGPIPE, libc::SIG_DFL) };
}

/// What a Unix signal's number means.
pub(crate) fn signal_kind(number: i32) -> SignalKind {
    match number {
        libc::SIGABRT => SignalKind::Abort,
        libc::SIGXFSZ => SignalKind::FileTooLarge,
        libc::SIGXCPU => SignalKind::CpuTime,
        libc::SIGSEGV => SignalKind::Segfault,
        libc::SIGKILL => SignalKind::Killed,
        libc::SIGFPE => SignalKind::Arithmetic,
        libc::SIGILL => SignalKind::IllegalInstruction,
        libc::SIGBUS => SignalKind::Bus,
        libc::SIGSYS => SignalKind::ForbiddenCall,
        _ => SignalKind::Other,
    }
}
