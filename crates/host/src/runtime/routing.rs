//! How the runtime carries messages: what a view says goes to the host, what the host says goes
//! to views (through an outbox while a port is full), to servers (as tasks whose answers come
//! back as arrivals) and to the embedder's event queue.

use std::time::Instant;

use mcpapp_protocol::{JsonRpcError, LoggingLevel};
use serde_json::Value;

use super::trace::{TraceDirection, Traced};
use super::{Arrival, OUTBOX_LIMIT, Runtime, questions};
use crate::Error;
use crate::host::{HostEvent, InstanceId, Output, ServerCall, wire};

impl Runtime {
    pub(super) fn view_said(&mut self, instance: InstanceId, message: Value) {
        self.last_read = Some(instance);
        if let Some(trace) = &mut self.trace {
            trace.push(Traced {
                instance,
                direction: TraceDirection::ToHost,
                message: message.clone(),
                at: Instant::now(),
            });
        }
        // The clock is brought up to now for the app's rate limits.
        self.host.tick(Instant::now());
        self.host.view_message(instance, message);
    }

    /// A view's port is gone (or was given up on): the host closes the app, and the port's
    /// reason, if it knows one, is logged with it.
    pub(super) fn view_went(&mut self, instance: InstanceId) {
        let reason = self
            .views
            .remove(&instance)
            .and_then(|view| view.port.gone_reason());
        if let Some(reason) = reason {
            tracing::warn!(?instance, reason, "an app's view was closed");
            self.events.push_back(HostEvent::Log {
                instance: Some(instance),
                level: LoggingLevel::Warning,
                message: format!("the app's view was closed: {reason}"),
            });
        }
        self.host.view_gone(instance);
    }

    pub(super) fn arrived(&mut self, arrival: Arrival) {
        match arrival {
            Arrival::Reply {
                instance,
                request,
                reply,
            } => self.host.server_reply(instance, &request, reply),
            Arrival::ToolResult {
                tool_call_id,
                result,
            } => {
                self.host.tool_result(&tool_call_id, &result);
                self.results.push((tool_call_id, result));
            }
            Arrival::ToolsChanged { server } => {
                if let Some(connection) = self.servers.get(&server) {
                    let tools = connection.tools();
                    self.host.set_server_tools(&server, tools);
                }
            }
            Arrival::Saved(done) => self.host.save_done(done),
            Arrival::Question { question, reply } => self.asked(question, reply),
            Arrival::Sample { request, reply } => self.asked_sample(request, reply),
            Arrival::QuestionDone {
                server,
                elicitation_id,
            } => self.host.question_completed(&server, &elicitation_id),
        }
    }

    /// Delivers what waits in outboxes, then the host's outputs (to views, to servers as
    /// tasks, to the event queue) and its state saves (to the writer thread), until it has
    /// none left.
    pub(super) fn route(&mut self) {
        loop {
            self.flush_outboxes();
            let outputs = self.host.drain();
            let saves = self.host.take_saves();
            if outputs.is_empty() && saves.is_empty() {
                break;
            }
            for job in saves {
                if let Err(job) = self.saver.write(job, &self.arrivals_tx) {
                    // No writer thread: written here rather than lost.
                    self.host.save_done(job.run());
                }
            }
            for output in outputs {
                match output {
                    Output::ToView { instance, message } => self.deliver(instance, message),
                    Output::ToServer {
                        instance,
                        server,
                        request,
                        call,
                    } => self.call_server(instance, &server, request, call),
                    Output::Event(event) => self.events.push_back(event),
                    Output::Answer {
                        instance, answer, ..
                    } => self.answered(instance, questions::Answer::Question(answer)),
                    Output::Sampled {
                        instance, reply, ..
                    } => self.answered(
                        instance,
                        questions::Answer::Sample(reply.map(|r| r.to_value())),
                    ),
                }
            }
        }
    }

    /// Gives a message to a view's port, or to its outbox behind the ones its port did not
    /// take yet; a view whose outbox overflows has stopped reading, and is closed.
    fn deliver(&mut self, instance: InstanceId, message: Value) {
        if let Some(trace) = &mut self.trace {
            trace.push(Traced {
                instance,
                direction: TraceDirection::ToView,
                message: message.clone(),
                at: Instant::now(),
            });
        }
        let Some(view) = self.views.get_mut(&instance) else {
            return;
        };
        let sent = if view.outbox.is_empty() {
            view.port.try_send(message)
        } else {
            Err(Error::PortFull(message))
        };
        match sent {
            Ok(()) => {}
            Err(Error::PortFull(message)) => {
                view.outbox.push_back(message);
                if view.outbox.len() > OUTBOX_LIMIT {
                    self.give_up_on(instance);
                }
            }
            // Gone, or a port that fails otherwise: the view cannot be reached.
            Err(_) => self.view_went(instance),
        }
    }

    /// Moves what waits in outboxes into the ports that have room again.
    fn flush_outboxes(&mut self) {
        let mut gone = Vec::new();
        for (id, view) in &mut self.views {
            while let Some(message) = view.outbox.pop_front() {
                match view.port.try_send(message) {
                    Ok(()) => {}
                    Err(Error::PortFull(message)) => {
                        view.outbox.push_front(message);
                        break;
                    }
                    Err(_) => {
                        gone.push(*id);
                        break;
                    }
                }
            }
        }
        for id in gone {
            self.view_went(id);
        }
    }

    /// Closes a view that does not read what the host tells it.
    fn give_up_on(&mut self, instance: InstanceId) {
        self.views.remove(&instance);
        let message = format!(
            "the app's view was closed: it left more than {OUTBOX_LIMIT} messages from the host unread"
        );
        tracing::warn!(?instance, "{message}");
        self.events.push_back(HostEvent::Log {
            instance: Some(instance),
            level: LoggingLevel::Warning,
            message,
        });
        self.host.view_gone(instance);
    }

    fn call_server(
        &mut self,
        instance: InstanceId,
        server: &str,
        request: Value,
        call: ServerCall,
    ) {
        let Some(connection) = self.servers.get(server).cloned() else {
            let error = JsonRpcError::server_error(format!("server `{server}` is not connected"));
            self.host.server_reply(instance, &request, Err(error));
            return;
        };
        let arrivals = self.arrivals_tx.clone();
        tokio::spawn(async move {
            let reply = match call {
                ServerCall::CallTool { name, arguments } => connection
                    .call_tool(&name, arguments)
                    .await
                    .map(|result| wire::result(&result)),
                ServerCall::ReadResource { uri } => connection
                    .read_resource(&uri)
                    .await
                    .map(|result| wire::result(&result)),
                ServerCall::ListResources { cursor } => connection
                    .list_app_resources(cursor)
                    .await
                    .map(|result| wire::result(&result)),
                ServerCall::Sample { params } => connection.sample(params).await,
            }
            .map_err(|e| e.to_jsonrpc_error());
            let _ = arrivals
                .send(Arrival::Reply {
                    instance,
                    request,
                    reply,
                })
                .await;
        });
    }
}
