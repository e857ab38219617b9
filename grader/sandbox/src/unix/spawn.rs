//! Spawning a confined run: the confinement is prepared, then the child applies it.

use std::os::fd::{OwnedFd, RawFd};
use std::os::unix::process::CommandExt;
use std::path::Path;
use std::process::Command;
use std::time::Instant;

use anyhow::{Context, Result};

use super::child::{Confinement, reported_failure};
use super::platform::Isolation;
use super::{Confined, reaper};
use crate::Policy;

pub(super) fn spawn(
    mut command: Command,
    policy: &Policy,
    fds: Vec<(OwnedFd, RawFd)>,
) -> Result<Confined> {
    let program = command.get_program().to_owned();
    let mut isolation = Isolation::new(policy, Path::new(&program))
        .with_context(|| format!("cannot isolate {}", program.display()))?;
    let mut confinement = Confinement::new(&command, policy, &isolation, fds)
        .with_context(|| format!("cannot prepare the sandbox for {}", program.display()))?;
    let page = confinement.page();
    command.process_group(0);
    // SAFETY: the closure runs in the child between fork and exec, and only makes
    // async-signal-safe system calls on data prepared above (see child.rs).
    unsafe { command.pre_exec(move || confinement.confine_and_exec()) };
    let started = Instant::now();
    let (mut child, leader) = reaper::spawn(&mut command)
        .with_context(|| format!("cannot start {}", program.display()))?;
    let isolated = isolation.started(leader);
    let memory = policy.limits.memory;
    let confined = Confined::new(leader, started, &mut child, page, isolation, memory);
    // std's spawn returns once the child has executed the program or exited (a run
    // that waits for its turn lets it go sooner: see `Confinement::release_parent`): a
    // report is in the page by now, if there is one; a later one is read when the run
    // ends. (Dropping the run reaps the child.)
    if let Some(failure) = reported_failure(confined.page()) {
        return Err(failure.context(format!("cannot start {} confined", program.display())));
    }
    // Dropping the run kills it.
    isolated.with_context(|| format!("cannot isolate {}", program.display()))?;
    Ok(confined)
}
