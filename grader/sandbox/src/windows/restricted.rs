//! What a learner's program runs in besides its job, made once per grader from the
//! plans of `token.rs`: the restricted token (deny-only groups, restricting SIDs, no
//! privileges, low integrity), a desktop of its own, and the grants of each run's
//! program and libraries to its logon SID; all of them or none (with the process
//! policies `process.rs` passes, which this Windows must accept). Also the grader's own
//! process DACL, which admits no run.

use std::ffi::OsStr;
use std::io;
use std::os::windows::io::{AsRawHandle, FromRawHandle, OwnedHandle};
use std::path::{Path, PathBuf};
use std::sync::{Mutex, OnceLock};

use windows_sys::Win32::Foundation::{GENERIC_ALL, HLOCAL, LocalFree};
use windows_sys::Win32::Security::Authorization::{
    ConvertSidToStringSidW, ConvertStringSecurityDescriptorToSecurityDescriptorW,
    ConvertStringSidToSidW, EXPLICIT_ACCESS_W, GRANT_ACCESS, GetNamedSecurityInfoW,
    NO_MULTIPLE_TRUSTEE, SDDL_REVISION_1, SE_FILE_OBJECT, SE_KERNEL_OBJECT, SetEntriesInAclW,
    SetNamedSecurityInfoW, SetSecurityInfo, TRUSTEE_IS_SID, TRUSTEE_IS_UNKNOWN, TRUSTEE_W,
};
use windows_sys::Win32::Security::{
    ACL, CreateRestrictedToken, DACL_SECURITY_INFORMATION, DISABLE_MAX_PRIVILEGE, GetLengthSid,
    GetSecurityDescriptorDacl, GetTokenInformation, NO_INHERITANCE,
    PROTECTED_DACL_SECURITY_INFORMATION, PSECURITY_DESCRIPTOR, PSID, SECURITY_ATTRIBUTES,
    SID_AND_ATTRIBUTES, SetTokenInformation, TOKEN_ADJUST_DEFAULT, TOKEN_ASSIGN_PRIMARY,
    TOKEN_DEFAULT_DACL, TOKEN_DUPLICATE, TOKEN_GROUPS, TOKEN_MANDATORY_LABEL, TOKEN_QUERY,
    TOKEN_USER, TokenDefaultDacl, TokenGroups, TokenIntegrityLevel, TokenUser,
};
use windows_sys::Win32::System::StationsAndDesktops::{
    CreateDesktopW, GetProcessWindowStation, GetUserObjectInformationW, UOI_NAME,
};
use windows_sys::Win32::System::Threading::{GetCurrentProcess, OpenProcessToken};

use super::ffi::{check, wide, wide_str, win32};
use super::process::attributes_accepted;
use super::token::{
    GROUP_INTEGRITY, Group, Identity, desktop_sddl, grader_process_sddl, run_grants, std_libraries,
    token_plan,
};

/// What every learner's program of this grader starts with.
pub(crate) struct Layers {
    /// The restricted token, a primary token every run's process is created with.
    pub token: OwnedHandle,
    /// `WINSTATION\desktop`, NUL-ended: the desktop the runs start on.
    pub desktop: Vec<u16>,
    /// The logon SID the runs' files are granted to.
    logon: String,
}

/// The layers, made on the first call; why not, if they cannot be made (the runs then
/// go without them, and `doctor` says so).
pub(crate) fn layers() -> &'static Result<Layers, String> {
    static LAYERS: OnceLock<Result<Layers, String>> = OnceLock::new();
    LAYERS.get_or_init(|| make_layers().map_err(|error| format!("{error:#}")))
}

