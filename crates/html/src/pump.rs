//! Moving messages between one view port and its [`AppHost`] instance.
//!
//! The host is sans-IO: an embedder feeds it what views send and carries out what it drains.
//! These helpers do that for one instance's port and hand everything else (server calls,
//! events, messages for other instances) back, untouched and in order.

use mcpapp_host::{AppHost, InstanceId, Output, ViewPort};

/// What one pump step did.
#[derive(Debug, Default)]
#[non_exhaustive]
pub struct Pumped {
    /// Messages read from the view and fed to the host.
    pub received: usize,
    /// Host messages delivered to the view.
    pub delivered: usize,
    /// The host's other outputs, in order: calls to servers, events, messages for other
    /// instances. The embedder carries them out.
    pub others: Vec<Output>,
    /// Whether the view has gone; the host was told ([`AppHost::view_gone`]).
    pub gone: bool,
}

/// Feeds every message waiting on `port` to `host` as `instance`, drains the host, delivers
/// the messages for `instance` to `port`, and returns the rest. Never waits.
pub fn pump_once(host: &mut AppHost, instance: InstanceId, port: &mut dyn ViewPort) -> Pumped {
    let mut pumped = Pumped::default();
    loop {
        match port.try_recv() {
            Ok(Some(message)) => {
                pumped.received += 1;
                host.view_message(instance, message);
            }
            Ok(None) => break,
            Err(_) => {
                pumped.gone = true;
                break;
            }
        }
    }
    deliver(host, instance, port, &mut pumped);
    pumped
}

/// Waits until the view sends something (or goes), then does [`pump_once`]. Host messages
/// already waiting are delivered first.
pub async fn pump_next(
    host: &mut AppHost,
    instance: InstanceId,
    port: &mut dyn ViewPort,
) -> Pumped {
    let mut pumped = Pumped::default();
    deliver(host, instance, port, &mut pumped);
    if !pumped.gone {
        match port.recv().await {
            Some(message) => {
                pumped.received += 1;
                host.view_message(instance, message);
            }
            None => pumped.gone = true,
        }
    }
    let rest = if pumped.gone {
        deliver(host, instance, port, &mut pumped);
        Pumped::default()
    } else {
        pump_once(host, instance, port)
    };
    pumped.received += rest.received;
    pumped.delivered += rest.delivered;
    pumped.others.extend(rest.others);
    pumped.gone |= rest.gone;
    pumped
}

/// Tells the host if the view went, drains it, and delivers what is for `instance`, until
/// the host has nothing more to say.
fn deliver(host: &mut AppHost, instance: InstanceId, port: &mut dyn ViewPort, pumped: &mut Pumped) {
    let mut told = false;
    loop {
        if pumped.gone && !told {
            host.view_gone(instance);
            told = true;
        }
        let outputs = host.drain();
        if outputs.is_empty() {
            break;
        }
        for output in outputs {
            match output {
                Output::ToView {
                    instance: target,
                    message,
                } if target == instance => {
                    if pumped.gone {
                        continue;
                    }
                    if port.send(message).is_ok() {
                        pumped.delivered += 1;
                    } else {
                        pumped.gone = true;
                    }
                }
                other => pumped.others.push(other),
            }
        }
    }
}
