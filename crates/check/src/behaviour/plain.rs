//! A client without UI (no mime types advertised): it gets text from card tools, and is not
//! offered app-only tools for its model.

use std::sync::Arc;

use mcpapp_host::mcp::McpConnection;
use serde_json::{Map, Value};

use super::client_options;
use crate::CheckOptions;
use crate::ids;
use crate::report::{Finding, Location, clip};
use crate::tools::ToolFacts;

/// A card tool called before, with its arguments.
#[derive(Debug, Clone)]
pub struct CardTool {
    /// The tool.
    pub name: String,
    /// The arguments it was called with.
    pub arguments: Map<String, Value>,
}

/// The findings of a client without UI, connected for the purpose.
pub async fn check(
    options: &CheckOptions,
    card_tools: &[CardTool],
    facts: &[ToolFacts],
) -> Vec<Finding> {
    let app_only: Vec<&ToolFacts> = facts.iter().filter(|f| f.app_only()).collect();
    if card_tools.is_empty() && app_only.is_empty() {
        return Vec::new();
    }
    let plain = match McpConnection::connect(
        "plain",
        &options.server,
        &client_options(options, Vec::new()),
    )
    .await
    {
        Ok(plain) => Arc::new(plain),
        Err(e) => {
            return vec![Finding::warn(
                ids::TOOLS_MODEL_LIST,
                Location::server(),
                format!(
                    "a client without UI could not connect, so what it gets was not checked: {e}"
                ),
            )];
        }
    };
    let model: Vec<String> = plain.model_tools().into_iter().map(|t| t.name).collect();
    let mut findings: Vec<Finding> = app_only
        .iter()
        .map(|tool| {
            let at = Location::tool(&tool.name);
            if model.contains(&tool.name) {
                Finding::fail(
                    ids::TOOLS_MODEL_LIST,
                    at,
                    "a client without UI is offered this app-only tool for its model (it is \
                     listed without its visibility); hide it or keep its _meta.ui",
                )
            } else {
                Finding::pass(
                    ids::TOOLS_MODEL_LIST,
                    at,
                    "not offered to the model of a client without UI",
                )
            }
        })
        .collect();
    for tool in card_tools {
        findings.push(text_fallback(&plain, tool).await);
    }
    if let Ok(plain) = Arc::try_unwrap(plain) {
        plain.close().await;
    }
    findings
}

async fn text_fallback(plain: &McpConnection, tool: &CardTool) -> Finding {
    let at = Location::tool(&tool.name);
    if plain.tool(&tool.name).is_none() {
        return Finding::pass(
            ids::CARD_TEXT_FALLBACK,
            at,
            "not offered to clients without UI",
        );
    }
    let result = match plain.call_tool(&tool.name, tool.arguments.clone()).await {
        Ok(result) => serde_json::to_value(result).unwrap_or_default(),
        Err(e) => {
            return Finding::warn(
                ids::TOOLS_CALL,
                at,
                format!(
                    "a client without UI called it and got an error: {}",
                    clip(&e.to_string(), 300)
                ),
            );
        }
    };
    let text: Vec<&str> = result
        .get("content")
        .and_then(Value::as_array)
        .into_iter()
        .flatten()
        .filter(|block| block.get("type").and_then(Value::as_str) == Some("text"))
        .filter_map(|block| block.get("text").and_then(Value::as_str))
        .filter(|text| !text.trim().is_empty())
        .collect();
    if text.is_empty() {
        Finding::fail(
            ids::CARD_TEXT_FALLBACK,
            at.at("/content"),
            "a client without UI got no text block from this card tool: it shows its user \
             nothing (put the card's text rendering in content)",
        )
    } else {
        Finding::pass(
            ids::CARD_TEXT_FALLBACK,
            at,
            format!(
                "a client without UI gets text ({} characters)",
                text.iter().map(|t| t.chars().count()).sum::<usize>()
            ),
        )
    }
}