fn make_layers() -> anyhow::Result<Layers> {
    use anyhow::Context;
    let own = own_token().context("cannot open the grader's token")?;
    let identity = identity(&own).context("cannot read the grader's token")?;
    let plan = token_plan(&identity).context("the grader's token has no logon SID")?;
    let logon = identity.logon().unwrap_or_default().to_string();
    let token = restricted_token(&own, &plan.deny_only, &plan.restricting)
        .context("CreateRestrictedToken failed")?;
    let low = Sid::parse(plan.integrity)?;
    let label = TOKEN_MANDATORY_LABEL {
        Label: SID_AND_ATTRIBUTES {
            Sid: low.pointer,
            Attributes: GROUP_INTEGRITY,
        },
    };
    // SAFETY: the label and the SID it points to, read for the label's size and the
    // SID's.
    let set = unsafe {
        SetTokenInformation(
            token.as_raw_handle(),
            TokenIntegrityLevel,
            (&label as *const TOKEN_MANDATORY_LABEL).cast(),
            std::mem::size_of::<TOKEN_MANDATORY_LABEL>() as u32 + GetLengthSid(low.pointer),
        )
    };
    check(set).context("cannot lower the token's integrity level")?;
    let dacl = Descriptor::parse(&plan.default_dacl)?;
    let default = TOKEN_DEFAULT_DACL {
        DefaultDacl: dacl.dacl()?,
    };
    // SAFETY: the struct, and the DACL it points to, which `dacl` owns meanwhile.
    let set = unsafe {
        SetTokenInformation(
            token.as_raw_handle(),
            TokenDefaultDacl,
            (&default as *const TOKEN_DEFAULT_DACL).cast(),
            std::mem::size_of::<TOKEN_DEFAULT_DACL>() as u32,
        )
    };
    check(set).context("cannot set the token's default DACL")?;
    let desktop = desktop(&identity, &logon).context("cannot make a desktop for the runs")?;
    attributes_accepted()
        .context("this Windows refuses the child-process policy or the mitigations")?;
    Ok(Layers {
        token,
        desktop,
        logon,
    })
}

/// Sets the grader's own process DACL: the grader's user and the system alone, so that
/// no run (whose user SID is deny-only) can open it, to read its memory or write it.
pub(crate) fn protect_grader() -> io::Result<()> {
    let identity = identity(&own_token()?)?;
    let descriptor = Descriptor::parse(&grader_process_sddl(&identity))?;
    // SAFETY: the grader's own pseudo-handle, and a DACL `descriptor` owns meanwhile.
    let set = unsafe {
        SetSecurityInfo(
            GetCurrentProcess(),
            SE_KERNEL_OBJECT,
            DACL_SECURITY_INFORMATION | PROTECTED_DACL_SECURITY_INFORMATION,
            std::ptr::null_mut(),
            std::ptr::null_mut(),
            descriptor.dacl()?,
            std::ptr::null(),
        )
    };
    win32(set)
}

/// One staging at a time: runs of the same program share its folder.
static STAGING: Mutex<()> = Mutex::new(());

impl Layers {
    /// Readies `program` to run under the token: the standard library's DLLs of the
    /// `libraries` folders copied next to it (once; the token cannot read the
    /// toolchain), and the program, the copies and their folder granted to the runs'
    /// logon SID (see `token::run_grants`).
    pub(crate) fn stage(&self, program: &Path, libraries: &[PathBuf]) -> io::Result<()> {
        let _staging = STAGING
            .lock()
            .unwrap_or_else(|poisoned| poisoned.into_inner());
        let folder = program
            .parent()
            .ok_or_else(|| io::Error::other("the program has no folder"))?;
        let mut copies = Vec::new();
        for dir in libraries {
            let names: Vec<String> = std::fs::read_dir(dir)?
                .filter_map(|entry| entry.ok()?.file_name().into_string().ok())
                .collect();
            for name in std_libraries(names.iter().map(String::as_str)) {
                let (source, copy) = (dir.join(name), folder.join(name));
                let same = |a: &Path, b: &Path| {
                    let len = |path: &Path| std::fs::metadata(path).map(|m| m.len()).ok();
                    len(a).is_some() && len(a) == len(b)
                };
                // A copy in use by a run cannot be replaced, and needs not be.
                if !same(&source, &copy) {
                    std::fs::copy(&source, &copy)?;
                }
                copies.push(copy);
            }
        }
        let logon = Sid::parse(&self.logon)?;
        for grant in run_grants(program, &copies) {
            grant_to(&grant.path, &logon, grant.rights)?;
        }
        Ok(())
    }
}

