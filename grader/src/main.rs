use std::process::ExitCode;

use clap::Parser;

fn main() -> ExitCode {
    grader::cli::run(grader::cli::Cli::parse())
}
