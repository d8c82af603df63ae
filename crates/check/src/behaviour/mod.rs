//! The behaviour checks: the tools the model may call are called with sample arguments as an
//! agent would, through the host's own client advertising both kinds of view. An HTML app is
//! opened headless ([`html`]); a card, or a card template filled with the result, is checked
//! ([`card`], [`signing`]); a client without UI is asked too ([`plain`]).
//!
//! Only views that passed every static check are opened: a broken resource has its finding
//! already, and opening it would only repeat it.

pub(crate) mod a2ui;
mod card;
mod html;
pub mod lifecycle;
pub mod messages;
mod plain;
mod signing;

use std::collections::{BTreeMap, BTreeSet};
use std::sync::Arc;
use std::time::{SystemTime, UNIX_EPOCH};

use mcpapp_host::mcp::{ClientOptions, McpConnection};
use mcpapp_protocol::UiClientCapability;
use serde_json::{Map, Value};

use crate::CheckOptions;
use crate::error::CheckError;
use crate::ids;
use crate::probe::Snapshot;
use crate::report::{Finding, Location, clip};
use crate::resources::{View, ViewKind};
use crate::samples::{self, Sample};
use crate::tools::ToolFacts;
use card::ActionSeen;
use html::HtmlApp;
use plain::CardTool;

/// The server's id in the host.
const SERVER: &str = "server";
/// The most tools called (and apps opened) in one run.
const MAX_EXERCISED: usize = 100;

/// What the behaviour checks found, and the tools the cards' actions call.
#[derive(Debug, Default)]
pub struct Behaviour {
    /// The findings.
    pub findings: Vec<Finding>,
    /// The tools named by the actions of the cards seen.
    pub named_by_cards: BTreeSet<String>,
    /// Whether every tool the model may call was called (so every card was seen).
    pub all_seen: bool,
}

/// The host client's options for this run: the views advertised and the run's timeouts.
fn client_options(options: &CheckOptions, mime_types: Vec<String>) -> ClientOptions {
    ClientOptions {
        request_timeout: options.request_timeout,
        connect_timeout: options.connect_timeout,
        mime_types,
        prefetch_ui_resources: false,
        client_name: "mcpapp-check".to_owned(),
        ..ClientOptions::default()
    }
}

/// Calls and opens what `options` asks for; `views` are the resources that passed.
pub async fn run(
    options: &CheckOptions,
    facts: &[ToolFacts],
    views: &BTreeMap<String, View>,
    snapshot: &Snapshot,
) -> Result<Behaviour, CheckError> {
    let all = UiClientCapability::all().mime_types;
    let connection = McpConnection::connect(SERVER, &options.server, &client_options(options, all))
        .await
        .map_err(|e| CheckError::Unreachable(e.to_string()))?;
    let connection = Arc::new(connection);
    let mut cards = Cards::default();
    let mut html_apps = Vec::new();
    let exercised: Vec<&ToolFacts> = facts
        .iter()
        .filter(|f| f.model_visible() && options.exercises(&f.name))
        .collect();
    if exercised.len() > MAX_EXERCISED {
        cards.incomplete = true;
        cards.findings.push(Finding::warn(
            ids::TOOLS_CALL,
            Location::server(),
            format!(
                "the model may call {} tools; only the first {MAX_EXERCISED} were called (name \
                 others with --tool)",
                exercised.len()
            ),
        ));
    }
    for fact in exercised.into_iter().take(MAX_EXERCISED) {
        cards
            .exercise(
                &connection,
                options,
                fact,
                views,
                facts,
                &mut html_apps,
                snapshot,
            )
            .await;
    }
    let mut findings = std::mem::take(&mut cards.findings);
    if options.open_html_apps {
        findings.extend(html::run(&html_apps, &connection, options).await);
    }
    findings.extend(signing::check(&cards.actions, unix_now()));
    findings.extend(plain::check(options, &cards.tools, facts).await);
    if let Ok(connection) = Arc::try_unwrap(connection) {
        connection.close().await;
    }
    let named_by_cards = cards
        .actions
        .iter()
        .filter_map(|a| a.calls.clone())
        .chain(cards.events.iter().cloned())
        .collect();
    let all_seen = !cards.incomplete
        && facts
            .iter()
            .all(|f| !f.model_visible() || options.exercises(&f.name));
    Ok(Behaviour {
        findings,
        named_by_cards,
        all_seen,
    })
}

/// The `_meta` of a resource's `resources/list` entry.
fn listing_meta(snapshot: &Snapshot, uri: &str) -> Option<Map<String, Value>> {
    snapshot
        .resources
        .as_ref()
        .ok()?
        .iter()
        .find(|r| r.get("uri").and_then(Value::as_str) == Some(uri))?
        .get("_meta")?
        .as_object()
        .cloned()
}

fn unix_now() -> u64 {
    SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .map_or(0, |d| d.as_secs())
}

/// What the card tools gave.
#[derive(Default)]
struct Cards {
    findings: Vec<Finding>,
    actions: Vec<ActionSeen>,
    /// The card tools called, for the client without UI.
    tools: Vec<CardTool>,
    /// Whether a tool could not be called (so not every card was seen).
    incomplete: bool,
    /// The tools A2UI surfaces' events call.
    events: Vec<String>,
}

