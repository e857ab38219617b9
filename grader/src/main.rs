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
static ALLOCATOR: xorlings_sandbox::ForkFriendly = xorlings_sandbox::ForkFriendly;

fn main() -> ExitCode {
    xorlings_sandbox::quit_on_broken_pipe();
    // Learner code runs confined; whatever a run leaves behind comes back to be killed.
    if let Err(error) = xorlings_sandbox::init() {
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
