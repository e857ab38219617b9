//! The Landlock ruleset of a run: built before `fork`, enforced in the child.
//!
//! The kernel's three system calls, made directly. The structures and access rights
//! below are those of `include/uapi/linux/landlock.h`, under the kernel's names. Like
//! every Landlock user, the ruleset is best effort: it handles exactly the rights the
//! running kernel's ABI knows, so a newer kernel confines more and an older one still
//! confines what it can.

use std::io;
use std::os::fd::{AsRawFd, FromRawFd, OwnedFd, RawFd};
use std::path::Path;

use anyhow::{Context, Result};
use rustix::fs::{FileType, Mode, OFlags};

use crate::Policy;

/// `struct landlock_ruleset_attr`, as of ABI 6 (`scoped`). Kernels of an older ABI take
/// it too: they accept a longer structure when the fields they do not know are zero,
/// which they are for them (see [`Rights::of`]).
#[repr(C)]
struct LandlockRulesetAttr {
    handled_access_fs: u64,
    handled_access_net: u64,
    scoped: u64,
}

/// `struct landlock_path_beneath_attr` (packed: no padding after `parent_fd`).
#[repr(C, packed)]
struct LandlockPathBeneathAttr {
    allowed_access: u64,
    parent_fd: i32,
}

/// `landlock_create_ruleset`'s flag that asks for the ABI version.
const LANDLOCK_CREATE_RULESET_VERSION: libc::c_uint = 1 << 0;
/// `enum landlock_rule_type`: a rule on a file hierarchy.
const LANDLOCK_RULE_PATH_BENEATH: libc::c_int = 1;

const LANDLOCK_ACCESS_FS_EXECUTE: u64 = 1 << 0;
const LANDLOCK_ACCESS_FS_WRITE_FILE: u64 = 1 << 1;
const LANDLOCK_ACCESS_FS_READ_FILE: u64 = 1 << 2;
const LANDLOCK_ACCESS_FS_READ_DIR: u64 = 1 << 3;
const LANDLOCK_ACCESS_FS_REMOVE_DIR: u64 = 1 << 4;
const LANDLOCK_ACCESS_FS_REMOVE_FILE: u64 = 1 << 5;
const LANDLOCK_ACCESS_FS_MAKE_CHAR: u64 = 1 << 6;
const LANDLOCK_ACCESS_FS_MAKE_DIR: u64 = 1 << 7;
const LANDLOCK_ACCESS_FS_MAKE_REG: u64 = 1 << 8;
const LANDLOCK_ACCESS_FS_MAKE_SOCK: u64 = 1 << 9;
const LANDLOCK_ACCESS_FS_MAKE_FIFO: u64 = 1 << 10;
const LANDLOCK_ACCESS_FS_MAKE_BLOCK: u64 = 1 << 11;
const LANDLOCK_ACCESS_FS_MAKE_SYM: u64 = 1 << 12;
const LANDLOCK_ACCESS_FS_REFER: u64 = 1 << 13;
const LANDLOCK_ACCESS_FS_TRUNCATE: u64 = 1 << 14;
const LANDLOCK_ACCESS_FS_IOCTL_DEV: u64 = 1 << 15;
const LANDLOCK_ACCESS_FS_RESOLVE_UNIX: u64 = 1 << 16;

const LANDLOCK_ACCESS_NET_BIND_TCP: u64 = 1 << 0;
const LANDLOCK_ACCESS_NET_CONNECT_TCP: u64 = 1 << 1;
const LANDLOCK_ACCESS_NET_BIND_UDP: u64 = 1 << 2;
const LANDLOCK_ACCESS_NET_CONNECT_SEND_UDP: u64 = 1 << 3;

const LANDLOCK_SCOPE_ABSTRACT_UNIX_SOCKET: u64 = 1 << 0;
const LANDLOCK_SCOPE_SIGNAL: u64 = 1 << 1;

