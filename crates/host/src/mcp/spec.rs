//! What to connect to, and how.

use std::fmt;
use std::path::PathBuf;
use std::process::Stdio;
use std::time::Duration;

use mcpapp_protocol::{A2UI_MIME_TYPE, CARD_MIME_TYPE, HTML_MIME_TYPE};

/// How to reach one MCP server.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum ServerSpec {
    /// A child process speaking MCP over its standard input and output (newline-delimited
    /// JSON-RPC). Its standard error is logged (`tracing`, debug level) and its last lines are
    /// quoted when it exits unexpectedly.
    Stdio {
        /// The program, found through `PATH` when it has no path separator.
        command: String,
        /// Its arguments.
        args: Vec<String>,
        /// Variables added to the inherited environment.
        env: Vec<(String, String)>,
        /// Its working directory; the host's when `None`.
        cwd: Option<PathBuf>,
    },
    /// A server speaking MCP's streamable HTTP transport at this endpoint (`http://` or
    /// `https://`, usually ending in `/mcp`).
    Http {
        /// The endpoint URL.
        url: String,
    },
}

impl ServerSpec {
    /// A child process `command args…` with the host's environment and working directory.
    #[must_use]
    pub fn stdio<I, S>(command: impl Into<String>, args: I) -> Self
    where
        I: IntoIterator<Item = S>,
        S: Into<String>,
    {
        Self::Stdio {
            command: command.into(),
            args: args.into_iter().map(Into::into).collect(),
            env: Vec::new(),
            cwd: None,
        }
    }

    /// For a child process, the command that starts it: its arguments, added environment and
    /// working directory, its standard streams piped (MCP on input and output, its standard
    /// error for the log), killed when the returned child is dropped. `None` for HTTP.
    #[must_use]
    pub fn command(&self) -> Option<tokio::process::Command> {
        let Self::Stdio {
            command,
            args,
            env,
            cwd,
        } = self
        else {
            return None;
        };
        let mut process = tokio::process::Command::new(command);
        process
            .args(args)
            .envs(env.iter().map(|(key, value)| (key, value)))
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .kill_on_drop(true);
        if let Some(cwd) = cwd {
            process.current_dir(cwd);
        }
        Some(process)
    }

    /// A streamable HTTP endpoint.
    #[must_use]
    pub fn http(url: impl Into<String>) -> Self {
        Self::Http { url: url.into() }
    }

    /// The server a command line names: the endpoint `url` when there is one, else the child
    /// process `command` (its first word the program, the rest its arguments); `None` when
    /// neither is given.
    #[must_use]
    pub fn from_url_or_command(url: Option<&str>, command: &[String]) -> Option<Self> {
        match (url, command.split_first()) {
            (Some(url), _) => Some(Self::http(url)),
            (None, Some((program, args))) => Some(Self::stdio(program.clone(), args.to_vec())),
            (None, None) => None,
        }
    }
}

impl fmt::Display for ServerSpec {
    /// The command line (arguments joined with spaces) or the URL, for messages.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Self::Stdio { command, args, .. } => {
                f.write_str(command)?;
                for arg in args {
                    write!(f, " {arg}")?;
                }
                Ok(())
            }
            Self::Http { url } => f.write_str(url),
        }
    }
}

/// How a connection behaves. `Default` gives the values documented on each field.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ClientOptions {
    /// The longest wait for the answer to one request (`tools/list`, `resources/read`,
    /// `tools/call`); 30 s. A call that takes longer fails with [`super::Error::Timeout`] and
    /// the server is sent `notifications/cancelled`; the connection stays usable. This is the
    /// server's time: while one of its questions waits for the user (or a sampling request
    /// for the model), the clock stops.
    pub request_timeout: Duration,
    /// The longest a question waits for its answer: a server's `elicitation/create` or
    /// `sampling/createMessage`, a view's `sampling/createMessage`, a URL-mode page of a
    /// -32042 answer; 10 minutes. A person reads, thinks and types; after this the question
    /// is cancelled (a sampling request refused), never left hanging.
    pub question_timeout: Duration,
    /// The longest wait for the `initialize` handshake (spawning included); 20 s.
    pub connect_timeout: Duration,
    /// `clientInfo.name` sent in `initialize`; `"mcpapp"`.
    pub client_name: String,
    /// `clientInfo.version`; this crate's version.
    pub client_version: String,
    /// The mime types advertised in `capabilities.extensions["io.modelcontextprotocol/ui"]`;
    /// HTML views, mcpapp cards and A2UI surfaces ([`HTML_MIME_TYPE`], [`CARD_MIME_TYPE`],
    /// [`A2UI_MIME_TYPE`]).
    pub mime_types: Vec<String>,
    /// Whether listing tools starts reading every app tool's `ui://` resource in the
    /// background, so that opening a view finds it cached; `true`.
    pub prefetch_ui_resources: bool,
    /// How many `ui://` resources the cache keeps at most; 64 (the least recently used goes
    /// first). A server has one view per app tool, rarely more than a few dozen.
    pub max_cached_resources: usize,
    /// How many bytes of `ui://` resources the cache keeps at most; 32 MiB. An HTML app with
    /// its scripts inlined is 50 KiB to a few MiB, so this holds the views of a large server,
    /// while an app reading `ui://` resources one after another cannot make the host keep
    /// more. A resource larger than this alone is read every time.
    pub max_cached_resource_bytes: usize,
    /// Who answers servers' questions (`elicitation/create`) and sampling requests; none by
    /// default, and a capability is advertised only when its handler is set.
    pub handlers: super::Handlers,
}

impl Default for ClientOptions {
    fn default() -> Self {
        Self {
            request_timeout: Duration::from_secs(30),
            question_timeout: Duration::from_mins(10),
            connect_timeout: Duration::from_secs(20),
            client_name: "mcpapp".to_owned(),
            client_version: env!("CARGO_PKG_VERSION").to_owned(),
            mime_types: vec![
                HTML_MIME_TYPE.to_owned(),
                CARD_MIME_TYPE.to_owned(),
                A2UI_MIME_TYPE.to_owned(),
            ],
            prefetch_ui_resources: true,
            max_cached_resources: 64,
            max_cached_resource_bytes: 32 * 1024 * 1024,
            handlers: super::Handlers::default(),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_command_line_names_a_url_or_a_program() {
        let command = ["node".to_owned(), "server.js".to_owned()];
        assert_eq!(
            ServerSpec::from_url_or_command(Some("http://h/mcp"), &command),
            Some(ServerSpec::http("http://h/mcp"))
        );
        assert_eq!(
            ServerSpec::from_url_or_command(None, &command),
            Some(ServerSpec::stdio("node", ["server.js"]))
        );
        assert_eq!(ServerSpec::from_url_or_command(None, &[]), None);
    }
}
