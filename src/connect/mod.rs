//! `mcpapp connect`: a host for any MCP server, so a person can try its apps. It connects
//! (stdio child process or streamable HTTP), lists the tools, and with `--call` calls one as
//! the agent would and opens its app: an HTML app behind the sandbox bridge in a browser
//! window, a card in a native window. What the app does (messages for the chat, links, logs,
//! state) is printed as it happens.

mod answers;
mod app_window;
mod report;
mod session;

use std::io::{self, Write as _};
use std::process::ExitCode;

use crate::presenter::Presenter;

use serde_json::{Map, Value};

/// Arguments of `mcpapp connect`.
#[derive(Debug, clap::Args)]
#[command(after_help = "Examples:\n  \
    mcpapp connect --call get_forecast --args '{\"city\":\"Oslo\"}' -- mcpapp serve-example weather\n  \
    mcpapp connect --url http://127.0.0.1:3001/mcp\n  \
    mcpapp connect --call get-time -- npx -y @modelcontextprotocol/server-basic-vanillajs --stdio\n\n\
    Options come before `--`; everything after it is the server's command line.")]
pub struct Args {
    /// A streamable HTTP endpoint (`http://HOST:PORT/mcp`) instead of a command.
    #[arg(long, value_name = "URL", conflicts_with = "command")]
    url: Option<String>,
    /// Call this tool as the agent would and open its app.
    #[arg(long, value_name = "TOOL")]
    call: Option<String>,
    /// The tool's arguments, a JSON object.
    #[arg(
        long = "args",
        value_name = "JSON",
        requires = "call",
        default_value = "{}"
    )]
    arguments: String,
    /// The views this host advertises, in order of preference: any of `html`, `cards`, `a2ui`.
    #[arg(
        long,
        value_name = "LIST",
        value_delimiter = ',',
        default_value = "html,cards,a2ui"
    )]
    ui: Vec<UiKind>,
    /// Show HTML apps in headless Chromium instead of a window, and cards without a window
    /// (for scripts and CI; what the app does is still printed).
    #[arg(long)]
    headless: bool,
    /// Where an HTML app is shown on a desktop: `webview`, inside a window of ours (where a
    /// webview can run here; else a browser window, with the reason), or `chromium`, a browser
    /// window of its own.
    #[arg(long, value_enum, default_value_t = Presenter::DEFAULT)]
    presenter: Presenter,
    /// Close the app after this many seconds (by default it stays until its window closes).
    #[arg(long, value_name = "SECS")]
    duration: Option<f64>,
    /// Save a PNG of the app as it is when `--duration` is up (with `--headless`).
    #[arg(long, value_name = "FILE", requires_all = ["headless", "duration"])]
    screenshot: Option<std::path::PathBuf>,
    /// The answer to a server's question (`elicitation/create`), a JSON object with a value per
    /// field; it is checked against the question first. Without it, questions are printed and
    /// declined.
    #[arg(long, value_name = "JSON")]
    answer: Option<String>,
    /// Fill a card's or an A2UI view's fields once the tool's result is shown, as a person
    /// would type: a JSON object of field id (a card input's, an A2UI component's) to value.
    #[arg(long, value_name = "JSON")]
    fill: Option<String>,
    /// Then press the button or card action with this label; its checks run first, as on a
    /// click, and what stops it is printed.
    #[arg(long, value_name = "LABEL")]
    press: Option<String>,
    /// Keep apps' saved state in memory only, not in the user's state file.
    #[arg(long)]
    no_store: bool,
    /// Let apps' CSP domains name origins on this machine or the local network (`localhost`,
    /// `127.0.0.0/8`, `10.0.0.0/8`, `172.16.0.0/12`, `192.168.0.0/16`): for developing an app
    /// against a local backend. Without it such origins are refused, and a warning says so.
    #[arg(long)]
    allow_private_origins: bool,
    /// The server command and its arguments (after `--`).
    #[arg(last = true, value_name = "CMD")]
    command: Vec<String>,
}

/// A kind of view the host can show.
#[derive(Debug, Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
enum UiKind {
    /// HTML MCP Apps.
    Html,
    /// mcpapp declarative cards.
    Cards,
    /// A2UI v0.9 surfaces.
    A2ui,
}

/// Runs the command: 0 when everything asked for worked, 1 when the server or the app failed,
/// 2 for bad arguments.
pub fn run(args: &Args) -> ExitCode {
    let arguments = match parse_arguments(args) {
        Ok(arguments) => arguments,
        Err(message) => {
            let _ = writeln!(io::stderr().lock(), "mcpapp connect: {message}");
            return ExitCode::from(2);
        }
    };
    match session::Session::start(args, arguments).and_then(session::Session::run) {
        Ok(()) => ExitCode::SUCCESS,
        Err(message) => {
            let message = mcpapp_host::printable_lines(&message, "  | ");
            let _ = writeln!(io::stderr().lock(), "mcpapp connect: {message}");
            ExitCode::FAILURE
        }
    }
}

fn parse_arguments(args: &Args) -> Result<Map<String, Value>, String> {
    if args.url.is_none() && args.command.is_empty() {
        return Err(
            "give the server: `mcpapp connect -- CMD ARGS...` or `mcpapp connect --url URL`".into(),
        );
    }
    if args.ui.is_empty() {
        return Err("--ui needs at least one of html, cards, a2ui".into());
    }
    crate::json_object("--args", &args.arguments)
}

/// `--answer` as a JSON object.
fn parse_answer(args: &Args) -> Result<Option<Map<String, Value>>, String> {
    json_object("--answer", args.answer.as_deref())
}

/// An option's JSON object (`None` when the option is not given).
fn json_object(flag: &str, text: Option<&str>) -> Result<Option<Map<String, Value>>, String> {
    text.map(|text| crate::json_object(flag, text)).transpose()
}
