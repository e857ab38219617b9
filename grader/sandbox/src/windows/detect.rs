//! What this Windows offers the sandbox, found once: whether the grader can make Job
//! Objects with every limit it sets (it can from Windows 8 on, even inside a job of its
//! own, as under a CI runner), the layers of a learner's program (`restricted.rs`), and
//! whether the grader's own process is closed to its runs.

use std::sync::OnceLock;

use anyhow::Result;
use windows_sys::Win32::System::Diagnostics::Debug::{
    SEM_FAILCRITICALERRORS, SEM_NOGPFAULTERRORBOX, SEM_NOOPENFILEERRORBOX, SetErrorMode,
};

use super::job::Job;
use super::report::Windows;
use super::restricted::{layers, protect_grader};
use super::settings::job_settings;
use crate::{Limits, Processes};

/// Limits of the probe's job, as small as a run's.
const PROBE: Limits = Limits {
    address_space: 1 << 30,
    memory: 1 << 30,
    file_size: 1 << 20,
    open_files: 64,
    cpu_seconds: 1,
    tasks: 1,
};

/// What this Windows enforces, detected on the first call. The sandbox enforces every
/// layer this says it has.
pub(crate) fn detected() -> &'static Windows {
    static WINDOWS: OnceLock<Windows> = OnceLock::new();
    WINDOWS.get_or_init(|| Windows {
        job: Job::new(&job_settings(&PROBE, Processes::Forbidden, None))
            .map(drop)
            .map_err(|error| format!("the grader cannot make one: {error}")),
        restricted: layers().as_ref().map(drop).map_err(Clone::clone),
        grader: grader_closed().clone(),
    })
}

/// The grader's process closed to its runs, once: its DACL set at its start.
fn grader_closed() -> &'static Result<(), String> {
    static CLOSED: OnceLock<Result<(), String>> = OnceLock::new();
    CLOSED.get_or_init(|| protect_grader().map_err(|error| error.to_string()))
}

/// A crash of a confined program, or a DLL it cannot find, ends it at once instead of
/// opening a dialog that would hold it until its time is up: the error mode is
/// inherited by every process the grader starts. And the grader's process is closed to
/// the runs before any starts.
pub(crate) fn prepare() -> Result<()> {
    // SAFETY: sets the process's error mode; no pointer is passed.
    unsafe {
        SetErrorMode(SEM_FAILCRITICALERRORS | SEM_NOGPFAULTERRORBOX | SEM_NOOPENFILEERRORBOX)
    };
    // Whether it worked, `doctor` says.
    let _ = grader_closed();
    Ok(())
}
