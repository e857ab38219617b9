//! Starting a confined run on Windows. A run is created suspended, assigned to its job,
//! then its thread is resumed (as `process-wrap` does): nothing of it runs outside the
//! job. A learner's program is created by `process.rs` under the runs' restricted token
//! (`restricted.rs`), with the list of the only handles it inherits; anything else
//! (rustc, git) by std's `Command`, with the grader's token. Either way the handles a
//! run inherits are made inheritable only while it is created, under a lock that every
//! spawn of the grader's takes, so that no other child inherits them.

use std::ffi::OsStr;
use std::os::windows::io::{AsRawHandle, FromRawHandle, OwnedHandle, RawHandle};
use std::os::windows::process::CommandExt;
use std::path::Path;
use std::process::{ChildStderr, ChildStdout, Command, Output};
use std::sync::{Mutex, MutexGuard};
use std::time::Instant;
use std::{fs::File, io};

use anyhow::{Context, Result, ensure};
use windows_sys::Win32::Foundation::{
    HANDLE_FLAG_INHERIT, INVALID_HANDLE_VALUE, SetHandleInformation,
};
use windows_sys::Win32::System::Diagnostics::ToolHelp::{
    CreateToolhelp32Snapshot, TH32CS_SNAPTHREAD, THREADENTRY32, Thread32First, Thread32Next,
};
use windows_sys::Win32::System::Threading::{
    CREATE_NO_WINDOW, CREATE_SUSPENDED, GetCurrentProcess, GetProcessAffinityMask, OpenThread,
    ResumeThread, THREAD_SUSPEND_RESUME,
};
use xorlings_core::runner::channels::{ANSWERS_VARIABLE, CASES_VARIABLE};

use super::confined::Confined;
use super::job::Job;
use super::launch::handle_list;
use super::process;
use super::restricted::{Layers, layers};
use super::settings::{job_settings, nth_core};
use crate::{Channels, Policy, Streams};

/// Held while a child is created: while a run's channels are inheritable.
static SPAWNING: Mutex<()> = Mutex::new(());

fn spawning() -> MutexGuard<'static, ()> {
    SPAWNING
        .lock()
        .unwrap_or_else(|poisoned| poisoned.into_inner())
}

/// Starts `command` in a job of its own, with `policy`'s limits and environment, its
/// streams, and its channels as inherited handles named in its environment: a
/// learner's program (a policy with a private view) under the runs' restricted token
/// where this Windows has one, anything else with the grader's own.
pub(crate) fn spawn(
    mut command: Command,
    policy: &Policy,
    streams: Option<Streams>,
    channels: Option<Channels>,
) -> Result<Confined> {
    let program = Path::new(command.get_program()).to_path_buf();
    ensure!(
        !policy.awaits_program,
        "only Linux starts a run before its program exists"
    );
    ensure!(
        program.is_absolute(),
        "the confined program must be a full path, not a name to look up: {}",
        program.display()
    );
    // The program is one its policy names (its token reads no other, where it has one).
    ensure!(
        policy
            .execute
            .iter()
            .any(|allowed| program.starts_with(allowed)),
        "{} is not among the programs its policy may execute",
        program.display()
    );
    if let Some(channels) = &channels {
        // A run here answers at once: the runner waits for its turn on Unix only.
        ensure!(
            channels.start.is_none(),
            "a start signal is for the runner on Unix"
        );
    }
    let settings = job_settings(
        &policy.limits,
        policy.processes,
        policy.core.and_then(core_mask),
    );
    let job = Job::new(&settings)
        .with_context(|| format!("cannot make the Job Object of {}", program.display()))?;
    let restricted = match (policy.private_view, layers()) {
        (true, Ok(layers)) => Some(layers),
        _ => None,
    };
    let started = Instant::now();
    let (process, stdout, stderr) = match restricted {
        Some(layers) => {
            let streams = streams.context(NO_STREAMS)?;
            let run = start_restricted(&command, policy, layers, streams, channels)?;
            let assigned = job.assign(run.process.as_raw_handle());
            // SAFETY: the new process's one thread, suspended since its creation.
            let resumed =
                assigned.and_then(
                    |()| match unsafe { ResumeThread(run.thread.as_raw_handle()) } {
                        u32::MAX => Err(io::Error::last_os_error()),
                        _ => Ok(()),
                    },
                );
            if let Err(error) = resumed {
                job.terminate();
                return Err(error).with_context(|| {
                    format!("cannot start {} in its Job Object", program.display())
                });
            }
            (run.process, None, None)
        }
        None => {
            if let Some(streams) = streams {
                streams.set_on(&mut command);
            }
            start_with_std(command, policy, channels, &job)?
        }
    };
    Ok(Confined::new(process, (stdout, stderr), job, started))
}

