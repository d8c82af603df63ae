//! Example MCP servers written as a tool author would, with `mcpapp-server` on rmcp; the
//! `mcpapp serve-example NAME` command serves them over stdio or streamable HTTP.
//!
//! ```
//! use mcpapp_card::{InputValues, Severity, prepare_submit, tool_call};
//! use mcpapp_examples::{EXAMPLES, weather};
//!
//! assert_eq!(EXAMPLES, ["flights", "scheduler", "tables", "weather", "weather-card"]);
//!
//! // What the weather example's `get_forecast` answers a card client with: a checked card.
//! let forecast = weather::forecast("Oslo", 3, 20_000); // 3 days from day 20,000 of 1970
//! assert_eq!((forecast.issued.as_str(), forecast.days[0].weekday), ("2024-10-04", "Fri"));
//! let card = weather::forecast_card(&forecast).unwrap();
//! assert!(mcpapp_card::check(&card).iter().all(|d| d.severity != Severity::Error));
//! // ... and the text every client gets, for the model.
//! assert!(weather::summary(&forecast).starts_with("Forecast for Oslo (3 days from 2024-10-04):"));
//!
//! // The card's "Show" button calls the tool again, with the number of days chosen.
//! let data = prepare_submit(&[&card], &card.actions[0], &InputValues::initial(&card))?;
//! let call = tool_call(&card.actions[0], data)?;
//! assert_eq!(call.name, "get_forecast");
//! assert_eq!(call.arguments["city"], "Oslo");
//! assert_eq!(call.arguments["days"], "3");
//! # Ok::<(), mcpapp_card::SubmitError>(())
//! ```
//!
//! [`serve`] runs one of them until the client goes away (stdio) or for ever (HTTP):
//!
//! ```no_run
//! use mcpapp_examples::{Options, Transport, serve};
//!
//! # async fn run() -> Result<(), mcpapp_examples::ExampleError> {
//! serve("flights", Transport::Stdio, &Options::default(), |_url| {}).await
//! # }
//! ```
//!
//! - `flights`: the reference scenario (a cancellation that asks for a reason on a signed
//!   card); see [`flights`].
//! - `scheduler`: a button per free slot, each a signed one-time action; see [`scheduler`].
//! - `tables`: an A2UI surface of free tables with a booking form; its "Book" buttons'
//!   events are signed and checked on the server; see [`tables`].
//! - `weather`: an HTML app for clients that show HTML, a card for clients that show cards,
//!   text for the rest; see [`weather`].
//! - `weather-card`: the same forecast from its card alone: the card, the card app for hosts
//!   that show only HTML apps, text for the rest ([`weather::CardServer`]).

pub mod flights;
pub mod scheduler;
mod support;
pub mod tables;
pub mod weather;

use std::net::SocketAddr;
use std::sync::Arc;

use rmcp::transport::streamable_http_server::session::local::LocalSessionManager;
use rmcp::transport::{StreamableHttpServerConfig, StreamableHttpService};
use rmcp::{ServerHandler, ServiceExt};

/// The examples [`serve`] knows.
pub const EXAMPLES: &[&str] = &["flights", "scheduler", "tables", "weather", "weather-card"];

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
#[derive(Clone)]
pub struct Options {
    /// The user the server acts for (whose bookings, to whom cards are signed).
    pub user: String,
    /// How long a signed card action stays valid, in seconds.
    pub action_ttl_secs: u64,
    /// The signing key; `None` makes one for this process, so cards of an earlier run or of
    /// another server process are refused. Servers behind a load balancer share one.
    pub signing_key: Option<Vec<u8>>,
    /// Where used actions are remembered: `None` in this process's memory; `redis://…` in a
    /// Redis every replica shares (with the `redis` feature), so an action used on one
    /// process, or before a restart, is refused everywhere.
    pub replay_store: Option<String>,
}

impl std::fmt::Debug for Options {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Options")
            .field("user", &self.user)
            .field("action_ttl_secs", &self.action_ttl_secs)
            .field("signing_key", &self.signing_key.as_ref().map(|_| "<set>"))
            .field("replay_store", &self.replay_store)
            .finish()
    }
}

impl Default for Options {
    fn default() -> Self {
        Self {
            user: "ada".to_owned(),
            action_ttl_secs: 15 * 60,
            signing_key: None,
            replay_store: None,
        }
    }
}