/// The rights a rule on a file that is not a directory may grant (the kernel refuses
/// the others there).
const FILE_RIGHTS: u64 = LANDLOCK_ACCESS_FS_EXECUTE
    | LANDLOCK_ACCESS_FS_WRITE_FILE
    | LANDLOCK_ACCESS_FS_READ_FILE
    | LANDLOCK_ACCESS_FS_TRUNCATE
    | LANDLOCK_ACCESS_FS_IOCTL_DEV
    | LANDLOCK_ACCESS_FS_RESOLVE_UNIX;

/// What the policy's read paths allow: reading files and listing folders.
const READ: u64 = LANDLOCK_ACCESS_FS_READ_FILE | LANDLOCK_ACCESS_FS_READ_DIR;
/// What its execute paths allow: reading and executing.
const EXECUTE: u64 = READ | LANDLOCK_ACCESS_FS_EXECUTE;
/// What its write paths (the build folder) allow: everything but executing what was
/// written there.
const WRITE: u64 = !LANDLOCK_ACCESS_FS_EXECUTE;

/// Access rights and scopes, each field a bit set.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
struct Rights {
    fs: u64,
    net: u64,
    scoped: u64,
}

/// What each Landlock ABI version added, oldest first.
const ADDED: [(u32, Rights); 8] = [
    (
        1,
        Rights {
            fs: LANDLOCK_ACCESS_FS_EXECUTE
                | LANDLOCK_ACCESS_FS_WRITE_FILE
                | LANDLOCK_ACCESS_FS_READ_FILE
                | LANDLOCK_ACCESS_FS_READ_DIR
                | LANDLOCK_ACCESS_FS_REMOVE_DIR
                | LANDLOCK_ACCESS_FS_REMOVE_FILE
                | LANDLOCK_ACCESS_FS_MAKE_CHAR
                | LANDLOCK_ACCESS_FS_MAKE_DIR
                | LANDLOCK_ACCESS_FS_MAKE_REG
                | LANDLOCK_ACCESS_FS_MAKE_SOCK
                | LANDLOCK_ACCESS_FS_MAKE_FIFO
                | LANDLOCK_ACCESS_FS_MAKE_BLOCK
                | LANDLOCK_ACCESS_FS_MAKE_SYM,
            net: 0,
            scoped: 0,
        },
    ),
    (2, Rights::fs(LANDLOCK_ACCESS_FS_REFER)),
    (3, Rights::fs(LANDLOCK_ACCESS_FS_TRUNCATE)),
    (
        4,
        Rights {
            fs: 0,
            net: LANDLOCK_ACCESS_NET_BIND_TCP | LANDLOCK_ACCESS_NET_CONNECT_TCP,
            scoped: 0,
        },
    ),
    (5, Rights::fs(LANDLOCK_ACCESS_FS_IOCTL_DEV)),
    (
        6,
        Rights {
            fs: 0,
            net: 0,
            scoped: LANDLOCK_SCOPE_ABSTRACT_UNIX_SOCKET | LANDLOCK_SCOPE_SIGNAL,
        },
    ),
    // ABI 7 and 8 added flags for audit logs and threads, no right.
    (9, Rights::fs(LANDLOCK_ACCESS_FS_RESOLVE_UNIX)),
    (
        10,
        Rights {
            fs: 0,
            net: LANDLOCK_ACCESS_NET_BIND_UDP | LANDLOCK_ACCESS_NET_CONNECT_SEND_UDP,
            scoped: 0,
        },
    ),
];

impl Rights {
    const fn fs(fs: u64) -> Rights {
        Rights {
            fs,
            net: 0,
            scoped: 0,
        }
    }

    /// Every right and scope Landlock ABI `abi` knows (none for 0, no Landlock); an ABI
    /// newer than this module knows gets what the newest it knows has.
    fn of(abi: u32) -> Rights {
        ADDED
            .iter()
            .filter(|(since, _)| *since <= abi)
            .fold(Rights::fs(0), |all, (_, added)| Rights {
                fs: all.fs | added.fs,
                net: all.net | added.net,
                scoped: all.scoped | added.scoped,
            })
    }
}

