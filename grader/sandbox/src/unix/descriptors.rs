//! The descriptors a run gets: 0 to 2 as the command set them, and the ones the grader
//! passes, at the numbers it chose. Every other descriptor closes at the exec.

use std::io;
use std::os::fd::{AsRawFd, OwnedFd, RawFd};

use anyhow::{Result, ensure};

pub(super) struct Descriptors {
    passed: Vec<(OwnedFd, RawFd)>,
    /// Where each passed descriptor is moved first, filled in the child.
    moved: Vec<RawFd>,
    /// A number above every target.
    above: RawFd,
    /// The grader's open-file limit: how far to look without `close_range`.
    highest: RawFd,
}

impl Descriptors {
    pub(super) fn new(passed: Vec<(OwnedFd, RawFd)>) -> Result<Descriptors> {
        let mut targets: Vec<RawFd> = passed.iter().map(|&(_, target)| target).collect();
        targets.sort_unstable();
        ensure!(
            targets.first().is_none_or(|&lowest| lowest > 2),
            "descriptors 0 to 2 are the command's standard streams"
        );
        ensure!(
            targets.windows(2).all(|pair| pair[0] != pair[1]),
            "two descriptors passed at the same number"
        );
        let limit = rustix::process::getrlimit(rustix::process::Resource::Nofile).current;
        Ok(Descriptors {
            moved: vec![-1; passed.len()],
            above: targets.last().map_or(3, |highest| highest + 1),
            highest: limit
                .or_else(most_open_files)
                .map_or(RawFd::MAX, |limit| limit.min(RawFd::MAX as u64) as RawFd),
            passed,
        })
    }

    /// Installs the passed descriptors and marks all others close-on-exec.
    /// Async-signal-safe: `fcntl`, `dup2` and `close_range` on prepared numbers.
    pub(super) fn install(&mut self) -> io::Result<()> {
        // Other threads of the grader may have opened descriptors without CLOEXEC.
        close_on_exec_from(3, self.highest);
        // First move every passed descriptor above all targets, so that placing one
        // never overwrites another that is still to be placed.
        for ((fd, _), moved) in self.passed.iter().zip(&mut self.moved) {
            *moved = check(dup_above(fd.as_raw_fd(), self.above))?;
        }
        for (&(_, target), &moved) in self.passed.iter().zip(&self.moved) {
            // SAFETY: dup2 on two numbers; the new descriptor is not close-on-exec.
            check(unsafe { libc::dup2(moved, target) })?;
        }
        Ok(())
    }
}

/// The most descriptors a process may have open, when its own limit is infinite: on
/// macOS, `kern.maxfilesperproc` (Linux has `close_range`, and needs no bound).
impl Descriptors {
    /// The descriptors passed, at their numbers in the grader.
    #[cfg(target_os = "linux")]
    pub(super) fn sources(&self) -> impl Iterator<Item = RawFd> + '_ {
        self.passed.iter().map(|(fd, _)| fd.as_raw_fd())
    }
}

/// In the child: closes every descriptor from 3 on but the `kept` ones (in increasing
/// order), at once rather than at the exec. Among them is std's report of the exec,
/// whose close tells the parent that the child is started: its spawn returns then.
#[cfg(target_os = "linux")]
pub(super) fn close_all_but(kept: &[RawFd]) {
    let mut from: RawFd = 3;
    for &fd in kept.iter().chain(&[RawFd::MAX]) {
        if fd > from {
            // SAFETY: close_range closes descriptors only (Linux 5.9); an older kernel
            // closes nothing here, and the exec closes them still.
            unsafe {
                libc::syscall(
                    libc::SYS_close_range,
                    from as libc::c_uint,
                    (fd - 1) as libc::c_uint,
                    0,
                )
            };
        }
        from = from.max(fd.saturating_add(1));
    }
}

fn most_open_files() -> Option<u64> {
    #[cfg(target_os = "macos")]
    {
        let mut most: libc::c_int = 0;
        let mut len = std::mem::size_of::<libc::c_int>();
        // SAFETY: sysctlbyname writes one int into `most`, and its size into `len`.
        let read = unsafe {
            libc::sysctlbyname(
                c"kern.maxfilesperproc".as_ptr(),
                (&mut most as *mut libc::c_int).cast(),
                &mut len,
                std::ptr::null_mut(),
                0,
            )
        };
        (read == 0).then(|| most.max(0) as u64)
    }
    #[cfg(not(target_os = "macos"))]
    None
}

/// A close-on-exec copy of `fd` at `above` or higher.
fn dup_above(fd: RawFd, above: RawFd) -> libc::c_int {
    // SAFETY: fcntl on a descriptor number touches no memory.
    unsafe { libc::fcntl(fd, libc::F_DUPFD_CLOEXEC, above) }
}

/// Marks descriptors `first` and up close-on-exec.
fn close_on_exec_from(first: RawFd, highest: RawFd) {
    #[cfg(target_os = "linux")]
    {
        // SAFETY: close_range with CLOEXEC only changes descriptor flags (Linux 5.11).
        let marked = unsafe {
            libc::syscall(
                libc::SYS_close_range,
                first as libc::c_uint,
                libc::c_uint::MAX,
                libc::CLOSE_RANGE_CLOEXEC,
            )
        };
        if marked == 0 {
            return;
        }
    }
    for fd in first..highest {
        // SAFETY: fcntl on a descriptor number; numbers not open fail with EBADF.
        unsafe { libc::fcntl(fd, libc::F_SETFD, libc::FD_CLOEXEC) };
    }
}

fn check(result: libc::c_int) -> io::Result<libc::c_int> {
    if result < 0 {
        Err(io::Error::last_os_error())
    } else {
        Ok(result)
    }
}