/// A learner's program that cannot be given its standard streams as handles.
const NO_STREAMS: &str = "a learner's program on Windows is given its standard streams as \
files (sandbox::Streams), the only handles it inherits besides its channels";

/// Starts a learner's program under the runs' restricted token, suspended: its program
/// and the standard library readied for the token, its streams and channels the only
/// handles it inherits.
fn start_restricted(
    command: &Command,
    policy: &Policy,
    layers: &Layers,
    streams: Streams,
    channels: Option<Channels>,
) -> Result<process::Started> {
    let program = Path::new(command.get_program());
    layers.stage(program, &policy.read).with_context(|| {
        format!(
            "cannot ready {} for its restricted token",
            program.display()
        )
    })?;
    let folder = program.parent().unwrap_or(program);
    let current_dir = command.get_current_dir().unwrap_or(folder);
    let handle = |file: &File| file.as_raw_handle();
    let stdio = [
        streams.stdin.as_ref().map_or(std::ptr::null_mut(), handle),
        handle(&streams.stdout),
        handle(&streams.stderr),
    ];
    let files: Vec<&File> = streams
        .stdin
        .iter()
        .chain([&streams.stdout, &streams.stderr])
        .chain(channels.iter().flat_map(|c| [&c.cases, &c.answers]))
        .collect();
    let handed: Vec<String> = channels
        .iter()
        .flat_map(|c| [handle(&c.cases), handle(&c.answers)])
        .map(|raw| (raw as usize).to_string())
        .collect();
    let mut env: Vec<(&OsStr, &OsStr)> = policy
        .env
        .iter()
        .map(|(name, value)| (name.as_os_str(), value.as_os_str()))
        .collect();
    for (variable, value) in [CASES_VARIABLE, ANSWERS_VARIABLE].iter().zip(&handed) {
        env.push((OsStr::new(variable), OsStr::new(value)));
    }
    let inherited = handle_list(files.iter().map(|file| handle(file) as usize))
        .into_iter()
        .map(|raw| raw as RawHandle)
        .collect();
    let launch = process::Launch {
        program,
        args: command.get_args().collect(),
        current_dir,
        env,
        stdio,
        inherited,
    };
    let spawning = spawning();
    let started = files
        .iter()
        .try_for_each(|file| inheritable(file))
        .context("cannot hand the run its files")
        .and_then(|()| {
            process::start(layers, &launch)
                .with_context(|| format!("cannot start {}", program.display()))
        });
    // The child has its own copies now: the grader's close before another child can be
    // created.
    drop((launch, files));
    drop((streams, channels));
    drop(spawning);
    started
}

