//! The sandbox: every compile and every run of a learner's code is confined here.
//!
//! Learner code is hostile by default. [`spawn`] starts a program under a [`Policy`]
//! and returns a [`Confined`] run; a learner's program also gets its [`Channels`], the
//! cases to read and the file for its answers. The interface is the same on every
//! system; each has its backend, which enforces what that system offers, and
//! [`protection`] says what that is, layer by layer.
//!
//! On Linux (`unix`, with the layers of `linux`), everything is prepared before `fork`
//! and applied in the child before its `exec`, so code that runs before `main` (static
//! constructors) is confined too. In the child, in this order:
//!
//! | layer | what it enforces |
//! | --- | --- |
//! | process group | the run leads its own group; [`Confined`] kills the whole group |
//! | parent-death signal | the run is killed if the thread that spawned it dies |
//! | `no_new_privs` | no exec can gain privileges (set-user-ID, file capabilities) |
//! | capabilities | a root grader's child drops every capability, and the locked securebits keep an exec from regaining them |
//! | Landlock | files: read only `read`, execute only `execute`, write only under `write`; no TCP; no signal or abstract unix socket reaching out of the run (ABI 6) |
//! | descriptors | 0-2 as the command set them, and the channels at 3 (cases) and 4 (answers); every other one closes at the exec |
//! | rlimits | address space, file size, open files, CPU seconds; no core files; soft = hard, and no capability to raise them |
//! | seccomp | no socket, ptrace, io_uring, memfd, namespace, mount, keyring, bpf, perf, kernel log, SysV or POSIX IPC; no leaving the process group; limits, priorities and affinities only for itself; with [`Processes::Forbidden`] also no new process (threads only), no exec after the sandbox's own, and signals only to itself |
//!
//! After the run (on exit, time-out, cancel or drop) its process group and every orphan
//! re-parented to the grader are killed and reaped: nothing survives a run.
//!
//! On macOS (`unix`, with the layers of `macos`): the same fork, process group,
//! descriptors and rlimits (but the address space, which macOS does not bound: the wait
//! polls the run's physical footprint instead, and stops it over its memory), and the
//! program is started by `sandbox-exec` under a Seatbelt profile written from the
//! policy (`macos::profile`): deny by default, read and execute only what the policy
//! lists (and the metadata of the folders leading there), write only under `write`, no
//! network, no system service, no new process for a learner's program; rustc gets the
//! few system services, settings and preferences Apple's linker needs, by name.
//!
//! On Windows (`windows`): each compile and run is started suspended, put in a Job
//! Object of its own (killed when the job closes, a process limit, memory and CPU-time
//! limits, no crash dialog; for a learner's program, one process and no reach into
//! other windows or the clipboard), then resumed. A learner's program also runs under a
//! restricted token (deny-only user and groups, no privilege, low integrity) on a
//! desktop of its own, created with the only handles it inherits (its [`Streams`] and
//! channels, whose values the runner reads from its environment), Windows'
//! child-process policy and mitigations; the grader's process admits no run. The
//! network is not confined there: [`protection`] says so.
//!
//! The environment is [`Policy::env`] alone: nothing is inherited. Where the system
//! offers less (no Landlock, an older ABI, no seccomp, no Seatbelt), runs still work
//! with what there is; [`protection`] says what is missing. What the grader tells
//! people (`cargo grader doctor`, class grading's refusal) is [`reported_protection`]:
//! tests make it report layers missing with [`PRETEND_MISSING_VARIABLE`], which never
//! changes what is enforced.
//!
//! Usage:
//! 1. call [`init`] once at the start of `main` (on Linux it makes the grader a child
//!    subreaper);
//! 2. build a [`Policy`] (see `Policy::compiler` and `Policy::program`, each system's
//!    own);
//! 3. [`spawn`] a [`Command`] whose program is a path (no `PATH` look-up), with its
//!    standard streams set as usual, and the program's [`Channels`] if it has them;
//! 4. [`Confined::wait`] with a time limit and a [`Cancel`], or drop the run to stop it.
//!
//! Caveats:
//! - On Linux a run is tied to the thread that spawned it: the child dies with that
//!   thread (`PR_SET_PDEATHSIG` follows the thread, not the process), so spawn from a
//!   thread that outlives the run.
//! - After [`init`], a child the grader starts outside [`spawn`] is an orphan to the
//!   clean-up of every run (and, on Windows, could inherit a run's channels): start
//!   trusted helpers with [`output_of_trusted`].
//! - A learner's program cannot read `/proc/self/maps`, so std cannot find the *main*
//!   thread's guard page: an overflow of the main thread's stack ends in SIGSEGV
//!   instead of std's message. Other threads (the runner's worker) report overflows as
//!   usual.

