//! The seccomp filter of a run: the system calls that fail. Built before `fork`; the
//! child writes its own pid into it and installs it last, just before its `exec`.
//!
//! A denied call fails with EPERM (clone3 with ENOSYS, so that glibc falls back to
//! clone, whose flags a filter can read). The filter is a deny list: the layers above
//! it (Landlock, no capabilities, rlimits) already bound what the allowed calls reach.

use std::collections::BTreeMap;
use std::io;

use anyhow::{Context, Result};
use libc::c_long;
use seccompiler::{
    BpfProgram, SeccompAction, SeccompCmpArgLen, SeccompCmpOp, SeccompCondition, SeccompFilter,
    SeccompRule, TargetArch, sock_filter,
};

use crate::Processes;

/// Stands for the child's pid until the child writes its own in. Above any pid (pid_max
/// is at most 2^22) and unlike every other constant of the program.
const PID_PLACEHOLDER: u32 = 0x7ead_be01;

/// Calls no run may make: sockets (a learner's program has its descriptors), other
/// processes' memory, io_uring (it bypasses seccomp), anonymous files, namespaces and
/// mounts, keyrings, bpf and perf, the kernel log, SysV and POSIX message queues and
/// shared memory (they outlive the run), leaving the run's process group, leaving its
/// core (the sandbox pinned it), and watching files (Landlock does not cover events:
/// a run could learn when other learners are graded).
const DENIED: &[c_long] = &[
    libc::SYS_sched_setaffinity,
    #[cfg(target_arch = "x86_64")]
    libc::SYS_inotify_init,
    libc::SYS_inotify_init1,
    libc::SYS_inotify_add_watch,
    libc::SYS_fanotify_init,
    libc::SYS_fanotify_mark,
    libc::SYS_socket,
    libc::SYS_ptrace,
    libc::SYS_process_vm_readv,
    libc::SYS_process_vm_writev,
    libc::SYS_process_madvise,
    libc::SYS_pidfd_getfd,
    libc::SYS_io_uring_setup,
    libc::SYS_io_uring_enter,
    libc::SYS_io_uring_register,
    libc::SYS_memfd_create,
    libc::SYS_memfd_secret,
    libc::SYS_userfaultfd,
    libc::SYS_unshare,
    libc::SYS_setns,
    libc::SYS_mount,
    libc::SYS_umount2,
    libc::SYS_pivot_root,
    libc::SYS_chroot,
    libc::SYS_move_mount,
    libc::SYS_open_tree,
    libc::SYS_fsopen,
    libc::SYS_fsconfig,
    libc::SYS_fsmount,
    libc::SYS_fspick,
    libc::SYS_mount_setattr,
    libc::SYS_add_key,
    libc::SYS_request_key,
    libc::SYS_keyctl,
    libc::SYS_bpf,
    libc::SYS_perf_event_open,
    libc::SYS_syslog,
    libc::SYS_shmget,
    libc::SYS_shmat,
    libc::SYS_shmctl,
    libc::SYS_msgget,
    libc::SYS_msgsnd,
    libc::SYS_msgrcv,
    libc::SYS_msgctl,
    libc::SYS_semget,
    libc::SYS_semop,
    libc::SYS_semtimedop,
    libc::SYS_semctl,
    libc::SYS_mq_open,
    libc::SYS_mq_timedsend,
    libc::SYS_mq_timedreceive,
    libc::SYS_mq_notify,
    libc::SYS_setsid,
    libc::SYS_setpgid,
];

/// Further calls a learner's program may not make: new processes, other programs,
/// signals by means that cannot name their target's process, and socket pairs.
const DENIED_WITHOUT_PROCESSES: &[c_long] = &[
    #[cfg(target_arch = "x86_64")]
    libc::SYS_fork,
    #[cfg(target_arch = "x86_64")]
    libc::SYS_vfork,
    libc::SYS_execveat,
    libc::SYS_tkill,
    libc::SYS_pidfd_open,
    libc::SYS_pidfd_send_signal,
    libc::SYS_socketpair,
];

/// Calls whose first argument names the process they act on: a run may aim them only
/// at itself (0, or its own pid when it has no other processes).
const ON_A_PROCESS: &[c_long] = &[
    libc::SYS_prlimit64,
    libc::SYS_sched_setscheduler,
    libc::SYS_sched_setparam,
    libc::SYS_sched_setattr,
];

/// Calls that signal the process their first argument names: a learner's program may
/// signal itself only (Rust's `abort` is a tgkill on itself).
const SIGNALS: &[c_long] = &[
    libc::SYS_kill,
    libc::SYS_tgkill,
    libc::SYS_rt_sigqueueinfo,
    libc::SYS_rt_tgsigqueueinfo,
];

