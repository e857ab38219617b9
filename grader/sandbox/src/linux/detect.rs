//! What this machine's kernel lets the sandbox enforce.

use std::os::unix::process::CommandExt;
use std::process::Command;
use std::sync::OnceLock;

use rustix::thread::UnshareFlags;

use crate::output_of_trusted;

/// The Landlock ABI that brings everything the sandbox asks of Landlock (scopes).
pub(super) const FULL_LANDLOCK_ABI: u32 = 6;

/// The layers of confinement this kernel enforces.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct Kernel {
    /// The kernel's release (`uname -r`).
    pub release: String,
    /// The kernel's Landlock ABI; 0 without Landlock.
    pub landlock_abi: u32,
    /// Landlock file-system rules (ABI 1).
    pub landlock_files: bool,
    /// Landlock scoping of signals and abstract unix sockets (ABI 6).
    pub landlock_scopes: bool,
    /// seccomp filters, for this CPU.
    pub seccomp: bool,
    pub no_new_privs: bool,
    /// The child ends with no capability and cannot regain one (trivially so when the
    /// grader has none).
    pub capabilities_dropped: bool,
    /// The grader adopts the orphans of a run (`sandbox::init` was called).
    pub subreaper: bool,
    /// How each run's threads and processes are bounded.
    pub task_bound: TaskBound,
    /// Each run's memory is bounded as a whole, in a cgroup of its own (else each
    /// process's address space is, and a learner's program is one process).
    pub memory_cgroup: bool,
    /// A learner's program runs in a root of its own, where no path of the machine's
    /// exists but what it reads (a mount namespace; where the machine allows one).
    pub private_view: bool,
}

/// How each run's threads and processes are bounded, so that a run with thousands of
/// threads cannot slow the others, or exhaust the machine's processes.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum TaskBound {
    /// A cgroup of its own (`pids.max`).
    Cgroup,
    /// RLIMIT_NPROC in a user namespace of its own, where it counts this run alone.
    UserNamespace,
    None,
}

/// What this kernel enforces, detected on the first call. The sandbox enforces every
/// layer this says it has.
pub(crate) fn detected() -> &'static Kernel {
    static KERNEL: OnceLock<Kernel> = OnceLock::new();
    KERNEL.get_or_init(detect)
}

fn detect() -> Kernel {
    let landlock_abi = super::ruleset::abi();
    let cgroups = super::cgroup::bounds();
    // RLIMIT_NPROC never applies to root, even in a user namespace of its own.
    let task_bound = if cgroups.tasks {
        TaskBound::Cgroup
    } else if !rustix::process::getuid().is_root() && user_namespaces() {
        TaskBound::UserNamespace
    } else {
        TaskBound::None
    };
    Kernel {
        release: rustix::system::uname()
            .release()
            .to_string_lossy()
            .into_owned(),
        task_bound,
        memory_cgroup: cgroups.memory,
        private_view: mount_namespaces(),
        landlock_abi,
        landlock_files: landlock_abi >= 1,
        landlock_scopes: landlock_abi >= FULL_LANDLOCK_ABI,
        seccomp: super::syscalls::available(),
        no_new_privs: rustix::thread::no_new_privs().is_ok(),
        capabilities_dropped: super::privileges::can_drop_all(),
        subreaper: super::orphans::is_subreaper(),
    }
}

/// Whether a child of the grader can make a user namespace of its own (some systems
/// forbid it to users).
fn user_namespaces() -> bool {
    child_can(UnshareFlags::NEWUSER, false)
}

/// Whether a child of the grader can make a mount namespace of its own (in a user
/// namespace of its own, unless the grader is root) and mount a tmpfs there.
fn mount_namespaces() -> bool {
    let root = rustix::process::getuid().is_root();
    let flags = match root {
        true => UnshareFlags::NEWNS,
        false => UnshareFlags::NEWNS | UnshareFlags::NEWUSER,
    };
    child_can(flags, true)
}

/// Whether a child can make the namespaces `flags` (and, with `mounts`, make its mounts
/// private and mount a tmpfs): a child that only tries, and exits.
fn child_can(flags: UnshareFlags, mounts: bool) -> bool {
    let mut probe = Command::new("/");
    // SAFETY: the child only calls unshare, mount and _exit, all async-signal-safe, on
    // static strings.
    unsafe {
        probe.pre_exec(move || {
            rustix::thread::unshare_unsafe(flags)?;
            let none = std::ptr::null();
            if mounts {
                let private = libc::MS_REC | libc::MS_PRIVATE;
                if libc::mount(none, c"/".as_ptr(), none, private, none.cast()) != 0
                    || libc::mount(
                        c"tmpfs".as_ptr(),
                        c"/tmp".as_ptr(),
                        c"tmpfs".as_ptr(),
                        0,
                        none.cast(),
                    ) != 0
                {
                    return Err(std::io::Error::last_os_error());
                }
            }
            libc::_exit(0)
        })
    };
    output_of_trusted(&mut probe).is_ok_and(|output| output.status.success())
}
