//! Privileges: `no_new_privs`, and dropping every capability a root grader has.

use std::io;

use rustix::thread::{
    CapabilitiesSecureBits, CapabilitySet, CapabilitySets, capabilities,
    clear_ambient_capability_set, set_capabilities, set_capabilities_secure_bits, set_no_new_privs,
};

/// Whether the child can end with no capability and no way back to one.
pub(super) fn can_drop_all() -> bool {
    capabilities(None).is_ok_and(|sets| {
        sets.permitted.is_empty() || sets.effective.contains(CapabilitySet::SETPCAP)
    })
}

/// How the child drops its capabilities, decided before `fork`.
pub(super) struct Privileges {
    /// Locking the securebits and emptying the bounding set take `CAP_SETPCAP`.
    lock: bool,
}

impl Privileges {
    pub(super) fn new() -> Self {
        let lock =
            capabilities(None).is_ok_and(|sets| sets.effective.contains(CapabilitySet::SETPCAP));
        Privileges { lock }
    }

    /// Sets `no_new_privs` and drops every capability for good. Async-signal-safe:
    /// plain `prctl` and `capset` calls.
    pub(super) fn drop_all(&self) -> io::Result<()> {
        set_no_new_privs(true)?;
        if self.lock {
            // Root (uid 0) would get every capability back at the next exec
            // without NOROOT; the locks make that final.
            set_capabilities_secure_bits(
                CapabilitiesSecureBits::NO_ROOT
                    | CapabilitiesSecureBits::NO_ROOT_LOCKED
                    | CapabilitiesSecureBits::NO_SETUID_FIXUP
                    | CapabilitiesSecureBits::NO_SETUID_FIXUP_LOCKED
                    | CapabilitiesSecureBits::KEEP_CAPS_LOCKED
                    | CapabilitiesSecureBits::NO_CAP_AMBIENT_RAISE
                    | CapabilitiesSecureBits::NO_CAP_AMBIENT_RAISE_LOCKED,
            )?;
            empty_bounding_set()?;
        }
        clear_ambient_capability_set()?;
        set_capabilities(
            None,
            CapabilitySets {
                effective: CapabilitySet::empty(),
                permitted: CapabilitySet::empty(),
                inheritable: CapabilitySet::empty(),
            },
        )?;
        Ok(())
    }
}

/// Drops every capability from the bounding set, up to the kernel's last one (the
/// first number it calls invalid), which may be newer than any list here.
fn empty_bounding_set() -> io::Result<()> {
    for capability in 0.. {
        // SAFETY: PR_CAPBSET_DROP takes a plain number and touches no memory.
        if unsafe { libc::prctl(libc::PR_CAPBSET_DROP, capability, 0, 0, 0) } != 0 {
            let error = io::Error::last_os_error();
            return match error.raw_os_error() {
                Some(libc::EINVAL) if capability > 0 => Ok(()),
                _ => Err(error),
            };
        }
    }
    Ok(())
}
