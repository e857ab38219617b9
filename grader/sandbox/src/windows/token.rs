//! The restricted token a learner's program runs under, as plain data: which of the
//! user's SIDs become deny-only, which restrict it, its integrity level, and the
//! security descriptors (SDDL) of what the grader makes for it. Platform-neutral (SIDs
//! are strings), so its tests run everywhere; `restricted.rs` makes the token from it.
//!
//! The shape is Chromium's `USER_LIMITED` with the user's own SID deny-only too:
//! - every group but Everyone, Users and Interactive (and the logon SID, which Windows
//!   needs to run the process) is deny-only: it can only deny, never grant;
//! - the restricting SIDs are Everyone, Users, RESTRICTED and the logon SID: an access
//!   must be granted both to an enabled SID and to a restricting one;
//! - no privilege but the one to traverse folders (`DISABLE_MAX_PRIVILEGE`);
//! - low integrity: nothing of medium integrity (the user's files, the grader's
//!   process) can be written or opened for writing, whatever its DACL says.
//!
//! So the program reads what every user of the machine may read (the system's files)
//! and what the grader grants its logon SID (its program and the standard library's
//! DLL, see [`run_grants`]); the user's own files, granted to the user alone, stay out.

use std::path::{Path, PathBuf};

/// Everyone.
pub(crate) const EVERYONE: &str = "S-1-1-0";
/// BUILTIN\Users: the system's files are readable through it.
pub(crate) const USERS: &str = "S-1-5-32-545";
/// NT AUTHORITY\INTERACTIVE.
pub(crate) const INTERACTIVE: &str = "S-1-5-4";
/// NT AUTHORITY\RESTRICTED: the SID of restricted code.
pub(crate) const RESTRICTED: &str = "S-1-5-12";
/// NT AUTHORITY\SYSTEM.
pub(crate) const SYSTEM: &str = "S-1-5-18";
/// The low mandatory level (`SECURITY_MANDATORY_LOW_RID`).
pub(crate) const LOW_INTEGRITY: &str = "S-1-16-4096";

// SE_GROUP_* (winnt.h): what a group of a token is.
pub(crate) const GROUP_INTEGRITY: u32 = 0x20;
pub(crate) const GROUP_LOGON_ID: u32 = 0xC000_0000;

/// The groups that stay enabled (the system's files are readable through them).
const KEPT_ENABLED: [&str; 3] = [EVERYONE, USERS, INTERACTIVE];

/// One group of the grader's token: its SID, and its `SE_GROUP_*` attributes.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct Group {
    pub sid: String,
    pub attributes: u32,
}

/// Who the grader runs as: its user SID and its groups.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct Identity {
    pub user: String,
    pub groups: Vec<Group>,
}

impl Identity {
    /// The logon SID of the session (`S-1-5-5-X-Y`), if the token has one.
    pub(crate) fn logon(&self) -> Option<&str> {
        self.groups
            .iter()
            .find(|group| group.attributes & GROUP_LOGON_ID == GROUP_LOGON_ID)
            .map(|group| group.sid.as_str())
    }
}

/// What `CreateRestrictedToken` and `SetTokenInformation` are given.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct TokenPlan {
    /// SIDs made deny-only (`SidsToDisable`).
    pub deny_only: Vec<String>,
    /// SIDs that restrict every access (`SidsToRestrict`).
    pub restricting: Vec<String>,
    /// `TokenIntegrityLevel`.
    pub integrity: &'static str,
    /// `TokenDefaultDacl`, for what the program itself makes (its threads, its
    /// events): the grader and the system, and the program itself through its logon
    /// SID.
    pub default_dacl: String,
}

/// The restricted token of a learner's program, from the grader's `identity`; `None`
/// without a logon SID, which the program's grants need.
pub(crate) fn token_plan(identity: &Identity) -> Option<TokenPlan> {
    let logon = identity.logon()?;
    let mut deny_only = vec![identity.user.clone()];
    deny_only.extend(
        identity
            .groups
            .iter()
            .filter(|group| {
                group.attributes & GROUP_INTEGRITY == 0
                    && group.attributes & GROUP_LOGON_ID != GROUP_LOGON_ID
                    && !KEPT_ENABLED.contains(&group.sid.as_str())
            })
            .map(|group| group.sid.clone()),
    );
    Some(TokenPlan {
        deny_only,
        restricting: [EVERYONE, USERS, RESTRICTED, logon]
            .map(String::from)
            .to_vec(),
        integrity: LOW_INTEGRITY,
        default_dacl: format!(
            "D:(A;;GA;;;{SYSTEM})(A;;GA;;;{})(A;;GA;;;{logon})",
            identity.user
        ),
    })
}