/// Starts `command` with std's spawn, suspended, with the grader's own token, and puts
/// it in `job`: its process, and its piped output streams.
fn start_with_std(
    mut command: Command,
    policy: &Policy,
    channels: Option<Channels>,
    job: &Job,
) -> Result<(OwnedHandle, Option<ChildStdout>, Option<ChildStderr>)> {
    let program = Path::new(command.get_program()).to_path_buf();
    command.env_clear();
    command.envs(policy.env.iter().map(|(name, value)| (name, value)));
    // No console of its own (and none of the user's: Ctrl-C reaches the grader alone).
    command.creation_flags(CREATE_SUSPENDED | CREATE_NO_WINDOW);
    let spawning = spawning();
    if let Some(channels) = &channels {
        for (variable, file) in [
            (CASES_VARIABLE, &channels.cases),
            (ANSWERS_VARIABLE, &channels.answers),
        ] {
            inheritable(file).context("cannot hand the run its files")?;
            command.env(variable, (file.as_raw_handle() as usize).to_string());
        }
    }
    let child = command.spawn();
    // The child has its own copies now: the grader's close before another child can be
    // created.
    drop(channels);
    drop(spawning);
    let mut child = child.with_context(|| format!("cannot start {}", program.display()))?;
    let confined = job
        .assign(child.as_raw_handle())
        .and_then(|()| resume(child.id()));
    if let Err(error) = confined {
        let _ = child.kill();
        let _ = child.wait();
        return Err(error)
            .with_context(|| format!("cannot start {} in its Job Object", program.display()));
    }
    let (stdout, stderr) = (child.stdout.take(), child.stderr.take());
    Ok((OwnedHandle::from(child), stdout, stderr))
}

/// Runs a trusted command to its end, unconfined; no run's channels can reach it.
pub(crate) fn output_of_trusted(command: &mut Command) -> io::Result<Output> {
    let _spawning = spawning();
    command.output()
}

fn inheritable(file: &File) -> io::Result<()> {
    // SAFETY: sets one flag of a handle the grader owns.
    let set = unsafe {
        SetHandleInformation(
            file.as_raw_handle(),
            HANDLE_FLAG_INHERIT,
            HANDLE_FLAG_INHERIT,
        )
    };
    if set == 0 {
        return Err(io::Error::last_os_error());
    }
    Ok(())
}

/// Resumes the threads of the suspended process `pid`: its main thread, the only one
/// a suspended new process has.
fn resume(pid: u32) -> io::Result<()> {
    // SAFETY: a snapshot of every thread of the system; no pointer is passed.
    let snapshot = unsafe { CreateToolhelp32Snapshot(TH32CS_SNAPTHREAD, 0) };
    if snapshot == INVALID_HANDLE_VALUE {
        return Err(io::Error::last_os_error());
    }
    // SAFETY: a handle just made, owned by nothing else.
    let snapshot = unsafe { OwnedHandle::from_raw_handle(snapshot) };
    let mut entry = THREADENTRY32 {
        dwSize: std::mem::size_of::<THREADENTRY32>() as u32,
        ..THREADENTRY32::default()
    };
    let mut resumed = 0;
    // SAFETY: the snapshot's handle, and an entry whose size field is set.
    let mut more = unsafe { Thread32First(snapshot.as_raw_handle(), &mut entry) } != 0;
    while more {
        if entry.th32OwnerProcessID == pid {
            // SAFETY: opens a thread by id, for suspending and resuming only.
            let thread = unsafe { OpenThread(THREAD_SUSPEND_RESUME, 0, entry.th32ThreadID) };
            if !thread.is_null() {
                // SAFETY: a handle just opened, owned by nothing else.
                let thread = unsafe { OwnedHandle::from_raw_handle(thread) };
                // SAFETY: the thread's handle, opened with the right to resume it.
                if unsafe { ResumeThread(thread.as_raw_handle()) } != u32::MAX {
                    resumed += 1;
                }
            }
        }
        // SAFETY: as for Thread32First.
        more = unsafe { Thread32Next(snapshot.as_raw_handle(), &mut entry) } != 0;
    }
    if resumed == 0 {
        return Err(io::Error::other(
            "found no thread of the new process to resume",
        ));
    }
    Ok(())
}

/// The mask of the `n`-th processor the grader may run on.
fn core_mask(n: usize) -> Option<usize> {
    let (mut process, mut system) = (0usize, 0usize);
    // SAFETY: the grader's own pseudo-handle, and two masks to fill.
    let read = unsafe { GetProcessAffinityMask(GetCurrentProcess(), &mut process, &mut system) };
    if read == 0 {
        return None;
    }
    nth_core(process, n)
}