#[cfg(test)]
mod attacks;
mod cancel;
mod deadline;
pub mod files;
mod protection;
#[cfg(test)]
mod test_programs;

// The backends: how a confined process is started, waited for and ended. They call the
// kernel directly between fork and exec: the only modules that may have unsafe code,
// each block with its `// SAFETY:` reason.
#[cfg(unix)]
#[allow(unsafe_code)]
mod unix;
#[cfg(unix)]
use unix as backend;
#[cfg(windows)]
use windows as backend;

// Each system's own layers (which the Unix backend applies on Linux and macOS), policies
// and detection. macOS's and Windows' are also compiled, for their tests, on every
// system: their platform-neutral parts (the Seatbelt profile, the Job Object's settings,
// the environments) are tested wherever the tests run.
#[cfg(target_os = "linux")]
#[allow(unsafe_code)]
mod linux;
#[cfg(target_os = "linux")]
use linux as platform;
#[cfg(any(target_os = "macos", test))]
#[allow(unsafe_code)]
mod macos;
#[cfg(target_os = "macos")]
use macos as platform;
#[cfg(any(windows, test))]
#[allow(unsafe_code)]
mod windows;
#[cfg(windows)]
use windows as platform;

#[cfg(not(any(target_os = "linux", target_os = "macos", windows)))]
compile_error!("the sandbox has backends for Linux, macOS and Windows only");

use std::ffi::OsString;
use std::fs::File;
use std::path::{Path, PathBuf};
use std::process::{Command, Output};
use std::sync::OnceLock;

use anyhow::{Context, Result};
use xorlings_core::run::{Ended as RunEnded, Limit, Signal};

pub use backend::Confined;
pub use cancel::Cancel;
pub use deadline::{Deadline, Ended, How};
#[cfg(target_os = "linux")]
pub use linux::ForkFriendly;
pub use protection::{PRETEND_MISSING_VARIABLE, protection, reported_protection};

/// What a confined process may do.
#[derive(Debug, Clone)]
pub struct Policy {
    /// Files or folders it may read (and list).
    pub read: Vec<PathBuf>,
    /// Files or folders it may execute (and read).
    pub execute: Vec<PathBuf>,
    /// Folders it may create, write and remove files in (rustc's output folder); empty
    /// for learner runs, which write only to the descriptors they are given.
    pub write: Vec<PathBuf>,
    pub limits: Limits,
    pub processes: Processes,
    /// The whole environment: nothing is inherited.
    pub env: Vec<(OsString, OsString)>,
    /// The core the run is pinned to, by its number among the cores the grader may use
    /// (the grader's slot for the run); `None` lets it run on any.
    pub core: Option<usize>,
    /// The run sees no path of the machine's but what it may read and execute, where
    /// the platform can hide the rest (a learner's program).
    pub private_view: bool,
    /// A learner's run started ahead (Linux only), maybe before its program is built:
    /// the run may execute what its program's folder holds or will hold (nothing else
    /// but the program), and it executes the program only when its start signal
    /// ([`Channels::start`]) says so.
    pub awaits_program: bool,
}

/// Resource limits of a run.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Limits {
    /// Address space of each process, in bytes (heap, stacks and mapped files together;
    /// on Windows, the memory each process commits; macOS bounds neither).
    pub address_space: u64,
    /// Memory of the whole run, all its processes together, in bytes (where the
    /// machine can bound it: see [`protection`]).
    pub memory: u64,
    /// Largest file it may write, in bytes.
    pub file_size: u64,
    /// Highest descriptor number plus one.
    pub open_files: u64,
    /// CPU time of each process, in seconds: the kernel's own stop, under the grader's
    /// limit on the whole run's CPU time ([`Confined::wait_within`]).
    pub cpu_seconds: u64,
    /// Threads and processes the run may have at once, the first one included.
    pub tasks: u64,
}

/// Small limits, for the tests of the backends' policies.
#[cfg(test)]
pub(crate) const TEST_LIMITS: Limits = Limits {
    address_space: 1 << 30,
    memory: 1 << 30,
    file_size: 1 << 20,
    open_files: 64,
    cpu_seconds: 10,
    tasks: 16,
};

/// Whether a run may start other processes.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Processes {
    /// rustc must start the linker.
    Allowed,
    /// A learner's program: one process, its threads, and no other program.
    Forbidden,
}

