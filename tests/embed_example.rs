#![cfg(test)] // clippy.toml's allowances for tests hold in every function here
//! `examples/embed.rs`, driven as a person would with `egui_kittest` (by accessible label):
//! the example's own `Embed` draws every app with `AppView` and what belongs to no app with
//! `PendingView`, and those widgets alone carry a card submit, a server's question, a sampling
//! request and an app's download. The servers are real processes: our flights and weather
//! examples, the public server-everything (npm; `.ci/run` installs it) and, for the weather
//! app's HTML, headless Chromium (the user's click in its page is evaluated there).

#[allow(dead_code, reason = "the example's `main` is not run here")]
#[path = "../examples/embed.rs"]
mod embed;
mod support;

use std::time::{Duration, Instant};

use egui::accesskit::Role;
use egui_kittest::Harness;
use egui_kittest::kittest::Queryable;
use embed::Embed;
use mcpapp_egui_host::{HandleOptions, HostHandle, ShowHtmlIn, ToolCall};
use mcpapp_host::mcp::ServerSpec;
use serde_json::json;
use support::kittest::{confirm_cancellation, shows};
use support::npm::server_entry;

fn example(name: &str) -> ServerSpec {
    ServerSpec::stdio(env!("CARGO_BIN_EXE_mcpapp"), ["serve-example", name])
}

fn everything() -> ServerSpec {
    let entry = server_entry("server-everything");
    assert!(
        entry.exists(),
        "server-everything is not installed: .ci/run installs it"
    );
    ServerSpec::stdio("node", [entry.to_str().unwrap(), "stdio"])
}

/// The example's `Embed`, started as its `main` does, on `server`, making `call`.
fn embedded(options: HandleOptions, server: ServerSpec, call: ToolCall) -> Harness<'static, Embed> {
    let host = HostHandle::start(None, options).unwrap();
    host.connect(call.server(), server);
    let embed = Embed {
        host,
        call,
        error: None,
    };
    let h = Harness::builder()
        .with_size(egui::vec2(560.0, 1100.0))
        .build_ui_state(|ui, embed: &mut Embed| embed.frame(ui), embed);
    mcpapp_egui::install(&h.ctx);
    h
}

fn until(
    h: &mut Harness<'static, Embed>,
    what: &str,
    done: impl Fn(&Harness<'static, Embed>) -> bool,
) {
    let deadline = Instant::now() + Duration::from_secs(30);
    while !done(h) {
        assert!(
            Instant::now() < deadline,
            "timed out waiting until {what} (error: {:?})",
            h.state().error
        );
        std::thread::sleep(Duration::from_millis(20));
        h.step();
    }
    h.run_steps(3);
}

fn type_into(h: &mut Harness<'static, Embed>, role: Role, label: &str, text: &str) {
    h.get_by_role_and_label(role, label).focus();
    h.step();
    h.get_by_role_and_label(role, label).type_text(text);
    h.run_steps(2);
}

#[test]
fn the_example_submits_a_card() {
    let call = ToolCall::new("flights", "request_cancellation_reason")
        .arguments(json!({ "booking_id": "FL-12345-ABC" }))
        .unwrap();
    let mut h = embedded(HandleOptions::default(), example("flights"), call);
    until(&mut h, "the card is shown", |h| {
        shows(h, "Confirm Cancellation")
    });
    confirm_cancellation(&mut h, "My plans changed");
    until(&mut h, "the answer card", |h| shows(h, "Flight cancelled"));
    assert!(shows(&h, "My plans changed"));
}

#[test]
fn the_example_answers_a_question_and_approves_a_sampling_request() {
    let options = HandleOptions::default().sampled_by_user();
    let call = ToolCall::new("everything", "trigger-elicitation-request");
    let mut h = embedded(options, everything(), call);
    until(&mut h, "the question is shown", |h| {
        h.query_by_label("everything asks").is_some()
    });
    type_into(&mut h, Role::TextInput, "String *", "Ada Lovelace");
    h.get_by_role_and_label(Role::Button, "Accept").click();
    until(&mut h, "the question is answered", |h| {
        h.query_by_label("everything asks").is_none()
    });

    let sample = h
        .state()
        .host
        .call_tool(
            "everything",
            "trigger-sampling-request",
            json!({"prompt": "Say hello"}),
        )
        .unwrap();
    assert!(sample.starts_with("mcpapp-call-"), "{sample}");
    until(&mut h, "the sampling request is shown", |h| {
        shows(h, "Say hello")
    });
    assert!(
        h.query_by_label("everything asks for a reply from the model")
            .is_some()
    );
    type_into(
        &mut h,
        Role::MultilineTextInput,
        "Reply *",
        "Hello from the user",
    );
    h.get_by_role_and_label(Role::Button, "Send reply").click();
    until(&mut h, "the request is answered", |h| {
        h.query_by_label("everything asks for a reply from the model")
            .is_none()
    });
    assert!(h.state().error.is_none(), "{:?}", h.state().error);
}

#[test]
fn the_example_saves_an_apps_download_when_the_user_says_so() {
    let folder = tempfile::tempdir().unwrap();
    let options = HandleOptions {
        show_html_in: ShowHtmlIn::Headless,
        downloads_folder: Some(folder.path().to_path_buf()),
        ..HandleOptions::default()
    };
    let call = ToolCall::new("weather", "get_forecast")
        .arguments(json!({"city": "Oslo", "days": 3}))
        .unwrap();
    let mut h = embedded(options, example("weather"), call);
    until(&mut h, "the HTML app waits for its window", |h| {
        h.query_by_label("Open in its own window").is_some()
    });
    h.get_by_role_and_label(Role::Button, "Open in its own window")
        .click();
    // The user presses the app's CSV button (in its page: the test evaluates the click there,
    // as soon as the forecast is drawn).
    let click = "document.querySelectorAll('.day').length === 3 \
                 && (document.getElementById('csv').click(), true)";
    let deadline = Instant::now() + Duration::from_secs(30);
    while !shows(&h, "Oslo-forecast.csv") {
        let app = h.state().host.apps().next().unwrap().instance();
        h.state().host.evaluate(app, click);
        assert!(Instant::now() < deadline, "the app never asked to download");
        for _ in 0..10 {
            std::thread::sleep(Duration::from_millis(50));
            h.step();
        }
    }
    assert!(std::fs::read_dir(folder.path()).unwrap().next().is_none());
    h.get_by_role_and_label(Role::Button, "Save").click();
    until(&mut h, "the download is saved", |_| {
        folder.path().join("Oslo-forecast.csv").exists()
    });
    let csv = std::fs::read_to_string(folder.path().join("Oslo-forecast.csv")).unwrap();
    assert!(csv.contains("Oslo") || csv.lines().count() > 1, "{csv}");
}