/// `clone` flags that make a namespace.
const NEW_NAMESPACES: [libc::c_int; 7] = [
    libc::CLONE_NEWNS,
    libc::CLONE_NEWCGROUP,
    libc::CLONE_NEWUTS,
    libc::CLONE_NEWIPC,
    libc::CLONE_NEWUSER,
    libc::CLONE_NEWPID,
    libc::CLONE_NEWNET,
];

/// `ioprio_set`'s "which" for one process (not in `libc`).
const IOPRIO_WHO_PROCESS: u32 = 1;

/// Syscall numbers from this bit on are the x32 ABI's: deny them all.
#[cfg(target_arch = "x86_64")]
const X32_SYSCALL_BIT: u32 = 0x4000_0000;

/// Whether this kernel filters system calls, and seccompiler knows this CPU.
pub(super) fn available() -> bool {
    let action = libc::SECCOMP_RET_ERRNO;
    // SAFETY: SECCOMP_GET_ACTION_AVAIL only reads the u32 it is given.
    let answer = unsafe {
        libc::syscall(
            libc::SYS_seccomp,
            libc::SECCOMP_GET_ACTION_AVAIL,
            0,
            &action as *const u32,
        )
    };
    answer == 0 && TargetArch::try_from(std::env::consts::ARCH).is_ok()
}

/// A compiled filter, waiting for the child's pid.
pub(super) struct Filter {
    program: BpfProgram,
    /// Where the program compares with the child's pid.
    pid_slots: Vec<usize>,
}

impl Filter {
    /// The filter for `processes`. With [`Processes::Forbidden`], `exec_path` is the
    /// only file name pointer `execve` accepts: the sandbox's own exec of the program
    /// passes it, and the program cannot guess it (see `exec.rs`).
    pub(super) fn new(processes: Processes, exec_path: *const libc::c_char) -> Result<Filter> {
        let rules =
            Rules::new(processes, exec_path as u64).context("cannot write the seccomp rules")?;
        let arch = TargetArch::try_from(std::env::consts::ARCH)
            .context("seccomp does not know this CPU")?;
        let filter = SeccompFilter::new(
            rules.by_call,
            SeccompAction::Allow,
            SeccompAction::Errno(libc::EPERM as u32),
            arch,
        )
        .context("cannot build the seccomp filter")?;
        let compiled: BpfProgram = filter
            .try_into()
            .context("cannot compile the seccomp filter")?;
        let mut program = prologue();
        program.extend(compiled);
        let pid_slots: Vec<usize> = program
            .iter()
            .enumerate()
            .filter(|(_, instruction)| instruction.k == PID_PLACEHOLDER)
            .map(|(slot, _)| slot)
            .collect();
        anyhow::ensure!(
            pid_slots.len() == rules.pid_conditions,
            "the seccomp program compares with the pid {} times, not {}",
            pid_slots.len(),
            rules.pid_conditions
        );
        Ok(Filter { program, pid_slots })
    }

    /// Writes the calling process's pid in and installs the filter. Async-signal-safe:
    /// the program was allocated before `fork`; this writes into it and makes one
    /// system call.
    pub(super) fn install(&mut self) -> io::Result<()> {
        let pid = rustix::process::getpid().as_raw_nonzero().get() as u32;
        for &slot in &self.pid_slots {
            self.program[slot].k = pid;
        }
        let program = libc::sock_fprog {
            len: self.program.len() as libc::c_ushort,
            // seccompiler's sock_filter has the kernel's layout, as libc's does.
            filter: self.program.as_mut_ptr().cast::<libc::sock_filter>(),
        };
        // SAFETY: the program outlives the call, which copies it into the kernel;
        // no_new_privs is already set, as an unprivileged filter needs.
        let result = unsafe {
            libc::prctl(
                libc::PR_SET_SECCOMP,
                libc::SECCOMP_MODE_FILTER,
                &program as *const libc::sock_fprog,
            )
        };
        if result == 0 {
            Ok(())
        } else {
            Err(io::Error::last_os_error())
        }
    }
}

/// Runs before seccompiler's program: clone3 fails with ENOSYS (its flags sit in memory
/// a filter cannot read, and glibc then falls back to clone), and so does every x32
/// call (a deny list keyed on x86-64 numbers would miss them).
fn prologue() -> BpfProgram {
    let statement = |code: u32, k: u32| sock_filter {
        code: code as u16,
        jt: 0,
        jf: 0,
        k,
    };
    let jump = |code: u32, k: u32, jt: u8, jf: u8| sock_filter {
        code: code as u16,
        jt,
        jf,
        k,
    };
    let mut program = vec![statement(libc::BPF_LD | libc::BPF_W | libc::BPF_ABS, 0)];
    #[cfg(target_arch = "x86_64")]
    program.push(jump(
        libc::BPF_JMP | libc::BPF_JGE | libc::BPF_K,
        X32_SYSCALL_BIT,
        1,
        0,
    ));
    program.push(jump(
        libc::BPF_JMP | libc::BPF_JEQ | libc::BPF_K,
        libc::SYS_clone3 as u32,
        0,
        1,
    ));
    program.push(statement(
        libc::BPF_RET | libc::BPF_K,
        libc::SECCOMP_RET_ERRNO | libc::ENOSYS as u32,
    ));
    program
}

