//! A conformance checker for MCP App servers (work in progress).

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
pub use report::{Finding, Location, Outcome, Report, ServerSummary, Summary};

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
