//! A Job Object: made with a run's settings, the run's process assigned to it while it
//! is still suspended, its CPU time read from its accounting, and every process in it
//! ended at once.

use std::io;
use std::os::windows::io::{AsRawHandle, FromRawHandle, OwnedHandle, RawHandle};
use std::time::Duration;

use windows_sys::Win32::System::JobObjects::{
    AssignProcessToJobObject, CreateJobObjectW, JOB_OBJECT_LIMIT_ACTIVE_PROCESS,
    JOB_OBJECT_LIMIT_AFFINITY, JOB_OBJECT_LIMIT_DIE_ON_UNHANDLED_EXCEPTION,
    JOB_OBJECT_LIMIT_JOB_MEMORY, JOB_OBJECT_LIMIT_JOB_TIME, JOB_OBJECT_LIMIT_KILL_ON_JOB_CLOSE,
    JOB_OBJECT_LIMIT_PROCESS_MEMORY, JOB_OBJECT_UILIMIT_DESKTOP,
    JOB_OBJECT_UILIMIT_DISPLAYSETTINGS, JOB_OBJECT_UILIMIT_EXITWINDOWS,
    JOB_OBJECT_UILIMIT_GLOBALATOMS, JOB_OBJECT_UILIMIT_HANDLES, JOB_OBJECT_UILIMIT_READCLIPBOARD,
    JOB_OBJECT_UILIMIT_SYSTEMPARAMETERS, JOB_OBJECT_UILIMIT_WRITECLIPBOARD,
    JOBOBJECT_BASIC_ACCOUNTING_INFORMATION, JOBOBJECT_BASIC_UI_RESTRICTIONS,
    JOBOBJECT_EXTENDED_LIMIT_INFORMATION, JobObjectBasicAccountingInformation,
    JobObjectBasicUIRestrictions, JobObjectExtendedLimitInformation, QueryInformationJobObject,
    SetInformationJobObject, TerminateJobObject,
};

use super::ffi::check;
use super::settings::{self, JobSettings};

// The settings' own constants are the system's.
const _: () = {
    assert!(settings::LIMIT_JOB_TIME == JOB_OBJECT_LIMIT_JOB_TIME);
    assert!(settings::LIMIT_ACTIVE_PROCESS == JOB_OBJECT_LIMIT_ACTIVE_PROCESS);
    assert!(settings::LIMIT_AFFINITY == JOB_OBJECT_LIMIT_AFFINITY);
    assert!(settings::LIMIT_PROCESS_MEMORY == JOB_OBJECT_LIMIT_PROCESS_MEMORY);
    assert!(settings::LIMIT_JOB_MEMORY == JOB_OBJECT_LIMIT_JOB_MEMORY);
    assert!(
        settings::LIMIT_DIE_ON_UNHANDLED_EXCEPTION == JOB_OBJECT_LIMIT_DIE_ON_UNHANDLED_EXCEPTION
    );
    assert!(settings::LIMIT_KILL_ON_JOB_CLOSE == JOB_OBJECT_LIMIT_KILL_ON_JOB_CLOSE);
    assert!(settings::UI_HANDLES == JOB_OBJECT_UILIMIT_HANDLES);
    assert!(settings::UI_READ_CLIPBOARD == JOB_OBJECT_UILIMIT_READCLIPBOARD);
    assert!(settings::UI_WRITE_CLIPBOARD == JOB_OBJECT_UILIMIT_WRITECLIPBOARD);
    assert!(settings::UI_SYSTEM_PARAMETERS == JOB_OBJECT_UILIMIT_SYSTEMPARAMETERS);
    assert!(settings::UI_DISPLAY_SETTINGS == JOB_OBJECT_UILIMIT_DISPLAYSETTINGS);
    assert!(settings::UI_GLOBAL_ATOMS == JOB_OBJECT_UILIMIT_GLOBALATOMS);
    assert!(settings::UI_DESKTOP == JOB_OBJECT_UILIMIT_DESKTOP);
    assert!(settings::UI_EXIT_WINDOWS == JOB_OBJECT_UILIMIT_EXITWINDOWS);
};