/// The files the grader opens for a learner's program besides its standard streams:
/// the cases it reads and the file it writes its answers to. Each backend hands them
/// over its own way (descriptors 3 and 4 on Unix, inherited handles named in the
/// environment on Windows: see `xorlings_core::runner::channels`).
#[derive(Debug)]
pub struct Channels {
    /// Opened for reading only.
    pub cases: File,
    pub answers: File,
    /// Unix: the read end of a socket on which the runner waits for one byte before it
    /// answers, for a run started ahead of its turn (`None`: it answers at once); where
    /// the policy [awaits its program](Policy::awaits_program), one byte before the
    /// program is executed comes first.
    pub start: Option<File>,
}

/// A program's standard streams as files the grader opened (`stdin` `None`: it reads
/// nothing). A learner's program is given its streams so: each backend hands them over
/// its own way (Windows names them, with the channels, as the only handles the program
/// inherits). A command started without them keeps the streams it was set.
#[derive(Debug)]
pub struct Streams {
    pub stdin: Option<File>,
    pub stdout: File,
    pub stderr: File,
}

impl Streams {
    /// Makes them `command`'s standard streams.
    fn set_on(self, command: &mut Command) {
        use std::process::Stdio;
        command
            .stdin(self.stdin.map_or_else(Stdio::null, Stdio::from))
            .stdout(self.stdout)
            .stderr(self.stderr);
    }
}

impl Policy {
    /// A learner's `program` started ahead of its turn, maybe before the compiler has
    /// written it (see [`Policy::awaits_program`]): Linux only, where it may execute what
    /// the program's folder holds and the loader it names (the grader's own, if it is
    /// not written yet).
    pub fn program_ahead(program: &Path, libdir: &Path, limits: Limits) -> Result<Policy> {
        #[cfg(target_os = "linux")]
        {
            let loader = match program.exists() {
                true => linux::loader_of(program)?,
                false => linux::own_loader().map(Path::to_path_buf),
            };
            Policy::program_to_come(program, loader.as_deref(), libdir, limits)
        }
        #[cfg(not(target_os = "linux"))]
        {
            let _ = (program, libdir, limits);
            anyhow::bail!("only Linux starts a run ahead")
        }
    }
}

/// Whether runs started ahead for `program` (see [`Policy::program_ahead`]) may execute
/// it: it names the loader they were allowed, the grader's own. Never off Linux.
pub fn runs_ahead_may_execute(program: &Path) -> bool {
    #[cfg(target_os = "linux")]
    {
        linux::loader_of(program).ok().flatten().as_deref() == linux::own_loader()
    }
    #[cfg(not(target_os = "linux"))]
    {
        let _ = program;
        false
    }
}

/// Starts `command` confined by `policy`, with its standard `streams` (else those the
/// command was set) and `channels` if the program has them. Every other descriptor or
/// handle of the grader's stays out of the child. A learner's program (on Windows, one
/// whose policy has a [private view](Policy::private_view)) must be given its streams.
///
/// The command's program must be a path, and its environment settings are ignored
/// ([`Policy::env`] is the whole environment). The command is consumed: its
/// confinement is for one child only.
pub fn spawn(
    command: Command,
    policy: &Policy,
    streams: Option<Streams>,
    channels: Option<Channels>,
) -> Result<Confined, SpawnError> {
    backend::spawn(command, policy, streams, channels).map_err(SpawnError::of)
}

/// Why a confined run did not start.
#[derive(Debug)]
pub enum SpawnError {
    /// The machine refused a process, a thread or memory (too many of them, or too
    /// little memory), even after the backend waited and tried again: nothing about the
    /// program, and another try later may work.
    Refused(anyhow::Error),
    /// Anything else: the program cannot be started confined (the error says why).
    Failed(anyhow::Error),
}

impl SpawnError {
    fn of(error: anyhow::Error) -> SpawnError {
        match Self::is_refusal(&error) {
            true => SpawnError::Refused(error),
            false => SpawnError::Failed(error),
        }
    }

    /// Whether `error`, or an error it was caused by, is the machine's refusal: a run
    /// refused, or a process, a thread or memory refused on the way to one (EAGAIN, too
    /// many processes or threads, and ENOMEM, as std names them).
    pub fn is_refusal(error: &anyhow::Error) -> bool {
        error.chain().any(|cause| {
            matches!(cause.downcast_ref(), Some(SpawnError::Refused(_)))
                || cause.downcast_ref::<std::io::Error>().is_some_and(|error| {
                    matches!(
                        error.kind(),
                        std::io::ErrorKind::WouldBlock | std::io::ErrorKind::OutOfMemory
                    )
                })
        })
    }
}

