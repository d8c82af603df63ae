//! Reaching a server and the `initialize` handshake: the transport (a child process or
//! streamable HTTP), the params the host sends, and a failure put into words.

use std::sync::Arc;
use std::time::Duration;

use mcpapp_protocol::{EXTENSION_ID, UiClientCapability};
use rmcp::ServiceExt;
use rmcp::model::{
    ClientCapabilities, ClientConfig, ElicitationCapability, ExtensionCapabilities,
    FormElicitationCapability, Implementation, ProtocolVersion, SamplingCapability,
    UrlElicitationCapability,
};
use rmcp::service::{ClientInitializeError, RoleClient, RunningService};
use rmcp::transport::async_rw::AsyncRwTransport;
use rmcp::transport::{IntoTransport, StreamableHttpClientTransport};
use serde_json::{Map, Value};

use super::connection::END_REASON_WAIT;
use super::handler::Handler;
use super::process::ChildProcess;
use super::requests::readable_chain;
use super::{ClientOptions, Error, ServerSpec};

/// The rmcp service of a connection that has completed its handshake.
pub(super) type Session = RunningService<RoleClient, Handler>;

/// Starts the server (stdio) or reaches it (HTTP) and runs the handshake with `handler`; the
/// service, and the child process of a stdio server.
///
/// A process whose handshake fails is killed; the error quotes how it exited, if it did.
pub(super) async fn open(
    id: &str,
    spec: &ServerSpec,
    command_line: &str,
    handler: Handler,
    options: &ClientOptions,
) -> Result<(Session, Option<Arc<ChildProcess>>), Error> {
    let ServerSpec::Http { url } = spec else {
        let (process, stdout, stdin) = ChildProcess::spawn(id, spec, command_line)?;
        let transport = AsyncRwTransport::new_client(stdout, stdin);
        return match handshake(id, handler, transport, options.connect_timeout).await {
            Ok(running) => Ok((running, Some(Arc::new(process)))),
            Err(failure) => {
                // Explained before the kill, so that the message has the server's own exit.
                let error = failure.into_error(id, Some(&process)).await;
                process.kill();
                Err(error)
            }
        };
    };
    ensure_crypto_provider();
    let transport = StreamableHttpClientTransport::from_uri(url.as_str());
    match handshake(id, handler, transport, options.connect_timeout).await {
        Ok(running) => Ok((running, None)),
        Err(failure) => Err(failure.into_error(id, None).await),
    }
}

/// Why a handshake failed, before it is put into words.
enum HandshakeFailure {
    Timeout(Duration),
    Failed(Box<ClientInitializeError>),
}

impl HandshakeFailure {
    /// The failure as an error naming `server`, with the process's exit if it has exited.
    async fn into_error(self, server: &str, process: Option<&ChildProcess>) -> Error {
        match self {
            Self::Timeout(after) => Error::Timeout {
                server: server.to_owned(),
                what: "initialize".to_owned(),
                after,
            },
            Self::Failed(error) => {
                let mut message = readable_chain(error.as_ref());
                if let Some(process) = process
                    && let Some(exit) = process.describe_exit(END_REASON_WAIT).await
                {
                    message = format!("{message}; {exit}");
                }
                Error::Connect {
                    server: server.to_owned(),
                    message,
                }
            }
        }
    }
}

/// Runs the `initialize` handshake within `timeout`.
async fn handshake<T, E, A>(
    server: &str,
    handler: Handler,
    transport: T,
    timeout: Duration,
) -> Result<Session, HandshakeFailure>
where
    T: IntoTransport<RoleClient, E, A>,
    E: std::error::Error + Send + Sync + 'static,
{
    match tokio::time::timeout(timeout, handler.serve(transport)).await {
        Ok(Ok(running)) => Ok(running),
        Ok(Err(error)) => {
            tracing::warn!(server, %error, "MCP handshake failed");
            Err(HandshakeFailure::Failed(Box::new(error)))
        }
        Err(_) => {
            tracing::warn!(server, ?timeout, "MCP handshake timed out");
            Err(HandshakeFailure::Timeout(timeout))
        }
    }
}

/// The `initialize` params: client info, the pinned protocol version and the MCP Apps
/// extension (`capabilities.extensions["io.modelcontextprotocol/ui"] = {"mimeTypes": [...]}`).
pub(super) fn client_config(options: &ClientOptions) -> ClientConfig {
    let mut extensions = ExtensionCapabilities::new();
    extensions.insert(
        EXTENSION_ID.to_owned(),
        match UiClientCapability::new(options.mime_types.iter().cloned()).to_value() {
            Value::Object(settings) => settings,
            _ => Map::new(),
        },
    );
    // `ClientCapabilities` is non-exhaustive and its builder needs rmcp's server features.
    let mut capabilities = ClientCapabilities::default();
    capabilities.extensions = Some(extensions);
    if options.handlers.elicitation.is_some() {
        let mut elicitation = ElicitationCapability::default();
        elicitation.form = Some(FormElicitationCapability::default());
        elicitation.url = Some(UrlElicitationCapability::new());
        capabilities.elicitation = Some(elicitation);
    }
    if options.handlers.sampling.is_some() {
        capabilities.sampling = Some(SamplingCapability::default());
    }
    ClientConfig::new(
        capabilities,
        Implementation::new(options.client_name.clone(), options.client_version.clone()),
    )
    .with_protocol_version(ProtocolVersion::LATEST_WITH_INITIALIZE)
}

/// Gives rustls a process-wide crypto provider (ring) for `https://` unless the embedder
/// installed one: reqwest is built without a provider of its own, to avoid aws-lc's C build.
fn ensure_crypto_provider() {
    static ONCE: std::sync::Once = std::sync::Once::new();
    ONCE.call_once(|| {
        if rustls::crypto::CryptoProvider::get_default().is_none()
            && rustls::crypto::ring::default_provider()
                .install_default()
                .is_err()
        {
            tracing::debug!("a rustls crypto provider was installed meanwhile");
        }
    });
}

#[cfg(test)]
mod tests {

    #![allow(clippy::unwrap_used, reason = "tests")]

    use super::*;
    use crate::mcp::PROTOCOL_VERSION;

    #[test]
    fn initialize_advertises_every_mime_type_and_pins_the_version() {
        let config = client_config(&ClientOptions::default());
        let json = serde_json::to_value(&config).unwrap();
        assert_eq!(json["protocolVersion"], PROTOCOL_VERSION);
        assert_eq!(
            json["capabilities"]["extensions"][EXTENSION_ID]["mimeTypes"],
            serde_json::json!([
                mcpapp_protocol::HTML_MIME_TYPE,
                mcpapp_protocol::CARD_MIME_TYPE,
                mcpapp_protocol::A2UI_MIME_TYPE
            ])
        );
        assert_eq!(json["clientInfo"]["name"], "mcpapp");
    }
}
