//! What `mcpapp connect` prints: the server and its tools, results, and what the app does.

use std::io::{self, Write as _};

use mcpapp_card::Card;
use mcpapp_host::mcp::ServerInfo;
use mcpapp_host::{DownloadContent, HostEvent, QuestionBody};
use mcpapp_protocol::{CallToolResult, ContentBlock, Tool};
use serde_json::Value;

/// Lines for a person (or a script) reading standard output.
pub struct Report {
    out: io::Stdout,
}

impl Report {
    /// Writes to standard output.
    pub fn stdout() -> Self {
        Self { out: io::stdout() }
    }

    /// One line (or several, for a multi-line text), flushed at once so a script reading the
    /// pipe sees it as it happens. Most of what is printed comes from the server or the app:
    /// control characters are escaped and every further line is marked, so none of it can
    /// drive the terminal or pass for a line of ours.
    pub fn line(&mut self, text: &str) {
        let mut out = self.out.lock();
        let _ = writeln!(out, "{}", mcpapp_host::printable_lines(text, "  | "));
        let _ = out.flush();
    }

    /// The server and its tools: who may call each, and its view.
    pub fn server(&mut self, info: &ServerInfo, tools: &[Tool]) {
        self.line(&format!(
            "connected to {} {} (MCP {})",
            if info.name.is_empty() {
                "a server"
            } else {
                &info.name
            },
            info.version,
            info.protocol_version
        ));
        self.line(&format!("{} tools:", tools.len()));
        for tool in tools {
            let who = match (tool.is_model_visible(), tool.is_app_visible()) {
                (true, true) => "model+app",
                (true, false) => "model",
                (false, true) => "app only",
                (false, false) => "nobody",
            };
            let view = tool
                .ui_resource_uri()
                .map(|uri| format!("  view {uri}"))
                .unwrap_or_default();
            let about = tool
                .description
                .as_deref()
                .and_then(|d| d.lines().next())
                .map(|d| format!(" \u{2014} {d}"))
                .unwrap_or_default();
            self.line(&format!("  {} [{who}]{view}{about}", tool.name));
        }
    }

    /// A tool result without an app: its text, and its structured content.
    pub fn result(&mut self, result: &CallToolResult) {
        self.line(if result.is_error == Some(true) {
            "the tool failed:"
        } else {
            "result:"
        });
        for block in &result.content {
            match block.as_text() {
                Some(text) => self.line(text),
                None => self.line(&format!("[{} content]", block_kind(block))),
            }
        }
        if let Some(structured) = &result.structured_content {
            self.line(&format!("structuredContent: {structured}"));
        }
    }

    /// What the host tells its embedder.
    pub fn event(&mut self, event: &HostEvent) {
        let line = match event {
            HostEvent::ChatMessage { instance, message } => format!(
                "app {} sends to the chat: {}",
                instance.0,
                blocks_text(&message.content)
            ),
            HostEvent::OpenLink { instance, url } => {
                format!("app {} asks to open {url}", instance.0)
            }
            HostEvent::DisplayModeChanged { instance, mode } => {
                format!("app {} display mode: {mode:?}", instance.0)
            }
            HostEvent::ModelContext { instance, context } => format!(
                "app {} gives the model context: {}",
                instance.0,
                blocks_text(context.content.as_deref().unwrap_or_default())
            ),
            HostEvent::SizeChanged {
                instance,
                width,
                height,
            } => format!(
                "app {} size: {} \u{d7} {}",
                instance.0,
                width.map_or_else(|| "auto".to_owned(), |w| format!("{w}")),
                height.map_or_else(|| "auto".to_owned(), |h| format!("{h}"))
            ),
            HostEvent::Log {
                instance,
                level,
                message,
            } => format!(
                "{} log [{level}]: {message}",
                instance.map_or_else(|| "host".to_owned(), |i| format!("app {}", i.0))
            ),
            HostEvent::OpenApp { instance, .. } => format!("app {} opened", instance.0),
            HostEvent::DownloadFile {
                instance, files, ..
            } => {
                let listed: Vec<String> = files
                    .iter()
                    .map(|file| match &file.content {
                        DownloadContent::Bytes(bytes) => {
                            format!("{} ({} bytes)", file.name, bytes.len())
                        }
                        DownloadContent::Link(url) => format!("{} (from {url})", file.name),
                    })
                    .collect();
                format!("app {} asks to download {}", instance.0, listed.join(", "))
            }
            HostEvent::OpenQuestion { instance, question } => {
                let asks = match &question.body {
                    QuestionBody::Form(form) => {
                        let fields: Vec<&str> = form.field_names().collect();
                        format!("a form ({})", fields.join(", "))
                    }
                    QuestionBody::Url { url, .. } => format!("a visit to {url}"),
                    QuestionBody::Sample(_) => "a reply from the model".to_owned(),
                };
                format!(
                    "question {} from {}: {} \u{2014} asks for {asks}",
                    instance.0, question.server, question.message
                )
            }
            HostEvent::CloseApp {
                instance, reason, ..
            } => format!("app {} closed ({reason:?})", instance.0),
            HostEvent::DuplicateInstance { instance, .. } => {
                format!("app {} is a duplicate", instance.0)
            }
            HostEvent::QuestionLocked { instance, locked } => {
                let now = if *locked {
                    "waits"
                } else {
                    "can be answered again"
                };
                format!("question {} {now} (the model is replying)", instance.0)
            }
        };
        self.line(&line);
    }
}

/// The text of content blocks, joined (other blocks named by type).
fn blocks_text(blocks: &[ContentBlock]) -> String {
    blocks
        .iter()
        .map(|b| {
            b.as_text()
                .map_or_else(|| format!("[{}]", block_kind(b)), str::to_owned)
        })
        .collect::<Vec<_>>()
        .join(" ")
}

/// The wire name of a content block's type.
fn block_kind(block: &ContentBlock) -> &str {
    match block {
        ContentBlock::Text(_) => "text",
        ContentBlock::Image(_) => "image",
        ContentBlock::Audio(_) => "audio",
        ContentBlock::ResourceLink(_) => "resource_link",
        ContentBlock::Resource(_) => "resource",
        ContentBlock::Unknown(value) => value.get("type").and_then(Value::as_str).unwrap_or("?"),
    }
}

/// A card as text, as a server's fallback would read.
pub fn card_text(card: &Card) -> String {
    mcpapp_card::text_fallback(card)
}

/// An A2UI view's surfaces as text, each under its id, then what of the stream could not be
/// applied.
pub fn surfaces_text(
    surfaces: &mcpapp_a2ui::Processor,
    problems: &[mcpapp_a2ui::Diagnostic],
) -> String {
    let mut parts: Vec<String> = surfaces
        .surfaces()
        .iter()
        .map(|(id, surface)| format!("[surface {id}]\n{}", mcpapp_a2ui::text_fallback(surface)))
        .collect();
    if parts.is_empty() {
        parts.push("(no surface yet)".to_owned());
    }
    parts.extend(problems.iter().map(|p| format!("not shown: {p}")));
    parts.join("\n")
}
