//! What this machine enforces.

use crate::linux::detect::detected;
use crate::{init, protection};

/// The kernel's version, as (major, minor).
fn kernel_version() -> (u32, u32) {
    let uname = rustix::system::uname();
    let release = uname.release().to_string_lossy();
    let mut numbers = release
        .split(['.', '-'])
        .map(|part| part.parse().unwrap_or(0));
    (numbers.next().unwrap_or(0), numbers.next().unwrap_or(0))
}

#[test]
fn protection_is_full_where_the_kernel_offers_it() {
    init().unwrap();
    let protection = protection();
    // Landlock ABI 6 came with Linux 6.12; seccomp and the rest are far older.
    if kernel_version() >= (6, 12) {
        assert!(protection.is_full(), "missing: {:?}", protection.missing);
    } else {
        eprintln!("this kernel leaves out: {:?}", protection.missing);
    }
    // Whatever the kernel, seccomp and Landlock's file rules exist on every kernel the
    // grader supports (Linux 5.13 and later).
    let kernel = detected();
    assert!(kernel.seccomp, "{kernel:?}");
    assert!(kernel.landlock_files, "{kernel:?}");
    assert!(kernel.subreaper, "{kernel:?}");
}
