//! Memory shared with the child, mapped at a random address before `fork`.
//!
//! It holds the child's report of a failed step (the child's memory is its own after
//! `fork`; this is the one place the parent sees) and the path the child executes. The
//! seccomp filter of a learner's run lets `execve` through only with that path's
//! address, so the address must be one the program cannot guess: a random page among
//! 2^34, at a random byte of it. After the exec the address means nothing in the
//! program's fresh memory, and the filter cannot be read back.

use std::hash::{BuildHasher, RandomState};
use std::sync::atomic::AtomicU64;

use anyhow::{Result, bail};

/// Bytes at the start of the page for the failure report.
const REPORT_BYTES: usize = 8;
/// Random addresses to try before letting the kernel choose one.
const TRIES: usize = 8;

pub(crate) struct SharedPage {
    address: *mut u8,
    len: usize,
}

// SAFETY: the mapping is plain memory owned by this value; the report is an atomic, and
// the rest is written once before it is shared.
unsafe impl Send for SharedPage {}
// SAFETY: as above.
unsafe impl Sync for SharedPage {}

impl SharedPage {
    /// Maps a shared page (or more) at a random address, with `bytes` copied to a random
    /// place in it. Returns the page and where `bytes` are.
    pub(crate) fn with(bytes: &[u8]) -> Result<(SharedPage, *const u8)> {
        let page_size = rustix::param::page_size();
        // One page more than needed leaves room for a random offset.
        let len = (REPORT_BYTES + bytes.len()).div_ceil(page_size) * page_size + page_size;
        let page = SharedPage {
            address: map(len)?,
            len,
        };
        let room = len - REPORT_BYTES - bytes.len();
        let offset = REPORT_BYTES + (random() as usize % room);
        // SAFETY: offset + bytes.len() <= len: the copy stays inside the fresh mapping.
        let place = unsafe {
            let place = page.address.add(offset);
            std::ptr::copy_nonoverlapping(bytes.as_ptr(), place, bytes.len());
            place
        };
        Ok((page, place))
    }

    /// The report word at the start of the page.
    pub(crate) fn report(&self) -> &AtomicU64 {
        // SAFETY: the mapping is page-aligned, zero-filled, at least REPORT_BYTES long
        // and lives as long as `self`.
        unsafe { &*self.address.cast::<AtomicU64>() }
    }
}

impl Drop for SharedPage {
    fn drop(&mut self) {
        // SAFETY: unmaps exactly the mapping this value owns; nothing borrows it now.
        unsafe { libc::munmap(self.address.cast(), self.len) };
    }
}

/// Maps `len` bytes of shared memory, at a random address when the kernel agrees.
fn map(len: usize) -> Result<*mut u8> {
    let protection = libc::PROT_READ | libc::PROT_WRITE;
    let shared = libc::MAP_SHARED | libc::MAP_ANONYMOUS;
    for _ in 0..TRIES {
        let hint = random_address();
        // SAFETY: a new anonymous mapping; NOREPLACE (where there is one) never
        // overwrites an existing one, and elsewhere the address is only a hint.
        let address = unsafe { libc::mmap(hint, len, protection, shared | NO_REPLACE, -1, 0) };
        if address == hint {
            return Ok(address.cast());
        }
        if address != libc::MAP_FAILED {
            // Placed elsewhere (a kernel without NOREPLACE): try another address.
            // SAFETY: unmaps the mapping just made.
            unsafe { libc::munmap(address, len) };
        }
    }
    // SAFETY: a new anonymous mapping wherever the kernel (with its own randomness)
    // puts it.
    let address = unsafe { libc::mmap(std::ptr::null_mut(), len, protection, shared, -1, 0) };
    if address == libc::MAP_FAILED {
        bail!(
            "cannot map memory to share with the child: {}",
            std::io::Error::last_os_error()
        );
    }
    Ok(address.cast())
}

#[cfg(target_os = "linux")]
const NO_REPLACE: libc::c_int = libc::MAP_FIXED_NOREPLACE;
#[cfg(not(target_os = "linux"))]
const NO_REPLACE: libc::c_int = 0;

/// A page-aligned address between 4 GiB and 64 TiB: inside every 64-bit user space.
fn random_address() -> *mut libc::c_void {
    const LOW: u64 = 1 << 32;
    const HIGH: u64 = 1 << 46;
    let page = (random() % ((HIGH - LOW) >> 12)) << 12;
    (LOW + page) as usize as *mut libc::c_void
}

/// 64 unpredictable bits: SipHash under std's random keys (seeded from the OS).
fn random() -> u64 {
    RandomState::new().hash_one(0u8)
}
