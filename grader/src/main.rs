use std::process::ExitCode;

use clap::Parser;
use colored::Colorize;
use grader::Exit;

/// Exit codes: passed, not passed, and the grader could not do its job.
const PASSED: u8 = 0;
const NOT_PASSED: u8 = 1;
const ERROR: u8 = 2;

/// Large blocks (a grading's cases) stay out of the children the grader forks.
#[cfg(target_os = "linux")]
#[global_allocator]
static ALLOCATOR: grader::ForkFriendly = grader::ForkFriendly;

fn main() -> ExitCode {
    // Like other command-line tools, stop quietly when the reader of our output goes
    // away (`grader list | head`) instead of panicking on a broken pipe. (Windows has no
    // such signal: a write to a closed pipe fails there, and the command stops.)
    #[cfg(unix)]
    // SAFETY: called first thing, before any other thread exists.
    #[allow(unsafe_code)]
    unsafe {
        libc::signal(libc::SIGPIPE, libc::SIG_DFL)
    };
    // Learner code runs confined; whatever a run leaves behind comes back to be killed.
    if let Err(error) = grader::init_sandbox() {
        eprintln!("{} {error:#}", "warning:".yellow().bold());
    }
    match grader::run(grader::Cli::parse()) {
        Ok(Exit::Passed) => ExitCode::from(PASSED),
        Ok(Exit::NotPassed) => ExitCode::from(NOT_PASSED),
        Err(error) => {
            eprintln!("{} {error:#}", "error:".red().bold());
            ExitCode::from(ERROR)
        }
    }
}