/// The grader's own token, for reading and for making the restricted one.
fn own_token() -> io::Result<OwnedHandle> {
    let mut handle = std::ptr::null_mut();
    let access = TOKEN_QUERY | TOKEN_DUPLICATE | TOKEN_ASSIGN_PRIMARY | TOKEN_ADJUST_DEFAULT;
    // SAFETY: the grader's pseudo-handle, and a handle to fill.
    check(unsafe { OpenProcessToken(GetCurrentProcess(), access, &mut handle) })?;
    // SAFETY: a handle just opened, owned by nothing else.
    Ok(unsafe { OwnedHandle::from_raw_handle(handle) })
}

/// The user and the groups of `token`.
fn identity(token: &OwnedHandle) -> io::Result<Identity> {
    let user = information(token, TokenUser)?;
    // SAFETY: the buffer holds a TOKEN_USER (the class asked for), aligned for it.
    let user = unsafe { &*(user.as_ptr() as *const TOKEN_USER) };
    let groups_buffer = information(token, TokenGroups)?;
    // SAFETY: as above, a TOKEN_GROUPS, followed by its GroupCount entries.
    let groups = unsafe {
        let groups = &*(groups_buffer.as_ptr() as *const TOKEN_GROUPS);
        std::slice::from_raw_parts(groups.Groups.as_ptr(), groups.GroupCount as usize)
    };
    Ok(Identity {
        user: sid_string(user.User.Sid)?,
        groups: groups
            .iter()
            .map(|group| {
                Ok(Group {
                    sid: sid_string(group.Sid)?,
                    attributes: group.Attributes,
                })
            })
            .collect::<io::Result<_>>()?,
    })
}

/// One class of `token`'s information, in a buffer aligned for any of its structs.
fn information(token: &OwnedHandle, class: i32) -> io::Result<Vec<u64>> {
    let mut needed = 0u32;
    // SAFETY: asks for the size only: no buffer.
    unsafe {
        GetTokenInformation(
            token.as_raw_handle(),
            class,
            std::ptr::null_mut(),
            0,
            &mut needed,
        )
    };
    let mut buffer = vec![0u64; (needed as usize).div_ceil(8).max(1)];
    // SAFETY: the buffer holds `needed` bytes at least.
    check(unsafe {
        GetTokenInformation(
            token.as_raw_handle(),
            class,
            buffer.as_mut_ptr().cast(),
            (buffer.len() * 8) as u32,
            &mut needed,
        )
    })?;
    Ok(buffer)
}

/// A restricted version of `token`: every privilege but the one to traverse folders
/// gone, `deny_only` SIDs that can only deny, and `restricting` SIDs.
fn restricted_token(
    token: &OwnedHandle,
    deny_only: &[String],
    restricting: &[String],
) -> io::Result<OwnedHandle> {
    let parse = |sids: &[String]| {
        sids.iter()
            .map(|sid| Sid::parse(sid))
            .collect::<io::Result<Vec<_>>>()
    };
    let (deny_only, restricting) = (parse(deny_only)?, parse(restricting)?);
    let entries = |sids: &[Sid]| -> Vec<SID_AND_ATTRIBUTES> {
        sids.iter()
            .map(|sid| SID_AND_ATTRIBUTES {
                Sid: sid.pointer,
                Attributes: 0,
            })
            .collect()
    };
    let (deny_entries, restricting_entries) = (entries(&deny_only), entries(&restricting));
    let mut restricted = std::ptr::null_mut();
    // SAFETY: the token's handle, two arrays of the lengths given (their SIDs alive in
    // `deny_only` and `restricting`), no privilege list (DISABLE_MAX_PRIVILEGE).
    check(unsafe {
        CreateRestrictedToken(
            token.as_raw_handle(),
            DISABLE_MAX_PRIVILEGE,
            deny_entries.len() as u32,
            deny_entries.as_ptr(),
            0,
            std::ptr::null(),
            restricting_entries.len() as u32,
            restricting_entries.as_ptr(),
            &mut restricted,
        )
    })?;
    // SAFETY: a handle just made, owned by nothing else.
    Ok(unsafe { OwnedHandle::from_raw_handle(restricted) })
}