// Access rights (winnt.h), for the grants below.
const FILE_READ_DATA: u32 = 0x1;
const FILE_READ_EA: u32 = 0x8;
const FILE_EXECUTE: u32 = 0x20;
const FILE_READ_ATTRIBUTES: u32 = 0x80;
const READ_CONTROL: u32 = 0x2_0000;
const SYNCHRONIZE: u32 = 0x10_0000;
/// What loading a program or a DLL needs: reading, mapping as code.
pub(crate) const READ_AND_EXECUTE: u32 = FILE_READ_DATA
    | FILE_READ_EA
    | FILE_EXECUTE
    | FILE_READ_ATTRIBUTES
    | READ_CONTROL
    | SYNCHRONIZE;
/// What a folder must allow to be a process's current folder (`FILE_TRAVERSE` is
/// `FILE_EXECUTE` on a folder): not listing it.
pub(crate) const TRAVERSE: u32 = FILE_EXECUTE | FILE_READ_ATTRIBUTES | SYNCHRONIZE;

/// Rights the grader grants a run's logon SID on one path.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct Grant {
    pub path: PathBuf,
    pub rights: u32,
}

/// What a learner's run needs granted to be loaded under its token: its `program` and
/// the `libraries` copied next to it, to read and execute, and their folder to be its
/// current folder. Nothing else, and never a right to write.
pub(crate) fn run_grants(program: &Path, libraries: &[PathBuf]) -> Vec<Grant> {
    let mut grants: Vec<Grant> = std::iter::once(program)
        .chain(libraries.iter().map(PathBuf::as_path))
        .map(|path| Grant {
            path: path.to_path_buf(),
            rights: READ_AND_EXECUTE,
        })
        .collect();
    if let Some(folder) = program.parent() {
        grants.push(Grant {
            path: folder.to_path_buf(),
            rights: TRAVERSE,
        });
    }
    grants
}

/// The standard library's DLLs among the names of a toolchain's `bin` folder
/// (`std-<hash>.dll`), which a learner's program loads: copied next to the program,
/// where its token can be granted them without touching the toolchain.
pub(crate) fn std_libraries<'a>(names: impl IntoIterator<Item = &'a str>) -> Vec<&'a str> {
    names
        .into_iter()
        .filter(|name| {
            let lower = name.to_ascii_lowercase();
            lower.starts_with("std-") && lower.ends_with(".dll")
        })
        .collect()
}

// DESKTOP_* (winuser.h): what a process needs of the desktop it starts on.
const DESKTOP_READOBJECTS: u32 = 0x1;
const DESKTOP_CREATEWINDOW: u32 = 0x2;
const DESKTOP_CREATEMENU: u32 = 0x4;
const DESKTOP_WRITEOBJECTS: u32 = 0x80;
/// The desktop rights of a learner's program: to start on it, nothing of the user's.
pub(crate) const DESKTOP_RIGHTS: u32 = DESKTOP_READOBJECTS
    | DESKTOP_CREATEWINDOW
    | DESKTOP_CREATEMENU
    | DESKTOP_WRITEOBJECTS
    | READ_CONTROL;

/// The desktop the grader makes for its runs: all of it to the grader and the system,
/// what a process needs to start on it to the runs' logon SID, and a low integrity
/// label, so that low-integrity programs may use it.
pub(crate) fn desktop_sddl(identity: &Identity, logon: &str) -> String {
    format!(
        "D:P(A;;GA;;;{SYSTEM})(A;;GA;;;{})(A;;{DESKTOP_RIGHTS:#x};;;{logon})S:(ML;;NW;;;LW)",
        identity.user
    )
}

/// The grader's own process: all of it to the grader's user and the system, nothing to
/// anyone else (a run's token has the user SID deny-only, so it matches no entry).
pub(crate) fn grader_process_sddl(identity: &Identity) -> String {
    format!("D:P(A;;GA;;;{SYSTEM})(A;;GA;;;{})", identity.user)
}

#[cfg(test)]
mod tests {
    use super::*;

    const ME: &str = "S-1-5-21-1004336348-1177238915-682003330-1001";
    const LOGON: &str = "S-1-5-5-0-123456";
    const ADMINISTRATORS: &str = "S-1-5-32-544";
    const AUTHENTICATED_USERS: &str = "S-1-5-11";
    const MEDIUM: &str = "S-1-16-8192";

