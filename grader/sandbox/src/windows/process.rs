//! Starting a learner's program under the runs' restricted token (`restricted.rs`):
//! `CreateProcessAsUserW`, suspended, without a console, on the runs' desktop, with an
//! attribute list that names the only handles it inherits
//! (`PROC_THREAD_ATTRIBUTE_HANDLE_LIST`), forbids it any child process
//! (`PROC_THREAD_ATTRIBUTE_CHILD_PROCESS_POLICY`) and turns its mitigations on
//! (`PROC_THREAD_ATTRIBUTE_MITIGATION_POLICY`); what each holds is `launch.rs`'s.

use std::ffi::OsStr;
use std::io;
use std::os::windows::io::{AsRawHandle, FromRawHandle, OwnedHandle, RawHandle};
use std::path::Path;

use windows_sys::Win32::System::Threading::{
    CREATE_SUSPENDED, CREATE_UNICODE_ENVIRONMENT, CreateProcessAsUserW, DETACHED_PROCESS,
    DeleteProcThreadAttributeList, EXTENDED_STARTUPINFO_PRESENT, InitializeProcThreadAttributeList,
    PROC_THREAD_ATTRIBUTE_CHILD_PROCESS_POLICY, PROC_THREAD_ATTRIBUTE_HANDLE_LIST,
    PROC_THREAD_ATTRIBUTE_MITIGATION_POLICY, PROCESS_INFORMATION, STARTF_USESTDHANDLES,
    STARTUPINFOEXW, UpdateProcThreadAttribute,
};

use super::ffi::{check, wide, wide_str};
use super::launch::{CHILD_PROCESS_RESTRICTED, MITIGATIONS, command_line, environment_block};
use super::restricted::Layers;

/// A program started suspended: its process, and its one thread to resume.
pub(crate) struct Started {
    pub process: OwnedHandle,
    pub thread: OwnedHandle,
}

/// What the program is started with.
pub(crate) struct Launch<'a> {
    pub program: &'a Path,
    pub args: Vec<&'a OsStr>,
    pub current_dir: &'a Path,
    pub env: Vec<(&'a OsStr, &'a OsStr)>,
    /// Standard input, output and error; null for one it has not.
    pub stdio: [RawHandle; 3],
    /// Every handle it inherits (each inheritable): its streams and channels.
    pub inherited: Vec<RawHandle>,
}

/// Starts `launch` suspended, under `layers`' token, on their desktop.
pub(crate) fn start(layers: &Layers, launch: &Launch) -> io::Result<Started> {
    let application = wide(launch.program.as_os_str());
    let mut line = wide_str(&command_line(
        launch.program.as_os_str(),
        launch.args.iter().copied(),
    ));
    let env = environment_block(launch.env.iter().copied());
    let current_dir = wide(launch.current_dir.as_os_str());
    let mut desktop = layers.desktop.clone();
    let handles = launch.inherited.clone();
    let mut attributes = AttributeList::new(3)?;
    // The list stays alive (and unmoved) until the process is created.
    attributes.set(
        PROC_THREAD_ATTRIBUTE_HANDLE_LIST,
        handles.as_ptr().cast(),
        std::mem::size_of_val(handles.as_slice()),
    )?;
    attributes.set_policies()?;
    // SAFETY: plain data, every field of which may be zero.
    let mut startup: STARTUPINFOEXW = unsafe { std::mem::zeroed() };
    startup.StartupInfo.cb = std::mem::size_of::<STARTUPINFOEXW>() as u32;
    startup.StartupInfo.lpDesktop = desktop.as_mut_ptr();
    startup.StartupInfo.dwFlags = STARTF_USESTDHANDLES;
    [
        startup.StartupInfo.hStdInput,
        startup.StartupInfo.hStdOutput,
        startup.StartupInfo.hStdError,
    ] = launch.stdio;
    startup.lpAttributeList = attributes.pointer();
    // SAFETY: plain data, which the call fills.
    let mut information: PROCESS_INFORMATION = unsafe { std::mem::zeroed() };
    // No console (a console would be a process of its own, which it may not start);
    // its streams are the handles above.
    let flags = CREATE_SUSPENDED
        | DETACHED_PROCESS
        | CREATE_UNICODE_ENVIRONMENT
        | EXTENDED_STARTUPINFO_PRESENT;
    // SAFETY: the token's handle; NUL-ended strings and an environment block alive
    // until the call returns; the startup information with its attribute list, whose
    // values are alive too; and the information to fill. Handles are inherited, but
    // only those of the list.
    check(unsafe {
        CreateProcessAsUserW(
            layers.token.as_raw_handle(),
            application.as_ptr(),
            line.as_mut_ptr(),
            std::ptr::null(),
            std::ptr::null(),
            1,
            flags,
            env.as_ptr().cast(),
            current_dir.as_ptr(),
            &startup.StartupInfo,
            &mut information,
        )
    })?;
    drop(attributes);
    // SAFETY: two handles just made, owned by nothing else.
    Ok(unsafe {
        Started {
            process: OwnedHandle::from_raw_handle(information.hProcess),
            thread: OwnedHandle::from_raw_handle(information.hThread),
        }
    })
}