/// A desktop of the runs' own on the grader's window station, kept open for the
/// grader's life; its full name.
fn desktop(identity: &Identity, logon: &str) -> io::Result<Vec<u16>> {
    // SAFETY: the grader's window station; a handle not to close.
    let station = unsafe { GetProcessWindowStation() };
    if station.is_null() {
        return Err(io::Error::last_os_error());
    }
    let mut name = [0u16; 256];
    let mut needed = 0;
    // SAFETY: the station's handle, and a buffer of the size given.
    check(unsafe {
        GetUserObjectInformationW(
            station,
            UOI_NAME,
            name.as_mut_ptr().cast(),
            std::mem::size_of_val(&name) as u32,
            &mut needed,
        )
    })?;
    let station_name =
        String::from_utf16_lossy(&name[..name.iter().position(|&c| c == 0).unwrap_or(0)]);
    let desktop_name = format!("xorlings-{}", std::process::id());
    let descriptor = Descriptor::parse(&desktop_sddl(identity, logon))?;
    let attributes = SECURITY_ATTRIBUTES {
        nLength: std::mem::size_of::<SECURITY_ATTRIBUTES>() as u32,
        lpSecurityDescriptor: descriptor.pointer,
        bInheritHandle: 0,
    };
    let wide = wide(OsStr::new(&desktop_name));
    // SAFETY: a NUL-ended name, no device or mode, and attributes whose descriptor
    // `descriptor` owns meanwhile.
    let handle = unsafe {
        CreateDesktopW(
            wide.as_ptr(),
            std::ptr::null(),
            std::ptr::null(),
            0,
            GENERIC_ALL,
            &attributes,
        )
    };
    if handle.is_null() {
        return Err(io::Error::last_os_error());
    }
    // The handle stays open, and the desktop with it, until the grader ends.
    Ok(wide_str(&format!("{station_name}\\{desktop_name}")))
}

/// Adds to `path`'s DACL an entry granting `rights` to `sid` (not inherited by what a
/// folder holds).
fn grant_to(path: &Path, sid: &Sid, rights: u32) -> io::Result<()> {
    let name = wide(path.as_os_str());
    let mut old: *mut ACL = std::ptr::null_mut();
    let mut descriptor: PSECURITY_DESCRIPTOR = std::ptr::null_mut();
    // SAFETY: a NUL-ended path, and out-pointers for its DACL and its descriptor (which
    // owns the DACL, freed below).
    win32(unsafe {
        GetNamedSecurityInfoW(
            name.as_ptr(),
            SE_FILE_OBJECT,
            DACL_SECURITY_INFORMATION,
            std::ptr::null_mut(),
            std::ptr::null_mut(),
            &mut old,
            std::ptr::null_mut(),
            &mut descriptor,
        )
    })?;
    let descriptor = Local(descriptor);
    let entry = EXPLICIT_ACCESS_W {
        grfAccessPermissions: rights,
        grfAccessMode: GRANT_ACCESS,
        grfInheritance: NO_INHERITANCE,
        Trustee: TRUSTEE_W {
            pMultipleTrustee: std::ptr::null_mut(),
            MultipleTrusteeOperation: NO_MULTIPLE_TRUSTEE,
            TrusteeForm: TRUSTEE_IS_SID,
            TrusteeType: TRUSTEE_IS_UNKNOWN,
            ptstrName: sid.pointer.cast(),
        },
    };
    let mut new: *mut ACL = std::ptr::null_mut();
    // SAFETY: one entry, the old DACL (alive in `descriptor`), and an out-pointer.
    win32(unsafe { SetEntriesInAclW(1, &entry, old, &mut new) })?;
    let new = Local(new.cast());
    // SAFETY: the path, and the new DACL (alive in `new`).
    let set = unsafe {
        SetNamedSecurityInfoW(
            name.as_ptr(),
            SE_FILE_OBJECT,
            DACL_SECURITY_INFORMATION,
            std::ptr::null_mut(),
            std::ptr::null_mut(),
            new.0.cast(),
            std::ptr::null(),
        )
    };
    drop((new, descriptor));
    win32(set)
}

