//! The backend of Unix systems (Linux and macOS): a confined child is forked, applies its
//! platform's layers (`super::platform`) and its descriptors and limits, then execs; the
//! grader waits for its whole process group with a time limit and kills all of it.

pub mod child;
pub mod confined;
mod descriptors;
mod exec;
mod limits;
pub mod reaper;
mod shared_page;
mod spawn;

use std::os::fd::OwnedFd;
use std::process::Command;

use anyhow::Result;
use xorlings_core::run::SignalKind;
use xorlings_core::runner::channels::{ANSWERS_FD, CASES_FD, START_FD};

use super::{Channels, Policy, platform};
pub use confined::Confined;
pub use reaper::output_of_trusted;

/// Starts `command` confined, with its channels at the runner's descriptor numbers.
pub fn spawn(command: Command, policy: &Policy, channels: Option<Channels>) -> Result<Confined> {
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

/// What a Unix signal's number means.
pub fn signal_kind(number: i32) -> SignalKind {
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