/// Whether this Windows takes a learner's program's attributes (the child-process
/// policy and the mitigations need Windows 10).
pub(crate) fn attributes_accepted() -> io::Result<()> {
    AttributeList::new(2)?.set_policies()
}

/// The child-process policy and the mitigations, where an attribute list can point to
/// them for as long as it lives.
static CHILD_POLICY: u32 = CHILD_PROCESS_RESTRICTED;
static MITIGATION_FLAGS: u64 = MITIGATIONS;

/// A process's attribute list, deleted when dropped.
struct AttributeList {
    /// Its memory, aligned for the pointers it holds.
    buffer: Vec<u64>,
}

impl AttributeList {
    fn new(count: u32) -> io::Result<AttributeList> {
        let mut size = 0;
        // SAFETY: asks for the size only: no list.
        unsafe { InitializeProcThreadAttributeList(std::ptr::null_mut(), count, 0, &mut size) };
        let mut buffer = vec![0u64; size.div_ceil(8)];
        // SAFETY: a buffer of `size` bytes at least.
        check(unsafe {
            InitializeProcThreadAttributeList(buffer.as_mut_ptr().cast(), count, 0, &mut size)
        })?;
        Ok(AttributeList { buffer })
    }

    fn pointer(&mut self) -> *mut core::ffi::c_void {
        self.buffer.as_mut_ptr().cast()
    }

    /// Sets `attribute` to the `size` bytes at `value`, which must stay alive and
    /// unmoved while the list is used.
    fn set(
        &mut self,
        attribute: u32,
        value: *const core::ffi::c_void,
        size: usize,
    ) -> io::Result<()> {
        // SAFETY: an initialized list, and a value of `size` bytes the caller keeps.
        check(unsafe {
            UpdateProcThreadAttribute(
                self.pointer(),
                0,
                attribute as usize,
                value,
                size,
                std::ptr::null_mut(),
                std::ptr::null(),
            )
        })
    }

    /// Sets the child-process policy and the mitigations of a learner's program.
    fn set_policies(&mut self) -> io::Result<()> {
        self.set(
            PROC_THREAD_ATTRIBUTE_CHILD_PROCESS_POLICY,
            (&CHILD_POLICY as *const u32).cast(),
            std::mem::size_of::<u32>(),
        )?;
        self.set(
            PROC_THREAD_ATTRIBUTE_MITIGATION_POLICY,
            (&MITIGATION_FLAGS as *const u64).cast(),
            std::mem::size_of::<u64>(),
        )
    }
}

impl Drop for AttributeList {
    fn drop(&mut self) {
        // SAFETY: a list initialized by `new`, deleted once.
        unsafe { DeleteProcThreadAttributeList(self.pointer()) };
    }
}