impl Cards {
    /// Calls one tool the model may call, as an agent would, and checks what it shows; an
    /// HTML app is kept in `html_apps` to be opened later.
    #[expect(
        clippy::too_many_arguments,
        reason = "what a tool's exercise reads from the run, passed rather than stored"
    )]
    async fn exercise(
        &mut self,
        connection: &McpConnection,
        options: &CheckOptions,
        fact: &ToolFacts,
        views: &BTreeMap<String, View>,
        facts: &[ToolFacts],
        html_apps: &mut Vec<HtmlApp>,
        snapshot: &Snapshot,
    ) {
        let sample = match options.arguments.get(&fact.name) {
            Some(given) => Sample {
                arguments: given.clone(),
                made_up: Vec::new(),
            },
            None => samples::sample(&fact.input_schema),
        };
        match fact.view.as_ref().map(|uri| (uri, views.get(uri))) {
            // Its view failed a static check, which says so.
            Some((_, None)) => {}
            Some((uri, Some(view))) if view.kind == ViewKind::Html => html_apps.push(HtmlApp {
                tool: fact.name.clone(),
                uri: uri.clone(),
                arguments: sample.arguments,
                listing_meta: listing_meta(snapshot, uri),
            }),
            Some((uri, Some(view))) if view.kind == ViewKind::A2ui => {
                if let Some(result) = self.call(connection, fact, &sample).await {
                    let at = Location::tool(&fact.name).with_uri(uri).at("");
                    self.surfaces(Some(&view.text), &result, &at, facts);
                    self.called(fact, sample);
                }
            }
            Some((uri, Some(view))) => {
                if let Some(result) = self.call(connection, fact, &sample).await {
                    self.template(fact, uri, &view.text, &result, facts);
                    self.called(fact, sample);
                }
            }
            None => {
                if let Some(result) = self.call(connection, fact, &sample).await
                    && (self.result(fact, &result, facts)
                        || self.surfaces(None, &result, &Location::tool(&fact.name), facts))
                {
                    self.called(fact, sample);
                }
            }
        }
    }

    /// Calls the tool; its result, or `None` with a warning when it could not be used.
    async fn call(
        &mut self,
        connection: &McpConnection,
        fact: &ToolFacts,
        sample: &Sample,
    ) -> Option<Value> {
        let at = Location::tool(&fact.name);
        let shown = clip(&Value::Object(sample.arguments.clone()).to_string(), 200);
        let hint = if sample.made_up.is_empty() {
            String::new()
        } else {
            format!(
                " (made up: {}; give --args {}=JSON)",
                sample.made_up.join(", "),
                fact.name
            )
        };
        let result = match connection
            .call_tool(&fact.name, sample.arguments.clone())
            .await
        {
            Ok(result) => serde_json::to_value(result).unwrap_or_default(),
            Err(e) => {
                self.incomplete = true;
                self.findings.push(Finding::warn(
                    ids::TOOLS_CALL,
                    at,
                    format!(
                        "called with {shown}{hint}, it failed, so its result was not checked: {}",
                        clip(&e.to_string(), 300)
                    ),
                ));
                return None;
            }
        };
        if result.get("isError").and_then(Value::as_bool) == Some(true) {
            self.incomplete = true;
            let text = result
                .pointer("/content/0/text")
                .and_then(Value::as_str)
                .unwrap_or_default();
            self.findings.push(Finding::warn(
                ids::TOOLS_CALL,
                at,
                format!("called with {shown}{hint}, it answered with an error, so its result was not checked: {}", clip(text, 300)),
            ));
            return None;
        }
        self.findings.push(Finding::pass(
            ids::TOOLS_CALL,
            at,
            format!("answered {shown}"),
        ));
        Some(result)
    }

    fn called(&mut self, fact: &ToolFacts, sample: Sample) {
        self.tools.push(CardTool {
            name: fact.name.clone(),
            arguments: sample.arguments,
        });
    }

    /// Checks the card a result carries; whether it carries one.
    fn result(&mut self, fact: &ToolFacts, result: &Value, facts: &[ToolFacts]) -> bool {
        let Some((pointer, card)) = card::card_in(result) else {
            return false;
        };
        let at = Location::tool(&fact.name).at(pointer);
        let card = match card {
            Ok(card) => card,
            Err(why) => {
                self.findings.push(Finding::fail(ids::CARD_VALID, at, why));
                return true;
            }
        };
        // What the host shows is what the card reader makes of it, diagnostics and all.
        let parsed = mcpapp_card::parse_value(card.clone());
        self.checked(&parsed, &card, &at, facts);
        true
    }

    /// Checks the A2UI a tool shows (its view's stream, then its result's messages); whether
    /// there was any.
    fn surfaces(
        &mut self,
        view: Option<&str>,
        result: &Value,
        at: &Location,
        facts: &[ToolFacts],
    ) -> bool {
        let Some((found, events)) = a2ui::check(view, result, at, facts) else {
            return false;
        };
        self.findings.extend(found);
        self.events.extend(events);
        true
    }

    /// Fills a card template with the result as a host does, and checks the card.
    fn template(
        &mut self,
        fact: &ToolFacts,
        uri: &str,
        template: &str,
        result: &Value,
        facts: &[ToolFacts],
    ) {
        let data = result.get("structuredContent").unwrap_or(result);
        let parsed = mcpapp_card::parse_template(template.as_bytes(), data);
        let card = parsed
            .card
            .as_ref()
            .and_then(|c| serde_json::to_value(c).ok())
            .unwrap_or(Value::Null);
        let at = Location::tool(&fact.name).with_uri(uri).at("");
        self.checked(&parsed, &card, &at, facts);
    }

    fn checked(
        &mut self,
        parsed: &mcpapp_card::Parsed,
        card: &Value,
        at: &Location,
        facts: &[ToolFacts],
    ) {
        let (found, actions) = card::check(parsed, card, at, facts);
        self.findings.extend(found);
        self.actions.extend(actions);
    }
}
