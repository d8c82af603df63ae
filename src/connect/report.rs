//! What `mcpapp connect` prints: the server and its tools, results, and what the app does.

use std::io::{self, Write as _};

use mcpapp_host::HostEvent;
use mcpapp_host::mcp::ServerInfo;
use mcpapp_protocol::{CallToolResult, Tool};

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
        self.line(&format!("connected to {info}"));
        self.line(&format!("{} tools:", tools.len()));
        for tool in tools {
            self.line(&format!("  {}", tool.listing_line()));
        }
    }

    /// A tool result without an app: its text, and its structured content.
    pub fn result(&mut self, result: &CallToolResult) {
        self.line(if result.is_error == Some(true) {
            "the tool failed:"
        } else {
            "result:"
        });
        for line in result.text_lines() {
            self.line(&line);
        }
    }

    /// What the host tells its embedder, one line per event.
    pub fn event(&mut self, event: &HostEvent) {
        self.line(&event.to_string());
    }
}
