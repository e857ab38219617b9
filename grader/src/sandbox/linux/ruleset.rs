//! The Landlock ruleset of a run: built before `fork`, enforced in the child.

use std::io;

use anyhow::{Context, Result};
use landlock::{
    ABI, Access, AccessFs, AccessNet, RestrictSelfError, Ruleset, RulesetAttr, RulesetCreated,
    RulesetCreatedAttr, RulesetError, Scope, path_beneath_rules,
};

use crate::sandbox::Policy;

/// The newest ABI the `landlock` crate knows. Rulesets are best effort: the crate keeps
/// what the running kernel supports, so every access right the kernel offers is used.
const NEWEST_ABI: ABI = ABI::V10;

/// Builds the ruleset and opens every path of `policy`, ready for the child to enforce.
/// Every handled right is denied except where a rule allows it: no TCP bind or connect
/// at all, no file access outside the policy, and (ABI 6) no signal or abstract unix
/// socket reaching out of the run. Paths that do not exist are skipped.
pub fn prepare(policy: &Policy) -> Result<RulesetCreated> {
    let read = AccessFs::ReadFile | AccessFs::ReadDir;
    let execute = read | AccessFs::Execute;
    // The build folder: everything but executing what was written there.
    let write = AccessFs::from_all(NEWEST_ABI) & !AccessFs::Execute;
    let build = || -> Result<RulesetCreated, RulesetError> {
        Ruleset::default()
            .handle_access(AccessFs::from_all(NEWEST_ABI))?
            .handle_access(AccessNet::from_all(NEWEST_ABI))?
            .scope(Scope::from_all(NEWEST_ABI))?
            .create()?
            .add_rules(path_beneath_rules(&policy.read, read))?
            .add_rules(path_beneath_rules(&policy.execute, execute))?
            .add_rules(path_beneath_rules(&policy.write, write))
    };
    build().context("cannot prepare the Landlock rules")
}

/// Enforces the ruleset on the calling process and all it will start. Async-signal-safe:
/// `RulesetCreated::restrict_self` makes two system calls (`prctl(PR_SET_NO_NEW_PRIVS)`
/// and `landlock_restrict_self`) and builds its status and errors from plain values
/// (an OS error is a number), without allocating.
pub fn restrict(ruleset: RulesetCreated) -> io::Result<()> {
    match ruleset.restrict_self() {
        Ok(_) => Ok(()),
        Err(RulesetError::RestrictSelf(
            RestrictSelfError::SetNoNewPrivsCall { source, .. }
            | RestrictSelfError::RestrictSelfCall { source, .. },
        )) => Err(source),
        Err(_) => Err(io::Error::from_raw_os_error(libc::EINVAL)),
    }
}
