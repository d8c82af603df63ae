//! `mcpapp`: validate, render and preview declarative MCP App cards, and host MCP Apps.
//!
//! The binary only parses arguments and calls the crates; each subcommand lives in its own
//! module.

mod validate;

use std::process::ExitCode;

use clap::{Parser, Subcommand};

/// Show the interactive UIs that MCP tools return, natively.
#[derive(Debug, Parser)]
#[command(name = "mcpapp", version, about, long_about = None)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Debug, Subcommand)]
enum Command {
    /// Check cards and report what is wrong, like a compiler.
    ///
    /// Exit status: 0 when no file has an error (warnings are allowed), 1 when any has,
    /// 2 when a file cannot be read.
    Validate(validate::Args),
}

fn main() -> ExitCode {
    let cli = Cli::parse();
    match cli.command {
        Command::Validate(args) => validate::run(&args),
    }
}
