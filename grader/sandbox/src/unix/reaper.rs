//! Nothing survives a run: where the platform allows (Linux), the grader is a child
//! subreaper, so a process a run leaves behind is re-parented to the grader, which
//! kills and reaps it.
//!
//! An orphan is a child of the grader that is neither a run's leader nor in the process
//! group of a run still going on (that run's end kills its group). A sweep waits for
//! the children being started to be registered as runs, so a child another thread is
//! starting is never taken for an orphan; runs start side by side.

use std::io;
use std::process::{Child, Command, Output};
use std::sync::{Mutex, MutexGuard, RwLock, RwLockReadGuard, RwLockWriteGuard};
use std::time::Duration;

use rustix::process::{Pid, Signal, WaitOptions, kill_process, waitpid};

use super::platform;

/// The runs going on, by their leader's pid, which is also their process group.
static SPAWNED: Mutex<Vec<Pid>> = Mutex::new(Vec::new());
/// Read while a child is started and registered (or a trusted command runs), written
/// by a sweep.
static STARTING: RwLock<()> = RwLock::new(());

fn spawned() -> MutexGuard<'static, Vec<Pid>> {
    // The list stays right even if a thread panicked while holding the lock.
    SPAWNED
        .lock()
        .unwrap_or_else(|poisoned| poisoned.into_inner())
}

fn starting() -> RwLockReadGuard<'static, ()> {
    STARTING
        .read()
        .unwrap_or_else(|poisoned| poisoned.into_inner())
}

fn sweeping() -> RwLockWriteGuard<'static, ()> {
    STARTING
        .write()
        .unwrap_or_else(|poisoned| poisoned.into_inner())
}

/// Runs `f` while no child can be started: a file it writes and closes is open in no
/// child (which could keep it from being executed: ETXTBSY).
pub(crate) fn without_spawns<T>(f: impl FnOnce() -> T) -> T {
    let _no_start = sweeping();
    f()
}

/// Spawns `command`, registering its process before any sweep can look.
/// The machine may refuse a process for a moment (too many at once, or too little
/// memory): the spawn is tried again after a pause, doubling up to this one.
pub(crate) fn spawn(command: &mut Command) -> io::Result<(Child, Pid)> {
    let mut pause = FIRST_RETRY;
    loop {
        let spawned_child = {
            let _starting = starting();
            command.spawn().map(|child| {
                let pid = Pid::from_child(&child);
                spawned().push(pid);
                (child, pid)
            })
        };
        match spawned_child {
            Err(error) if refused(&error) && pause <= LAST_RETRY => {
                std::thread::sleep(pause);
                pause *= 2;
            }
            result => return result,
        }
    }
}

/// The first and the last pause before a spawn is tried again (about 2.5 s in all).
const FIRST_RETRY: Duration = Duration::from_millis(10);
const LAST_RETRY: Duration = Duration::from_millis(1280);

/// Whether the machine refused a process: too many processes, or too little memory.
fn refused(error: &io::Error) -> bool {
    matches!(error.raw_os_error(), Some(libc::EAGAIN | libc::ENOMEM))
}

/// Runs `command` to its end while no sweep can look.
pub(crate) fn output_of_trusted(command: &mut Command) -> io::Result<Output> {
    let _starting = starting();
    command.output()
}

/// Forgets a run once its group is gone.
pub(crate) fn forget(leader: Pid) {
    spawned().retain(|&pid| pid != leader);
}

/// Kills and reaps every orphan, until none is left (killing one re-parents its own
/// children to the grader): the children of the grader that no run claims.
pub(crate) fn kill_orphans() {
    let _sweeping = sweeping();
    let runs = spawned();
    loop {
        let orphans: Vec<Pid> = platform::children()
            .into_iter()
            .filter(|child| !runs.contains(&child.pid) && !runs.contains(&child.group))
            .map(|child| child.pid)
            .collect();
        if orphans.is_empty() {
            return;
        }
        for &orphan in &orphans {
            let _ = kill_process(orphan, Signal::KILL);
        }
        for &orphan in &orphans {
            // It may be a zombie already, or another run's wait may reap it first.
            let _ = waitpid(Some(orphan), WaitOptions::empty());
        }
    }
}

/// A child of the grader, as the platform lists them.
pub(crate) struct Process {
    pub pid: Pid,
    pub group: Pid,
}