impl std::fmt::Display for SpawnError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let (SpawnError::Refused(error) | SpawnError::Failed(error)) = self;
        // `{:#}` says every cause, as anyhow does; the plain form only the outermost,
        // and `source` the rest.
        match f.alternate() {
            true => write!(f, "{error:#}"),
            false => write!(f, "{error}"),
        }
    }
}

impl std::error::Error for SpawnError {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        let (SpawnError::Refused(error) | SpawnError::Failed(error)) = self;
        error.source()
    }
}

/// Runs a trusted command (the rustup proxy telling where the toolchain is) to its end,
/// unconfined, and returns its output. Meanwhile no run's clean-up can take it for an
/// orphan, nor can it inherit a run's channels; runs cannot start or end their clean-up
/// until it is done, so keep it short.
pub fn output_of_trusted(command: &mut Command) -> Result<Output> {
    backend::output_of_trusted(command)
        .with_context(|| format!("cannot run {}", command.get_program().display()))
}

/// Makes the command stop quietly when the reader of its output goes away (`grader list
/// | head`), as other command-line tools do, instead of panicking on a broken pipe. Call
/// it first thing in `main`, before any other thread exists.
pub fn quit_on_broken_pipe() {
    backend::quit_on_broken_pipe();
}

/// Prepares the grader for confined runs; call it once, first thing in `main`. On
/// Linux it makes the grader a child subreaper, so that processes a run leaves behind
/// are re-parented to the grader (and killed) instead of escaping to `init`; on
/// Windows it keeps crashes from opening dialogs. It also detects the protection this
/// machine offers.
pub fn init() -> Result<()> {
    platform::prepare()?;
    // What this machine offers is probed (with a few short-lived processes: some
    // milliseconds) while the command reads its workbook; the first spawn waits for it.
    // So are its cores, which the first compile asks for.
    let probing = std::thread::Builder::new()
        .name("sandbox-probe".to_string())
        .spawn(|| {
            protection();
            cores();
        });
    if probing.is_err() {
        protection();
    }
    Ok(())
}

/// Whether the grader runs as root (the superuser on Unix; never on Windows). In a
/// grading container the adapter drops to an unprivileged user first, so that the
/// learner's code never runs as root there, whatever layers the container blocks.
pub fn running_as_root() -> bool {
    #[cfg(unix)]
    {
        rustix::process::geteuid().is_root()
    }
    #[cfg(not(unix))]
    {
        false
    }
}

/// How many cores this machine has (2 when it cannot tell), found once: the standard
/// library reads the cgroup's CPU quota each time it is asked, a millisecond or more.
/// A run is pinned to one of them by its number ([`Policy::core`]).
pub fn cores() -> usize {
    static CORES: OnceLock<usize> = OnceLock::new();
    *CORES.get_or_init(|| std::thread::available_parallelism().map_or(2, |n| n.get()))
}

/// How a run ended, in the words every platform shares.
pub fn ended(how: How) -> RunEnded {
    match how {
        How::Exited(code) => RunEnded::Exited(code),
        How::Signalled(number) => RunEnded::Signalled(Signal {
            number,
            kind: backend::signal_kind(number),
        }),
        How::TimedOut => RunEnded::TimedOut(Limit::Waiting),
        How::OutOfCpuTime => RunEnded::TimedOut(Limit::Cpu),
        How::OutOfMemory => RunEnded::OutOfMemory,
        How::Cancelled => RunEnded::Cancelled,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn only_a_machine_short_of_processes_or_memory_is_a_refusal() {
        let error = |code| anyhow::Error::from(std::io::Error::from_raw_os_error(code));
        let busy = SpawnError::of(error(libc::EAGAIN).context("cannot start rustc"));
        assert!(matches!(busy, SpawnError::Refused(_)), "{busy:?}");
        let memory = SpawnError::of(error(libc::ENOMEM));
        assert!(matches!(memory, SpawnError::Refused(_)), "{memory:?}");
        let missing = SpawnError::of(error(libc::ENOENT).context("cannot start rustc"));
        assert!(matches!(missing, SpawnError::Failed(_)), "{missing:?}");
        // Told apart through the contexts the callers add, and where no run was started
        // (a thread the grader itself was refused).
        let thread = error(libc::EAGAIN).context("cannot start a worker");
        assert!(SpawnError::is_refusal(&thread));
        let busy = anyhow::Error::from(busy).context("cannot grade");
        assert!(SpawnError::is_refusal(&busy));
        let missing = anyhow::Error::from(missing).context("cannot grade");
        assert!(!SpawnError::is_refusal(&missing));
        assert!(!SpawnError::is_refusal(&anyhow::anyhow!(
            "the runner does not compile"
        )));
    }
}