/// The exit status of every process the grader ends through its job.
pub(crate) const ENDED_BY_THE_GRADER: u32 = 1;

/// A Job Object, closed (and, with `KILL_ON_JOB_CLOSE`, every process in it killed)
/// when dropped.
pub(crate) struct Job(OwnedHandle);

impl Job {
    /// A new job with `settings`.
    pub(crate) fn new(settings: &JobSettings) -> io::Result<Job> {
        // SAFETY: no security attributes, no name: a new anonymous job.
        let handle = unsafe { CreateJobObjectW(std::ptr::null(), std::ptr::null()) };
        if handle.is_null() {
            return Err(io::Error::last_os_error());
        }
        // SAFETY: a handle just made, owned by nothing else.
        let job = Job(unsafe { OwnedHandle::from_raw_handle(handle) });
        // SAFETY: plain data, every field of which may be zero.
        let mut limits: JOBOBJECT_EXTENDED_LIMIT_INFORMATION = unsafe { std::mem::zeroed() };
        let basic = &mut limits.BasicLimitInformation;
        basic.LimitFlags = settings.limits;
        basic.ActiveProcessLimit = settings.active_processes;
        basic.PerJobUserTimeLimit = settings.user_time;
        basic.Affinity = settings.affinity;
        limits.ProcessMemoryLimit = settings.process_memory;
        limits.JobMemoryLimit = settings.job_memory;
        job.set(JobObjectExtendedLimitInformation, &limits)?;
        if settings.ui_restrictions != 0 {
            let ui = JOBOBJECT_BASIC_UI_RESTRICTIONS {
                UIRestrictionsClass: settings.ui_restrictions,
            };
            job.set(JobObjectBasicUIRestrictions, &ui)?;
        }
        Ok(job)
    }

    fn set<T>(&self, class: i32, information: &T) -> io::Result<()> {
        // SAFETY: `information` is the struct of `class`, read for its size only.
        let set = unsafe {
            SetInformationJobObject(
                self.handle(),
                class,
                (information as *const T).cast(),
                std::mem::size_of::<T>() as u32,
            )
        };
        check(set)
    }

    /// Puts `process` (still suspended) in the job, and so every process it starts.
    pub(crate) fn assign(&self, process: RawHandle) -> io::Result<()> {
        // SAFETY: two handles, the job's and a live process's.
        check(unsafe { AssignProcessToJobObject(self.handle(), process) })
    }

    /// The CPU time of every process ever in the job, user and kernel, the ended ones
    /// included.
    pub(crate) fn cpu_time(&self) -> Duration {
        // SAFETY: plain data, which the query fills.
        let mut accounting: JOBOBJECT_BASIC_ACCOUNTING_INFORMATION = unsafe { std::mem::zeroed() };
        // SAFETY: the struct of this class, written for its size only.
        let read = unsafe {
            QueryInformationJobObject(
                self.handle(),
                JobObjectBasicAccountingInformation,
                (&mut accounting as *mut JOBOBJECT_BASIC_ACCOUNTING_INFORMATION).cast(),
                std::mem::size_of::<JOBOBJECT_BASIC_ACCOUNTING_INFORMATION>() as u32,
                std::ptr::null_mut(),
            )
        };
        if read == 0 {
            return Duration::ZERO;
        }
        settings::cpu_time(accounting.TotalUserTime, accounting.TotalKernelTime)
    }

    /// Ends every process in the job.
    pub(crate) fn terminate(&self) {
        // SAFETY: the job's handle; ending a job with no process left does nothing.
        unsafe { TerminateJobObject(self.handle(), ENDED_BY_THE_GRADER) };
    }

    fn handle(&self) -> RawHandle {
        self.0.as_raw_handle()
    }
}
