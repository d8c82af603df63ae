//! `mcpapp demo`: the desktop host of `mcpapp-demo`, on the example servers (child processes
//! of this same binary) and any others given.

use std::io::Write as _;
use std::path::PathBuf;
use std::process::ExitCode;
use std::sync::Arc;

use mcpapp_demo::DemoOptions;
use mcpapp_host::mcp::ServerSpec;
use mcpapp_host::store::{SqliteStore, StateStore};

use crate::presenter::Presenter;

/// Arguments of `mcpapp demo`.
#[derive(Debug, clap::Args)]
#[command(after_help = "Examples:\n  \
    mcpapp demo\n  \
    mcpapp demo --url http://127.0.0.1:3001/mcp\n  \
    mcpapp demo -- npx -y @modelcontextprotocol/server-basic-vanillajs --stdio\n\n\
    Options come before `--`; everything after it is one more server's command line.")]
pub struct Args {
    /// Also connect this streamable HTTP server (`http://HOST:PORT/mcp`); repeatable.
    #[arg(long = "url", value_name = "URL")]
    urls: Vec<String>,
    /// Do not start the example servers (flights, scheduler, tables, weather).
    #[arg(long)]
    no_examples: bool,
    /// Keep the conversation and apps' state in this file instead of the user's state file.
    #[arg(long, value_name = "FILE")]
    store: Option<PathBuf>,
    /// Where HTML apps are shown: `webview` inside the demo's window (where a webview can run
    /// here; else a browser window, with the reason in the log), or `chromium`, a window of
    /// their own.
    #[arg(long, value_enum, default_value_t = Presenter::DEFAULT)]
    presenter: Presenter,
    /// Let apps' CSP domains name origins on this machine or the local network (`localhost`,
    /// `127.0.0.0/8`, `10.0.0.0/8`, `172.16.0.0/12`, `192.168.0.0/16`): for developing an app
    /// against a local backend. Without it such origins are refused, and the log says so.
    #[arg(long)]
    allow_private_origins: bool,
    /// One more server's command and arguments (after `--`).
    #[arg(last = true, value_name = "CMD")]
    command: Vec<String>,
}

/// Runs the demo until its window closes: 0, or 1 when it cannot open, 2 without a desktop.
pub fn run(args: &Args) -> ExitCode {
    let fail = |code: u8, message: &str| {
        let _ = writeln!(std::io::stderr().lock(), "mcpapp demo: {message}");
        ExitCode::from(code)
    };
    if std::env::var_os("DISPLAY").is_none() && std::env::var_os("WAYLAND_DISPLAY").is_none() {
        return fail(
            2,
            "no desktop here (neither DISPLAY nor WAYLAND_DISPLAY is set); without one, \
             `mcpapp render CARD -o card.png` draws a card and `mcpapp connect --headless --call TOOL -- CMD` \
             runs a server's app",
        );
    }
    let store: Arc<dyn StateStore> = match &args.store {
        Some(path) => match SqliteStore::open_or_start_fresh(path) {
            Ok(store) => Arc::new(store),
            Err(e) => return fail(1, &e.to_string()),
        },
        None => match SqliteStore::open_default() {
            Ok(store) => Arc::new(store),
            Err(e) => return fail(1, &e.to_string()),
        },
    };
    let options = DemoOptions {
        servers: servers(args),
        store,
        setup: Some(mcpapp_egui::install),
        in_window: args.presenter.in_window(|why| {
            let _ = writeln!(std::io::stderr().lock(), "mcpapp demo: {why}");
        }),
        allow_private_origins: args.allow_private_origins,
    };
    match mcpapp_demo::run(options) {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => fail(1, &e),
    }
}

/// The servers: our examples, run by this same binary, then the ones given.
fn servers(args: &Args) -> Vec<(String, ServerSpec)> {
    let mut servers = Vec::new();
    if !args.no_examples {
        let me = std::env::current_exe()
            .map_or_else(|_| "mcpapp".to_owned(), |p| p.display().to_string());
        servers = DemoOptions::example_servers(&me);
    }
    for (n, url) in args.urls.iter().enumerate() {
        servers.push((format!("http-{}", n + 1), ServerSpec::http(url.clone())));
    }
    if let Some((command, rest)) = args.command.split_first() {
        servers.push((
            "server".to_owned(),
            ServerSpec::stdio(command.clone(), rest.to_vec()),
        ));
    }
    servers
}