/// A ruleset ready to be enforced: the kernel's descriptor of it (close-on-exec, as
/// every Landlock ruleset is).
#[derive(Debug)]
pub(super) struct Ruleset {
    fd: OwnedFd,
}

impl Ruleset {
    /// Its descriptor, which the child keeps until it restricts itself.
    pub(super) fn raw_fd(&self) -> RawFd {
        self.fd.as_raw_fd()
    }
}

/// The kernel's Landlock ABI version, 0 without Landlock.
pub(super) fn abi() -> u32 {
    // SAFETY: with a null attribute, a zero size and the VERSION flag, the call only
    // returns the ABI version (or an error); it reads and writes no memory.
    let version = unsafe {
        libc::syscall(
            libc::SYS_landlock_create_ruleset,
            std::ptr::null::<LandlockRulesetAttr>(),
            0usize,
            LANDLOCK_CREATE_RULESET_VERSION,
        )
    };
    u32::try_from(version).unwrap_or(0)
}

/// Builds the ruleset of `policy` for Landlock ABI `abi` (1 or newer), and adds a rule
/// for every path of `policy`, ready for the child to enforce. Every handled right is
/// denied except where a rule allows it: no TCP (ABI 4) or UDP (ABI 10) bind or connect
/// at all, no file access outside the policy, and (ABI 6) no signal or abstract unix
/// socket reaching out of the run. Paths that cannot be opened are skipped.
pub(super) fn prepare(policy: &Policy, abi: u32) -> Result<Ruleset> {
    let handled = Rights::of(abi);
    let attr = LandlockRulesetAttr {
        handled_access_fs: handled.fs,
        handled_access_net: handled.net,
        scoped: handled.scoped,
    };
    // SAFETY: `attr` is a live `struct landlock_ruleset_attr` of the size passed, which
    // the kernel only reads; the call returns a new descriptor or -1.
    let fd = unsafe {
        libc::syscall(
            libc::SYS_landlock_create_ruleset,
            &raw const attr,
            size_of::<LandlockRulesetAttr>(),
            0 as libc::c_uint,
        )
    };
    if fd < 0 {
        return Err(io::Error::last_os_error()).context("cannot create the Landlock ruleset");
    }
    let fd = i32::try_from(fd).context("the kernel returned no descriptor for the ruleset")?;
    // SAFETY: the kernel just opened this descriptor for us, and nothing else owns it.
    let fd = unsafe { OwnedFd::from_raw_fd(fd) };
    let ruleset = Ruleset { fd };
    let rules = [
        (&policy.read, READ),
        (&policy.execute, EXECUTE),
        (&policy.write, WRITE),
    ];
    for (paths, allowed) in rules {
        for path in paths {
            ruleset
                .allow(path, allowed & handled.fs)
                .with_context(|| format!("cannot add the Landlock rule of {}", path.display()))?;
        }
    }
    Ok(ruleset)
}

impl Ruleset {
    /// Allows `allowed` beneath `path` (on `path` alone, and only the rights of a file,
    /// when it is not a directory). A path that cannot be opened gets no rule: the run,
    /// as the grader's user, could not reach it either.
    fn allow(&self, path: &Path, allowed: u64) -> Result<()> {
        let Ok(beneath) = rustix::fs::open(path, OFlags::PATH | OFlags::CLOEXEC, Mode::empty())
        else {
            return Ok(());
        };
        let kind = FileType::from_raw_mode(rustix::fs::fstat(&beneath)?.st_mode);
        let allowed = match kind {
            FileType::Directory => allowed,
            _ => allowed & FILE_RIGHTS,
        };
        // The kernel refuses a rule that allows nothing.
        if allowed == 0 {
            return Ok(());
        }
        let attr = LandlockPathBeneathAttr {
            allowed_access: allowed,
            parent_fd: beneath.as_raw_fd(),
        };
        // SAFETY: `attr` is a live `struct landlock_path_beneath_attr`, which the kernel
        // only reads, its descriptor open until after the call.
        let status = unsafe {
            libc::syscall(
                libc::SYS_landlock_add_rule,
                self.fd.as_raw_fd(),
                LANDLOCK_RULE_PATH_BENEATH,
                &raw const attr,
                0 as libc::c_uint,
            )
        };
        if status != 0 {
            return Err(io::Error::last_os_error().into());
        }
        Ok(())
    }
}