/// The rules, by system call: a call fails when any of its rules holds (a rule holds
/// when all its conditions do; a call with no rule always fails).
struct Rules {
    by_call: BTreeMap<i64, Vec<SeccompRule>>,
    /// How many conditions compare with [`PID_PLACEHOLDER`].
    pid_conditions: usize,
}

impl Rules {
    fn new(processes: Processes, exec_path: u64) -> Result<Rules> {
        let mut rules = Rules {
            by_call: BTreeMap::new(),
            pid_conditions: 0,
        };
        let forbidden = processes == Processes::Forbidden;
        for &call in DENIED {
            rules.always(call);
        }
        for flag in NEW_NAMESPACES {
            rules.when(libc::SYS_clone, vec![has_flag(0, flag as u64)?])?;
        }
        // Typing into the terminal the grader runs in.
        rules.when(
            libc::SYS_ioctl,
            vec![dword(1, SeccompCmpOp::Eq, libc::TIOCSTI as u32)?],
        )?;
        if forbidden {
            for &call in DENIED_WITHOUT_PROCESSES {
                rules.always(call);
            }
            // Threads only: a clone without CLONE_THREAD is a new process.
            rules.when(
                libc::SYS_clone,
                vec![SeccompCondition::new(
                    0,
                    SeccompCmpArgLen::Dword,
                    SeccompCmpOp::MaskedEq(libc::CLONE_THREAD as u64),
                    0,
                )?],
            )?;
            rules.when(
                libc::SYS_execve,
                vec![SeccompCondition::new(
                    0,
                    SeccompCmpArgLen::Qword,
                    SeccompCmpOp::Ne,
                    exec_path,
                )?],
            )?;
            for &call in SIGNALS {
                let other = rules.not_self(0)?;
                rules.when(call, vec![other])?;
            }
        } else {
            // Every process the grader's user may signal.
            rules.when(libc::SYS_kill, vec![dword(0, SeccompCmpOp::Eq, u32::MAX)?])?;
        }
        for &call in ON_A_PROCESS {
            let conditions = rules.not_zero_or_self(0, forbidden)?;
            rules.when(call, conditions)?;
        }
        // setpriority(which, who) and ioprio_set(which, who): a single process, itself.
        for (call, process) in [
            (libc::SYS_setpriority, libc::PRIO_PROCESS),
            (libc::SYS_ioprio_set, IOPRIO_WHO_PROCESS),
        ] {
            rules.when(call, vec![dword(0, SeccompCmpOp::Ne, process)?])?;
            let conditions = rules.not_zero_or_self(1, forbidden)?;
            rules.when(call, conditions)?;
        }
        Ok(rules)
    }

    fn always(&mut self, call: c_long) {
        self.by_call.insert(call, Vec::new());
    }

    fn when(&mut self, call: c_long, conditions: Vec<SeccompCondition>) -> Result<()> {
        let rule = SeccompRule::new(conditions)?;
        self.by_call.entry(call).or_default().push(rule);
        Ok(())
    }

    /// Argument `arg` is not the child's own pid.
    fn not_self(&mut self, arg: u8) -> Result<SeccompCondition> {
        self.pid_conditions += 1;
        dword(arg, SeccompCmpOp::Ne, PID_PLACEHOLDER)
    }

    /// Argument `arg` is neither 0 (the caller) nor, when `own_pid` says it is the only
    /// process, the child's own pid.
    fn not_zero_or_self(&mut self, arg: u8, own_pid: bool) -> Result<Vec<SeccompCondition>> {
        let mut conditions = vec![dword(arg, SeccompCmpOp::Ne, 0)?];
        if own_pid {
            conditions.push(self.not_self(arg)?);
        }
        Ok(conditions)
    }
}

/// Compares the low 32 bits of argument `arg` (an `int`: the kernel ignores the rest).
fn dword(arg: u8, op: SeccompCmpOp, value: u32) -> Result<SeccompCondition> {
    Ok(SeccompCondition::new(
        arg,
        SeccompCmpArgLen::Dword,
        op,
        u64::from(value),
    )?)
}

/// Argument `arg` has `flag` set.
fn has_flag(arg: u8, flag: u64) -> Result<SeccompCondition> {
    Ok(SeccompCondition::new(
        arg,
        SeccompCmpArgLen::Dword,
        SeccompCmpOp::MaskedEq(flag),
        flag,
    )?)
}
