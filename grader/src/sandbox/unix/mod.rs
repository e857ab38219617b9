//! The backend of Unix systems (Linux and macOS): a confined child is forked, applies its
//! platform's layers (`super::platform`) and its descriptors and limits, then execs; the
//! grader waits for its whole process group with a time limit and kills all of it.

pub mod child;
pub mod confined;
mod descriptors;
mod exec;
mod limits;
pub mod reaper;
mod shared_page;
mod spawn;

use xorlings_core::run::SignalKind;

use super::platform;
#[cfg(test)]
pub use confined::Ended;
pub use confined::{Confined, Deadline, How};
pub use spawn::spawn;

/// What a Unix signal's number means.
pub fn signal_kind(number: i32) -> SignalKind {
    match number {
        libc::SIGABRT => SignalKind::Abort,
        libc::SIGXFSZ => SignalKind::FileTooLarge,
        libc::SIGXCPU => SignalKind::CpuTime,
        libc::SIGSEGV => SignalKind::Segfault,
        libc::SIGKILL => SignalKind::Killed,
        libc::SIGFPE => SignalKind::Arithmetic,
        libc::SIGILL => SignalKind::IllegalInstruction,
        libc::SIGBUS => SignalKind::Bus,
        libc::SIGSYS => SignalKind::ForbiddenCall,
        _ => SignalKind::Other,
    }
}
