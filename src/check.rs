//! `mcpapp check`: the conformance checker of `mcpapp-check` on the command line. Arguments
//! in, the report out (people, `--json`, `--junit FILE`), the outcome as the exit status.

use std::io::{self, Write as _};
use std::path::PathBuf;
use std::process::ExitCode;
use std::time::Duration;

use mcpapp_check::{CheckOptions, render};
use mcpapp_host::mcp::ServerSpec;
use serde_json::{Map, Value};

/// Arguments of `mcpapp check`.
#[derive(Debug, clap::Args)]
#[command(after_help = "Examples:\n  \
    mcpapp check -- mcpapp serve-example weather\n  \
    mcpapp check --junit report.xml --args 'get_forecast={\"city\":\"Oslo\"}' -- node server.js --stdio\n  \
    mcpapp check --json --url http://127.0.0.1:3001/mcp\n\n\
    Options come before `--`; everything after it is the server's command line.\n\
    The tools the model may call are called with sample arguments, as an agent would: point it at a test instance.\n\
    Exit status: 0 when every check passed (warnings allowed), 1 when one failed, 2 for bad\n\
    arguments or a server that cannot be reached.")]
pub struct Args {
    /// A streamable HTTP endpoint (`http://HOST:PORT/mcp`) instead of a command.
    #[arg(long, value_name = "URL", conflicts_with = "command")]
    url: Option<String>,
    /// Print the report as one JSON document.
    #[arg(long)]
    json: bool,
    /// Also write the report as JUnit XML to this file (for CI systems).
    #[expect(
        clippy::doc_markdown,
        reason = "clap prints this as help, where backticks would show"
    )]
    #[arg(long, value_name = "FILE")]
    junit: Option<PathBuf>,
    /// Call and open only these tools (by default every tool the model may call).
    #[arg(long = "tool", value_name = "NAME", num_args = 1..)]
    tools: Vec<String>,
    /// A tool's arguments instead of the samples from its input schema, as TOOL=JSON (a JSON
    /// object); repeat for several tools.
    #[arg(long = "args", value_name = "TOOL=JSON")]
    arguments: Vec<String>,
    /// How long to wait for each step of an app (initialize, initialized, teardown), seconds.
    #[arg(long, value_name = "SECS", default_value_t = 10.0)]
    timeout: f64,
    /// Do not open HTML apps in headless Chromium (only the static and card checks run).
    #[arg(long)]
    no_browser: bool,
    /// The server command and its arguments (after `--`).
    #[arg(last = true, value_name = "CMD")]
    command: Vec<String>,
}

/// Runs the command: 0 when every check passed, 1 when one failed, 2 for bad arguments or an
/// unreachable server.
pub fn run(args: &Args) -> ExitCode {
    let options = match options(args) {
        Ok(options) => options,
        Err(message) => return fail(&message),
    };
    let runtime = match tokio::runtime::Builder::new_multi_thread()
        .worker_threads(2)
        .enable_all()
        .build()
    {
        Ok(runtime) => runtime,
        Err(e) => return fail(&format!("cannot start the async runtime: {e}")),
    };
    let report = match runtime.block_on(mcpapp_check::check(&options)) {
        Ok(report) => report,
        Err(error) => return fail(&error.to_string()),
    };
    if let Some(path) = &args.junit
        && let Err(e) = std::fs::write(path, render::junit(&report))
    {
        return fail(&format!("cannot write {}: {e}", path.display()));
    }
    let text = if args.json {
        render::json(&report)
    } else {
        render::human(&report)
    };
    let _ = writeln!(io::stdout().lock(), "{}", text.trim_end());
    if report.passed() {
        ExitCode::SUCCESS
    } else {
        ExitCode::FAILURE
    }
}

/// Prints `message` (made printable: it may quote the server) and gives exit status 2.
fn fail(message: &str) -> ExitCode {
    let message = mcpapp_host::printable_lines(message, "  | ");
    let _ = writeln!(io::stderr().lock(), "mcpapp check: {message}");
    ExitCode::from(2)
}

fn options(args: &Args) -> Result<CheckOptions, String> {
    let server = ServerSpec::from_url_or_command(args.url.as_deref(), &args.command)
        .ok_or("give the server: `mcpapp check -- CMD ARGS...` or `mcpapp check --url URL`")?;
    if !(args.timeout.is_finite() && args.timeout > 0.0 && args.timeout <= 600.0) {
        return Err("--timeout must be a number of seconds between 0 and 600".to_owned());
    }
    let mut options = CheckOptions::new(server);
    options.tools.clone_from(&args.tools);
    options.app_timeout = Duration::from_secs_f64(args.timeout);
    options.open_html_apps = !args.no_browser;
    for given in &args.arguments {
        let (tool, arguments) = tool_arguments(given)?;
        if options.arguments.insert(tool.clone(), arguments).is_some() {
            return Err(format!("--args gives `{tool}` twice"));
        }
    }
    Ok(options)
}

/// `TOOL=JSON` as the tool and its arguments.
fn tool_arguments(given: &str) -> Result<(String, Map<String, Value>), String> {
    let Some((tool, json)) = given.split_once('=').filter(|(tool, _)| !tool.is_empty()) else {
        return Err(format!("--args takes TOOL=JSON, not `{given}`"));
    };
    let arguments = crate::json_object(&format!("--args {tool}=…"), json)?;
    Ok((tool.to_owned(), arguments))
}