/// Memory the system allocated for the grader with LocalAlloc, freed when dropped.
struct Local(*mut core::ffi::c_void);

impl Drop for Local {
    fn drop(&mut self) {
        if !self.0.is_null() {
            // SAFETY: memory LocalAlloc'ed by the call that returned it, freed once.
            unsafe { LocalFree(self.0 as HLOCAL) };
        }
    }
}

/// A SID parsed from its string.
struct Sid {
    pointer: PSID,
    /// Where it lives, freed when it drops.
    _memory: Local,
}

impl Sid {
    fn parse(text: &str) -> io::Result<Sid> {
        let wide = wide_str(text);
        let mut sid: PSID = std::ptr::null_mut();
        // SAFETY: a NUL-ended string, and an out-pointer for the SID LocalAlloc'ed.
        check(unsafe { ConvertStringSidToSidW(wide.as_ptr(), &mut sid) })?;
        Ok(Sid {
            pointer: sid,
            _memory: Local(sid),
        })
    }
}

/// A security descriptor parsed from SDDL.
struct Descriptor {
    pointer: PSECURITY_DESCRIPTOR,
    /// Where it lives, freed when it drops.
    _memory: Local,
}

impl Descriptor {
    fn parse(sddl: &str) -> io::Result<Descriptor> {
        let wide = wide_str(sddl);
        let mut descriptor: PSECURITY_DESCRIPTOR = std::ptr::null_mut();
        // SAFETY: a NUL-ended string, and an out-pointer for the descriptor
        // LocalAlloc'ed.
        check(unsafe {
            ConvertStringSecurityDescriptorToSecurityDescriptorW(
                wide.as_ptr(),
                SDDL_REVISION_1,
                &mut descriptor,
                std::ptr::null_mut(),
            )
        })?;
        Ok(Descriptor {
            pointer: descriptor,
            _memory: Local(descriptor),
        })
    }

    /// Its DACL, which lives as long as it does.
    fn dacl(&self) -> io::Result<*mut ACL> {
        let (mut present, mut defaulted) = (0, 0);
        let mut dacl: *mut ACL = std::ptr::null_mut();
        // SAFETY: a descriptor alive in `self`, and out-pointers.
        check(unsafe {
            GetSecurityDescriptorDacl(self.pointer, &mut present, &mut dacl, &mut defaulted)
        })?;
        Ok(dacl)
    }
}

/// A SID as its string (`S-1-5-...`).
fn sid_string(sid: PSID) -> io::Result<String> {
    let mut text: *mut u16 = std::ptr::null_mut();
    // SAFETY: a SID of the token's buffer, and an out-pointer for a LocalAlloc'ed string.
    check(unsafe { ConvertSidToStringSidW(sid, &mut text) })?;
    let _free = Local(text.cast());
    // SAFETY: a NUL-ended string the call wrote.
    let len = (0..).take_while(|&i| unsafe { *text.add(i) } != 0).count();
    // SAFETY: `len` characters of it.
    Ok(String::from_utf16_lossy(unsafe {
        std::slice::from_raw_parts(text, len)
    }))
}