/// Enforces the ruleset on the calling process and all it will start, then closes its
/// descriptor. Async-signal-safe: two system calls (`prctl(PR_SET_NO_NEW_PRIVS)`, which
/// Landlock requires of a process without `CAP_SYS_ADMIN`, and
/// `landlock_restrict_self`) and a `close`, with no allocation (an OS error is a number).
pub(super) fn restrict(ruleset: Ruleset) -> io::Result<()> {
    rustix::thread::set_no_new_privs(true)?;
    // SAFETY: a system call on an open descriptor and no flags; it touches no memory.
    let status = unsafe {
        libc::syscall(
            libc::SYS_landlock_restrict_self,
            ruleset.fd.as_raw_fd(),
            0 as libc::c_uint,
        )
    };
    if status != 0 {
        return Err(io::Error::last_os_error());
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use std::ffi::CString;
    use std::os::unix::ffi::OsStrExt;

    use super::*;
    use crate::{Processes, TEST_LIMITS};

    #[test]
    fn each_abi_handles_the_rights_it_added_and_all_before() {
        assert_eq!(Rights::of(0), Rights::fs(0));
        assert_eq!(Rights::of(1).fs.count_ones(), 13);
        assert_eq!(Rights::of(1).net | Rights::of(1).scoped, 0);
        assert_eq!(
            Rights::of(2).fs,
            Rights::of(1).fs | LANDLOCK_ACCESS_FS_REFER
        );
        assert_eq!(
            Rights::of(3).fs,
            Rights::of(2).fs | LANDLOCK_ACCESS_FS_TRUNCATE
        );
        assert_eq!(Rights::of(3).net, 0);
        assert_eq!(Rights::of(4).net, 0b11);
        assert_eq!(Rights::of(5).fs.count_ones(), 16);
        assert_eq!(Rights::of(5).scoped, 0);
        assert_eq!(Rights::of(6).scoped, 0b11);
        assert_eq!(Rights::of(8), Rights::of(6));
        assert_eq!(Rights::of(9).fs, (1 << 17) - 1);
        assert_eq!(Rights::of(10).net, 0b1111);
        assert_eq!(Rights::of(u32::MAX), Rights::of(10));
    }

    /// What a confined child could do, one bit each.
    const READ_INSIDE: i32 = 1;
    const READ_FILE_RULE: i32 = 1 << 1;
    const READ_OUTSIDE: i32 = 1 << 2;
    const WRITE_READ_ONLY: i32 = 1 << 3;
    const WRITE_BUILD: i32 = 1 << 4;
    const TCP_CONNECT: i32 = 1 << 5;
    const SIGNAL_PARENT: i32 = 1 << 6;
    /// The child could not enforce its ruleset.
    const NOT_RESTRICTED: i32 = 1 << 7;

    #[test]
    fn a_restricted_child_reaches_only_what_its_rules_allow() {
        let abi = abi();
        assert!(abi >= 1, "this test needs Landlock (kernel ABI {abi})");
        let dir = tempfile::tempdir().unwrap();
        let make = |name: &str| {
            let path = dir.path().join(name);
            std::fs::create_dir(&path).unwrap();
            std::fs::write(path.join("file"), "x").unwrap();
            path
        };
        let (inside, alone, outside, build) = (
            make("inside"),
            make("alone"),
            make("outside"),
            make("build"),
        );
        let policy = Policy {
            read: vec![
                inside.clone(),
                alone.join("file"),
                dir.path().join("missing"),
            ],
            execute: vec![],
            write: vec![build.clone()],
            limits: TEST_LIMITS,
            processes: Processes::Forbidden,
            env: vec![],
            core: None,
            private_view: false,
            awaits_program: false,
        };
        let ruleset = prepare(&policy, abi).unwrap();
        let c = |path: &Path| CString::new(path.as_os_str().as_bytes()).unwrap();
        let paths = [
            (c(&inside.join("file")), libc::O_RDONLY, READ_INSIDE),
            (c(&alone.join("file")), libc::O_RDONLY, READ_FILE_RULE),
            (c(&outside.join("file")), libc::O_RDONLY, READ_OUTSIDE),
            (
                c(&inside.join("new")),
                libc::O_WRONLY | libc::O_CREAT,
                WRITE_READ_ONLY,
            ),
            (
                c(&build.join("new")),
                libc::O_WRONLY | libc::O_CREAT,
                WRITE_BUILD,
            ),
        ];
        // Something that listens, so that a refused connection is Landlock's doing.
        let listener = std::net::TcpListener::bind("127.0.0.1:0").unwrap();
        let port = listener.local_addr().unwrap().port();
        let parent = std::process::id() as libc::pid_t;
        // SAFETY: the child makes only async-signal-safe calls on what was built before
        // the fork, and ends with `_exit`.
        let child = unsafe { libc::fork() };
        if child == 0 {
            let mut could = 0;
            if restrict(ruleset).is_err() {
                could |= NOT_RESTRICTED;
            }
            for (path, flags, bit) in &paths {
                // SAFETY: a NUL-terminated path that outlives the call.
                if unsafe { libc::open(path.as_ptr(), flags | libc::O_CLOEXEC, 0o600) } >= 0 {
                    could |= bit;
                }
            }
            if connects(port) {
                could |= TCP_CONNECT;
            }
            // SAFETY: signal 0 only checks whether a signal could be sent.
            if unsafe { libc::kill(parent, 0) } == 0 {
                could |= SIGNAL_PARENT;
            }
            // SAFETY: ends the child at once, without running the parent's destructors.
            unsafe { libc::_exit(could) };
        }
        assert!(child > 0, "fork: {}", io::Error::last_os_error());
        let mut status = 0;
        // SAFETY: waits for our own child, writing only `status`.
        assert_eq!(unsafe { libc::waitpid(child, &mut status, 0) }, child);
        assert!(libc::WIFEXITED(status), "the child ended with {status:#x}");
        let could = libc::WEXITSTATUS(status);
        let mut expected = READ_INSIDE | READ_FILE_RULE | WRITE_BUILD;
        if abi < 4 {
            expected |= TCP_CONNECT;
        }
        if abi < 6 {
            expected |= SIGNAL_PARENT;
        }
        assert_eq!(could, expected, "what the child could do (bits above)");
    }

    /// Whether a TCP connection to `port` on 127.0.0.1 succeeds; async-signal-safe.
    fn connects(port: u16) -> bool {
        // SAFETY: a new socket, or -1.
        let socket = unsafe { libc::socket(libc::AF_INET, libc::SOCK_STREAM, 0) };
        let address = libc::sockaddr_in {
            sin_family: libc::AF_INET as libc::sa_family_t,
            sin_port: port.to_be(),
            sin_addr: libc::in_addr {
                s_addr: u32::from(std::net::Ipv4Addr::LOCALHOST).to_be(),
            },
            sin_zero: [0; 8],
        };
        let length = size_of::<libc::sockaddr_in>() as libc::socklen_t;
        // SAFETY: `address` is a live sockaddr_in of `length` bytes, only read.
        socket >= 0 && unsafe { libc::connect(socket, (&raw const address).cast(), length) } == 0
    }
}