impl Options {
    /// The replay guard of the example named `name`: in memory, or in the Redis of
    /// [`Self::replay_store`] under keys of its own.
    pub(crate) fn replay_guard(
        &self,
        name: &str,
    ) -> Result<Box<dyn mcpapp_server::ReplayGuard + Send>, String> {
        match &self.replay_store {
            None => Ok(Box::new(mcpapp_server::MemoryReplayGuard::new())),
            #[cfg(feature = "redis")]
            Some(url) => {
                mcpapp_server::RedisReplayGuard::open(url, format!("mcpapp:{name}:nonce:"))
                    .map(|guard| Box::new(guard) as Box<dyn mcpapp_server::ReplayGuard + Send>)
                    .map_err(|e| format!("the replay store {url}: {e}"))
            }
            #[cfg(not(feature = "redis"))]
            Some(url) => Err(format!(
                "the replay store {url} of {name} needs the `redis` feature of mcpapp-examples"
            )),
        }
    }

    /// The signer of the example's card actions, for the server named `audience` (servers
    /// that share a key still refuse each other's actions).
    pub(crate) fn signer(
        &self,
        audience: &str,
    ) -> Result<mcpapp_server::Signer, mcpapp_server::Error> {
        let key = self
            .signing_key
            .clone()
            .unwrap_or_else(support::process_secret);
        Ok(
            mcpapp_server::Signer::new([("k1", key)], self.action_ttl_secs)?
                .with_audience(audience),
        )
    }

    /// What a signing example needs for the server named `name`: its [`Self::signer`] and its
    /// [`Self::replay_guard`].
    pub(crate) fn signing(
        &self,
        name: &str,
    ) -> Result<(mcpapp_server::Signer, SharedReplayGuard), String> {
        let signer = self.signer(name).map_err(|e| e.to_string())?;
        Ok((signer, std::sync::Mutex::new(self.replay_guard(name)?)))
    }
}

/// The guard against replayed actions, shared by a server's calls.
pub(crate) type SharedReplayGuard = std::sync::Mutex<Box<dyn mcpapp_server::ReplayGuard + Send>>;

/// Why the example `name` could not be set up.
fn setup(name: &str, reason: String) -> ExampleError {
    ExampleError::Setup {
        name: name.to_owned(),
        reason,
    }
}

/// Makes the example `$name` (an rmcp server) as `$server` and evaluates `$body` with it.
macro_rules! with_example {
    ($name:expr, $options:expr, $server:ident => $body:expr) => {
        match $name {
            "flights" => {
                let $server =
                    support::Served(flights::Server::new($options).map_err(|e| setup($name, e))?);
                $body
            }
            "scheduler" => {
                let $server =
                    support::Served(scheduler::Server::new($options).map_err(|e| setup($name, e))?);
                $body
            }
            "tables" => {
                let $server =
                    support::Served(tables::Server::new($options).map_err(|e| setup($name, e))?);
                $body
            }
            "weather" => {
                let $server = support::Served(weather::Server);
                $body
            }
            "weather-card" => {
                let $server = support::Served(weather::CardServer);
                $body
            }
            other => Err(ExampleError::Unknown(other.to_owned())),
        }
    };
}

/// Serves the example `name` until the client goes away (stdio) or forever (HTTP). `ready`
/// is called with the URL once an HTTP server listens.
pub async fn serve(
    name: &str,
    transport: Transport,
    options: &Options,
    ready: impl FnOnce(&str),
) -> Result<(), ExampleError> {
    with_example!(name, options, server => run(server, transport, ready).await)
}

/// Serves the example `name` on one connected byte stream (one end of a socket, a pipe or an
/// in-process `tokio::io::duplex`) until the client goes away: for tests and embedders that
/// hold the connection themselves.
pub async fn serve_stream<T>(name: &str, stream: T, options: &Options) -> Result<(), ExampleError>
where
    T: tokio::io::AsyncRead + tokio::io::AsyncWrite + Send + Unpin + 'static,
{
    with_example!(name, options, server => {
        let fail = |e: &dyn std::fmt::Display| ExampleError::Transport {
            transport: "stream".to_owned(),
            reason: e.to_string(),
        };
        let service = server.serve(stream).await.map_err(|e| fail(&e))?;
        service.waiting().await.map_err(|e| fail(&e))?;
        Ok(())
    })
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
