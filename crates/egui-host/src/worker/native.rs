//! Opening a natively drawn view (a card or A2UI surfaces): its session, built from the view
//! resource, runs on the GUI thread behind a port whose deliveries wake the GUI.

use mcpapp_host::mcp::McpConnection;
use mcpapp_host::{
    A2uiSession, AppSpec, CardSession, ChannelPort, Error, InstanceId, ViewKind, ViewPort,
};
use serde_json::Value;

use super::{ViewParts, Worker};
use crate::handle::Repaint;

impl Worker {
    /// Builds the session of a card or A2UI view and attaches its port. A tool without a view
    /// of its own carries its card or its A2UI in the result; a `ui://` card view is a
    /// template filled with each result; a `ui://` A2UI view holds the stream of its first
    /// surfaces.
    pub(super) async fn open_native(
        &mut self,
        instance: InstanceId,
        spec: &AppSpec,
        connection: &McpConnection,
    ) -> Result<ViewParts, String> {
        let uri = &spec.resource_uri;
        let text = if spec.tool.ui_resource_uri().is_none() {
            None
        } else {
            let read = connection
                .read_resource(uri)
                .await
                .map_err(|e| format!("reading {uri}: {e}"))?;
            let text = read
                .contents
                .first()
                .and_then(|item| item.text.clone())
                .ok_or_else(|| format!("{uri} holds no text"))?;
            Some(text)
        };
        let (port, end) = ChannelPort::pair();
        let port = RepaintPort {
            port,
            repaint: self.repaint.clone(),
        };
        self.runtime.attach(instance, Box::new(port));
        if spec.kind == ViewKind::A2ui {
            // Where an event goes depends on the tools an app may call (`mcpapp_a2ui::mcp`).
            let tools = connection
                .tools()
                .into_iter()
                .filter(mcpapp_protocol::Tool::is_app_visible)
                .map(|tool| tool.name);
            let session = A2uiSession::new(text.as_deref(), tools);
            return Ok(ViewParts::A2ui {
                session: Box::new(session),
                end,
            });
        }
        let session = match text {
            Some(template) => CardSession::from_template(template),
            None => CardSession::waiting(),
        };
        Ok(ViewParts::Card {
            session: Box::new(session),
            end,
        })
    }
}

/// A channel port whose deliveries wake the GUI: the card or A2UI session runs there.
struct RepaintPort {
    port: ChannelPort,
    repaint: Repaint,
}

impl ViewPort for RepaintPort {
    fn send(&self, message: Value) -> Result<(), Error> {
        self.port.send(message)?;
        self.repaint.now();
        Ok(())
    }

    fn try_send(&self, message: Value) -> Result<(), Error> {
        self.port.try_send(message)?;
        self.repaint.now();
        Ok(())
    }

    fn room(&self) -> usize {
        self.port.room()
    }

    fn try_recv(&mut self) -> Result<Option<Value>, Error> {
        self.port.try_recv()
    }

    fn recv(&mut self) -> std::pin::Pin<Box<dyn Future<Output = Option<Value>> + Send + '_>> {
        self.port.recv()
    }
}
