//! A conformance checker for MCP App servers: does a server's app work in hosts?
//!
//! [`check`] looks at a server as a host does and reports one [`Finding`] per check and
//! subject, each with a stable id ([`ids`]), an [`Outcome`] (pass, warn, fail), the reason, and
//! where ([`Location`]: tool, `ui://` resource, JSON pointer):
//!
//! - **server** and **tools**: the `initialize` answer and `tools/list` as the server sent them
//!   (taken over a session of its own): each tool's `_meta.ui`, descriptions for the model,
//!   app-only tools some view can call;
//! - **resources**: every `ui://` view listed, readable, of a view's mime type, with CSP entries
//!   hosts keep (each dropped one with the reason), known permissions, an HTML document or a
//!   JSON card template;
//! - **app**: each HTML app opened in headless Chromium through the host's own pipeline
//!   ([`mcpapp_host::Runtime`], [`mcpapp_html::LocalBridge`]) with sample arguments (the input
//!   schema's examples and defaults, or [`CheckOptions::arguments`]), judged from the runtime's
//!   trace: `ui/initialize`, `initialized`, its size, its answer to teardown, every message
//!   against the official MCP Apps schema ([`mcpapp_apps_schema`]), console errors and CSP
//!   violations;
//! - **card**: cards valid by `mcpapp-card`'s diagnostics, actions naming tools apps may call,
//!   text for clients without UI, well-formed signatures where the server signs actions.
//!
//! ```no_run
//! use mcpapp_check::{CheckOptions, render};
//! use mcpapp_host::mcp::ServerSpec;
//!
//! # async fn run() -> Result<(), mcpapp_check::CheckError> {
//! let options = CheckOptions::new(ServerSpec::stdio("mcpapp", ["serve-example", "weather"]));
//! let report = mcpapp_check::check(&options).await?;
//! print!("{}", render::human(&report));
//! assert!(report.passed(), "{} checks failed", report.summary().fail);
//! # Ok(())
//! # }
//! ```
//!
//! The tools the model may call are called as an agent would: point the checker at a test
//! instance of a server. What servers and apps send is hostile input: reasons quote it cut to a
//! bounded length, the renderers make it printable, and every wait has a timeout.

mod behaviour;
mod csp;
mod error;
pub mod ids;
mod options;
mod probe;
pub mod render;
mod report;
mod resources;
mod samples;
mod server;
mod tools;

pub use error::CheckError;
pub use options::CheckOptions;
pub use report::{Finding, Location, MAX_REASON_CHARS, Outcome, Report, ServerSummary, Summary};

/// Checks the server `options` name: connects, lists, reads, calls and opens; the report.
///
/// `Err` only when the run cannot be made: the server cannot be reached or initialized, or
/// the options name a tool the server does not have. Every wait is bounded by the options'
/// timeouts.
pub async fn check(options: &CheckOptions) -> Result<Report, CheckError> {
    let snapshot = probe::take(options).await?;
    let (summary, mut findings) = server::check(&snapshot, &options.server.to_string());
    let (tool_findings, facts) = tools::check(&snapshot.tools);
    named_tools_exist(options, &facts)?;
    findings.extend(tool_findings);
    let (resource_findings, views) = resources::check(&snapshot, &facts);
    findings.extend(resource_findings);
    let behaviour = behaviour::run(options, &facts, &views, &snapshot).await?;
    findings.extend(behaviour.findings);
    findings.extend(tools::app_only_views(
        &facts,
        &behaviour.named_by_cards,
        behaviour.all_seen,
    ));
    Ok(Report::new(summary, findings))
}

/// `--tool` and `--args` name tools the model may call.
fn named_tools_exist(options: &CheckOptions, facts: &[tools::ToolFacts]) -> Result<(), CheckError> {
    for name in options.tools.iter().chain(options.arguments.keys()) {
        match facts.iter().find(|f| f.name == *name) {
            Some(fact) if fact.model_visible() => {}
            Some(_) => {
                return Err(CheckError::BadArguments(format!(
                    "`{name}` is not a tool the model may call (only views call it)"
                )));
            }
            None => {
                let known: Vec<&str> = facts.iter().map(|f| f.name.as_str()).collect();
                return Err(CheckError::BadArguments(format!(
                    "the server has no tool `{name}`; it has: {}",
                    known.join(", ")
                )));
            }
        }
    }
    Ok(())
}
