#![cfg(test)] // clippy.toml's allowances for tests hold in every function here
//! A server's question in the embedder's window: the public server-everything (npm; `.ci/run`
//! installs it) asks while a call runs, `HostHandle` shows it as a card (`PendingView`: the tool has no view, so it belongs to no app), and
//! the user's Accept, Decline or Cancel, a thread switch or the response lock decide what the
//! server gets. Driven with `egui_kittest` by accessible label.

mod support;

use std::sync::Arc;
use std::time::{Duration, Instant};

use egui::accesskit::Role;
use egui_kittest::Harness;
use egui_kittest::kittest::Queryable;
use mcpapp_egui_host::{HandleOptions, HostHandle, HostUpdate, PendingView};
use mcpapp_host::mcp::ServerSpec;
use mcpapp_host::store::MemoryStore;
use mcpapp_protocol::DisplayMode;

struct App {
    host: HostHandle,
    results: Vec<String>,
}

fn everything() -> Option<ServerSpec> {
    let entry = support::npm::everything_entry()?;
    Some(ServerSpec::stdio("node", [entry.as_str(), "stdio"]))
}

/// A window that shows the host's questions; the server is connected and asked to ask.
fn window() -> Option<Harness<'static, App>> {
    window_calling("trigger-elicitation-request", serde_json::Map::new())
}

/// A window that shows the host's questions and sampling requests (answered by the user);
/// once the server is connected, `tool` is called with `arguments`.
fn window_calling(
    tool: &'static str,
    arguments: serde_json::Map<String, serde_json::Value>,
) -> Option<Harness<'static, App>> {
    let spec = everything()?;
    let options = HandleOptions {
        store: Arc::new(MemoryStore::default()),
        sample_by_user: true,
        ..HandleOptions::default()
    };
    let host = HostHandle::start(None, options).unwrap();
    host.connect("everything", spec);
    let harness = Harness::builder()
        .with_size(egui::vec2(520.0, 1200.0))
        .build_ui_state(
            move |ui, app: &mut App| {
                for update in app.host.poll() {
                    if let HostUpdate::ServerConnected { .. } = update {
                        app.host.call(
                            mcpapp_egui_host::ToolCall::new("everything", tool)
                                .arguments(arguments.clone())
                                .unwrap()
                                .id("call-1")
                                .display_mode(DisplayMode::Inline),
                        );
                    }
                    if let HostUpdate::CallDone { result, .. } = update {
                        app.results.push(serde_json::to_string(&result).unwrap());
                    }
                }
                // Questions of a tool without a view belong to no app; the host locks them
                // while the model replies.
                ui.add(PendingView::new(app.host.pending_mut(), false));
            },
            App {
                host,
                results: Vec::new(),
            },
        );
    Some(harness)
}

/// Runs frames until `done`, with a deadline.
fn until(h: &mut Harness<'static, App>, what: &str, done: impl Fn(&Harness<'static, App>) -> bool) {
    let deadline = Instant::now() + Duration::from_secs(30);
    while !done(h) {
        assert!(Instant::now() < deadline, "timed out waiting until {what}");
        std::thread::sleep(Duration::from_millis(20));
        h.run();
    }
}

/// Types `text` into the `field` (role and label), presses `button`, and waits for the
/// server's first answer, which it returns.
fn fill_and_send(
    h: &mut Harness<'static, App>,
    field: (Role, &str),
    text: &str,
    button: &str,
) -> String {
    h.get_by_role_and_label(field.0, field.1).focus();
    h.run();
    h.get_by_role_and_label(field.0, field.1).type_text(text);
    h.run();
    h.get_by_role_and_label(Role::Button, button).click();
    answer(h, 1)
}

/// Runs the window until the server has answered `n` questions in all; the `n`th answer.
fn answer(h: &mut Harness<'static, App>, n: usize) -> String {
    until(h, "the server answers", |h| h.state().results.len() == n);
    h.state().results[n - 1].clone()
}

fn asked(h: &Harness<'static, App>) -> bool {
    h.query_by_label("everything asks").is_some()
}

#[test]
fn the_question_is_a_card_in_the_window_and_its_answer_reaches_the_server() {
    let Some(mut h) = window() else {
        return;
    };
    until(&mut h, "the question is shown", asked);
    assert!(
        h.query_by_label("Please provide inputs for the following fields:")
            .is_some()
    );

    // The model replies: the question is locked.
    h.state_mut().host.set_generating("default", true);
    h.run();
    h.get_by_role_and_label(Role::Button, "Accept").click();
    h.run();
    assert!(
        h.state().results.is_empty(),
        "a locked question sends nothing"
    );
    h.state_mut().host.set_generating("default", false);
    h.run();

    let result = fill_and_send(
        &mut h,
        (Role::TextInput, "String *"),
        "Ada Lovelace",
        "Accept",
    );
    assert!(result.contains("Ada Lovelace"), "{result}");
    assert!(!asked(&h), "an answered question goes");
}

#[test]
fn decline_and_a_thread_switch_answer_for_the_user() {
    let Some(mut h) = window() else {
        return;
    };
    until(&mut h, "the question is shown", asked);
    h.get_by_role_and_label(Role::Button, "Decline").click();
    let declined = answer(&mut h, 1);
    assert!(declined.contains("declined"), "{declined}");

    // Asked again, then the user goes to another thread: the question is cancelled.
    h.state().host.call(
        mcpapp_egui_host::ToolCall::new("everything", "trigger-elicitation-request")
            .arguments(serde_json::Map::new())
            .unwrap()
            .id("call-2")
            .display_mode(DisplayMode::Inline),
    );
    until(&mut h, "the question is shown again", asked);
    h.state_mut().host.switch_thread("other");
    let cancelled = answer(&mut h, 2);
    assert!(cancelled.contains("cancelled"), "{cancelled}");
    assert!(!asked(&h));
}

#[test]
fn a_sampling_request_is_answered_by_the_user_in_the_window() {
    let mut arguments = serde_json::Map::new();
    arguments.insert("prompt".into(), "Say hello".into());
    let Some(mut h) = window_calling("trigger-sampling-request", arguments) else {
        return;
    };
    until(&mut h, "the request is shown", |h| {
        h.query_by_label("everything asks for a reply from the model")
            .is_some()
    });
    let result = fill_and_send(
        &mut h,
        (Role::MultilineTextInput, "Reply *"),
        "Hello from the user",
        "Send reply",
    );
    assert!(result.contains("Hello from the user"), "{result}");
}
