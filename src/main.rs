//! `mcpapp`: validate, render and preview declarative MCP App cards and A2UI surfaces, and
//! host MCP Apps.
//!
//! The binary only parses arguments and calls the crates; each subcommand lives in its own
//! module.

mod check;
mod connect;
mod demo;
mod inputs;
mod presenter;
mod preview;
mod render;
mod serve_example;
mod snapshot;
mod validate;

use std::process::ExitCode;

use clap::{Parser, Subcommand};
use serde_json::{Map, Value};

/// Show the interactive UIs that MCP tools return, natively.
#[derive(Debug, Parser)]
#[command(name = "mcpapp", version, about, long_about = None)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Debug, Subcommand)]
enum Command {
    /// Check cards and A2UI streams and report what is wrong, like a compiler.
    ///
    /// Exit status: 0 when no file has an error (warnings are allowed), 1 when any has,
    /// 2 when a file cannot be read.
    Validate(validate::Args),
    /// Render a card, or every surface of an A2UI stream, into PNG images, headless (no
    /// window or display needed).
    ///
    /// Prints the findings like `validate`. Exit status: 0 when the file has no error,
    /// 1 when it has (what can be drawn is still drawn), 2 when a file cannot be read or the
    /// card cannot be rendered.
    Render(render::Args),
    /// Check a directory of cards and A2UI streams against baseline images, in several themes
    /// and widths.
    ///
    /// Exit status: 0 when every card and surface matches its baselines (or they were
    /// updated), 1 when any differs, lacks a baseline or has errors, 2 when something cannot
    /// be read or rendered.
    Snapshot(snapshot::Args),
    /// Open a window that shows cards or A2UI streams as you edit them: the rendered card (or
    /// surfaces) at chat widths and themes, its diagnostics and source, template data, and
    /// what its actions submit (for A2UI, the `action` message and its `tools/call`).
    Preview(preview::Args),
    /// Run an example MCP server (stdio, or streamable HTTP with --http) for any MCP client:
    /// HTML apps or cards for clients that show them, text for the others.
    ServeExample(serve_example::Args),
    /// Connect to any MCP server and try its apps: lists its tools; with --call, calls one as
    /// the agent would and opens its app (HTML in a browser window, cards in a native window).
    ///
    /// Exit status: 0 when everything asked for worked, 1 when the server or the app failed,
    /// 2 for bad arguments.
    Connect(connect::Args),
    /// Check that an MCP App server works in hosts: its tools' and resources' metadata, its
    /// HTML apps opened headless (lifecycle, messages against the official MCP Apps schema,
    /// console and CSP), its cards and text fallbacks. For CI: `--json`, `--junit FILE`.
    ///
    /// Exit status: 0 when every check passed (warnings allowed), 1 when one failed, 2 for bad
    /// arguments or a server that cannot be reached.
    Check(check::Args),
    /// Open a desktop MCP Apps host on the example servers (and any you add): threads, apps
    /// inline in a transcript, a workspace for windowed apps, a tool palette with forms.
    ///
    /// Exit status: 0 when its window was closed, 1 when it could not open, 2 without a
    /// desktop.
    Demo(demo::Args),
}

fn main() -> ExitCode {
    let cli = Cli::parse();
    match cli.command {
        Command::Validate(args) => validate::run(&args),
        Command::Render(args) => render::run(&args),
        Command::Snapshot(args) => snapshot::run(&args),
        Command::Preview(args) => preview::run(&args),
        Command::ServeExample(args) => serve_example::run(&args),
        Command::Connect(args) => connect::run(&args),
        Command::Check(args) => check::run(&args),
        Command::Demo(args) => demo::run(&args),
    }
}

/// An option's value as a JSON object, or why it is not one (`flag` names the option).
fn json_object(flag: &str, text: &str) -> Result<Map<String, Value>, String> {
    match serde_json::from_str::<Value>(text) {
        Ok(Value::Object(map)) => Ok(map),
        Ok(other) => Err(format!(
            "{flag} must be a JSON object, not {}",
            mcpapp_card::json_type(&other)
        )),
        Err(e) => Err(format!(
            "{flag} is not JSON (line {}, column {}): {e}",
            e.line(),
            e.column()
        )),
    }
}