    /// An administrator's token, as Windows gives it.
    fn identity() -> Identity {
        let group = |sid: &str, attributes: u32| Group {
            sid: sid.to_string(),
            attributes,
        };
        Identity {
            user: ME.to_string(),
            groups: vec![
                group(EVERYONE, 7),
                group(ADMINISTRATORS, 0xF),
                group(USERS, 7),
                group(INTERACTIVE, 7),
                group(AUTHENTICATED_USERS, 7),
                group(LOGON, GROUP_LOGON_ID | 7),
                group(MEDIUM, GROUP_INTEGRITY | 0x40),
            ],
        }
    }

    #[test]
    fn the_user_and_every_group_that_could_grant_the_users_files_only_deny() {
        let plan = token_plan(&identity()).unwrap();
        assert_eq!(plan.deny_only, [ME, ADMINISTRATORS, AUTHENTICATED_USERS]);
        assert_eq!(plan.restricting, [EVERYONE, USERS, RESTRICTED, LOGON]);
        assert_eq!(plan.integrity, "S-1-16-4096");
        // Nothing restricting that the user's files are granted to.
        for sid in [ME, ADMINISTRATORS, AUTHENTICATED_USERS, INTERACTIVE, SYSTEM] {
            assert!(!plan.restricting.iter().any(|s| s == sid), "{sid}");
        }
        // What the program makes, the grader may end; no one but it and the system.
        assert_eq!(
            plan.default_dacl,
            format!("D:(A;;GA;;;S-1-5-18)(A;;GA;;;{ME})(A;;GA;;;{LOGON})")
        );
    }

    #[test]
    fn without_a_logon_sid_there_is_no_token_to_make() {
        let mut identity = identity();
        identity.groups.retain(|group| group.sid != LOGON);
        assert_eq!(identity.logon(), None);
        assert_eq!(token_plan(&identity), None);
    }

    #[test]
    fn a_run_is_granted_its_program_and_libraries_to_read_never_to_write() {
        let folder = Path::new(r"C:\Users\me\workbook\target\xorlings\builds\abc");
        let program = folder.join("program.exe");
        let library = folder.join("std-0123abcd.dll");
        let grants = run_grants(&program, std::slice::from_ref(&library));
        assert_eq!(
            grants,
            [
                Grant {
                    path: program,
                    rights: READ_AND_EXECUTE
                },
                Grant {
                    path: library,
                    rights: READ_AND_EXECUTE
                },
                Grant {
                    path: folder.to_path_buf(),
                    rights: TRAVERSE
                },
            ]
        );
        // FILE_WRITE_DATA, FILE_APPEND_DATA, FILE_WRITE_EA, FILE_DELETE_CHILD,
        // FILE_WRITE_ATTRIBUTES, DELETE, WRITE_DAC, WRITE_OWNER; and listing a folder.
        let writes = 0x2 | 0x4 | 0x10 | 0x40 | 0x100 | 0x1_0000 | 0x4_0000 | 0x8_0000;
        for grant in &grants {
            assert_eq!(grant.rights & writes, 0, "{grant:?}");
        }
        assert_eq!(TRAVERSE & FILE_READ_DATA, 0, "a folder is not listed");
    }

    #[test]
    fn only_the_standard_librarys_dlls_are_copied() {
        let names = [
            "rustc.exe",
            "std-0123abcd.dll",
            "STD-FFEE.DLL",
            "rustc_driver-99.dll",
            "std-0123abcd.dll.lib",
            "stdarch.dll",
        ];
        assert_eq!(std_libraries(names), ["std-0123abcd.dll", "STD-FFEE.DLL"]);
    }

    #[test]
    fn the_desktop_and_the_graders_process_admit_no_one_else() {
        let identity = identity();
        let desktop = desktop_sddl(&identity, LOGON);
        assert_eq!(
            desktop,
            format!("D:P(A;;GA;;;S-1-5-18)(A;;GA;;;{ME})(A;;0x20087;;;{LOGON})S:(ML;;NW;;;LW)")
        );
        let grader = grader_process_sddl(&identity);
        assert_eq!(grader, format!("D:P(A;;GA;;;S-1-5-18)(A;;GA;;;{ME})"));
        // Protected (no inherited entry), and no entry for a group a run is in.
        for sddl in [&desktop, &grader] {
            assert!(sddl.starts_with("D:P("), "{sddl}");
            for group in [EVERYONE, USERS, INTERACTIVE, RESTRICTED, "WD", "BU", "AU"] {
                assert!(!sddl.contains(&format!(";;;{group})")), "{group} in {sddl}");
            }
        }
        assert!(!grader.contains(LOGON));
    }
}
