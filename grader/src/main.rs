use std::process::ExitCode;

use clap::Parser;

fn main() -> ExitCode {
    // Like other command-line tools, stop quietly when the reader of our output goes
    // away (`grader list | head`) instead of panicking on a broken pipe.
    // SAFETY: called first thing, before any other thread exists.
    unsafe { libc::signal(libc::SIGPIPE, libc::SIG_DFL) };
    grader::cli::run(grader::cli::Cli::parse())
}
