//! Example MCP servers written as a tool author would, with `mcpapp-server` on rmcp; the
//! `mcpapp serve-example NAME` command serves them over stdio or streamable HTTP.
//!
//! - `flights`: the reference scenario (a cancellation that asks for a reason on a signed
//!   card); see [`flights`].
//! - `scheduler`: a button per free slot, each a signed one-time action; see [`scheduler`].

pub mod flights;
pub mod scheduler;
mod support;

use std::net::SocketAddr;
use std::sync::Arc;

use rmcp::transport::streamable_http_server::session::local::LocalSessionManager;
use rmcp::transport::{StreamableHttpServerConfig, StreamableHttpService};
use rmcp::{ServerHandler, ServiceExt};

/// The examples [`serve`] knows.
pub const EXAMPLES: &[&str] = &["flights", "scheduler"];

/// Why an example could not be served.
#[derive(Debug, thiserror::Error)]
pub enum ExampleError {
    /// No example has that name.
    #[error("no example server `{0}`; the examples are: {list}", list = EXAMPLES.join(", "))]
    Unknown(String),
    /// The example could not be set up.
    #[error("setting up `{name}`: {reason}")]
    Setup {
        /// The example.
        name: String,
        /// Why.
        reason: String,
    },
    /// The transport failed (the handshake, the socket).
    #[error("serving over {transport}: {reason}")]
    Transport {
        /// `stdio` or the HTTP address.
        transport: String,
        /// Why.
        reason: String,
    },
}

/// Where to serve.
#[derive(Debug, Clone)]
pub enum Transport {
    /// Standard input and output, for a client that starts the server as a child process.
    Stdio,
    /// Streamable HTTP at `http://ADDR/mcp`; `ready` is called with the bound address once
    /// connections are accepted (port 0 picks a free port).
    Http(SocketAddr),
}

/// Options of an example.
#[derive(Debug, Clone)]
pub struct Options {
    /// The user the server acts for (whose bookings, to whom cards are signed).
    pub user: String,
}

impl Default for Options {
    fn default() -> Self {
        Self {
            user: "ada".to_owned(),
        }
    }
}

/// Serves the example `name` until the client goes away (stdio) or forever (HTTP). `ready`
/// is called with the URL once an HTTP server listens.
pub async fn serve(
    name: &str,
    transport: Transport,
    options: &Options,
    ready: impl FnOnce(&str),
) -> Result<(), ExampleError> {
    match name {
        "flights" => {
            let server = flights::Server::new(&options.user).map_err(|e| ExampleError::Setup {
                name: name.to_owned(),
                reason: e.to_string(),
            })?;
            run(support::Served(server), transport, ready).await
        }
        "scheduler" => {
            let server =
                scheduler::Server::new(&options.user).map_err(|e| ExampleError::Setup {
                    name: name.to_owned(),
                    reason: e.to_string(),
                })?;
            run(support::Served(server), transport, ready).await
        }
        other => Err(ExampleError::Unknown(other.to_owned())),
    }
}

async fn run<S: ServerHandler + Clone + Send + Sync + 'static>(
    server: S,
    transport: Transport,
    ready: impl FnOnce(&str),
) -> Result<(), ExampleError> {
    match transport {
        Transport::Stdio => {
            let fail = |e: &dyn std::fmt::Display| ExampleError::Transport {
                transport: "stdio".to_owned(),
                reason: e.to_string(),
            };
            let service = server
                .serve(rmcp::transport::stdio())
                .await
                .map_err(|e| fail(&e))?;
            service.waiting().await.map_err(|e| fail(&e))?;
            Ok(())
        }
        Transport::Http(address) => {
            let fail = |e: &dyn std::fmt::Display| ExampleError::Transport {
                transport: address.to_string(),
                reason: e.to_string(),
            };
            let listener = tokio::net::TcpListener::bind(address)
                .await
                .map_err(|e| fail(&e))?;
            let local = listener.local_addr().map_err(|e| fail(&e))?;
            let service = StreamableHttpService::new(
                move || Ok(server.clone()),
                Arc::new(LocalSessionManager::default()),
                StreamableHttpServerConfig::default(),
            );
            let router = axum::Router::new().nest_service("/mcp", service);
            ready(&format!("http://{local}/mcp"));
            axum::serve(listener, router).await.map_err(|e| fail(&e))
        }
    }
}
