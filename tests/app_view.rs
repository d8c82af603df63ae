//! The embedding library as an embedder uses it: `HostHandle` runs the host against real
//! example servers (child processes of the `mcpapp` binary), `AppView` draws their apps, and
//! a person's clicks and typing are found by accessible label with `egui_kittest`.

#![cfg(test)] // clippy.toml's allowances for tests hold in every function here

mod support;

use std::time::{Duration, Instant};

use egui::accesskit::Role;
use egui_kittest::Harness;
use egui_kittest::kittest::{NodeT, Queryable};
use mcpapp_egui_host::{AppView, HandleOptions, HostHandle, HostUpdate};
use mcpapp_host::InstanceId;
use mcpapp_host::mcp::{ClientOptions, ServerSpec};
use mcpapp_protocol::{CARD_MIME_TYPE, DisplayMode};
use serde_json::{Map, Value, json};
use support::kittest::{confirm_cancellation, shows};

/// What the harness draws: every app of the host.
struct Embedder {
    host: HostHandle,
    updates: Vec<HostUpdate>,
}

fn example(name: &str) -> ServerSpec {
    ServerSpec::stdio(env!("CARGO_BIN_EXE_mcpapp"), ["serve-example", name])
}

fn arguments(value: &Value) -> Map<String, Value> {
    value.as_object().cloned().unwrap()
}

/// A harness over a host connected to one example server.
fn harness(server: &str) -> Harness<'static, Embedder> {
    // Cards: this host shows no HTML in-window, so it asks servers for their card views.
    harness_showing(server, &[CARD_MIME_TYPE])
}

/// A harness whose host advertises `mime_types`.
fn harness_showing(server: &str, mime_types: &[&str]) -> Harness<'static, Embedder> {
    let options = HandleOptions {
        client: ClientOptions {
            mime_types: mime_types.iter().map(|m| (*m).to_owned()).collect(),
            ..ClientOptions::default()
        },
        ..HandleOptions::default()
    };
    let host = HostHandle::start(None, options).unwrap();
    host.connect(server, example(server));
    let mut h = Harness::builder()
        .with_size(egui::vec2(560.0, 900.0))
        .build_ui_state(
            |ui, app: &mut Embedder| {
                let updates = app.host.poll();
                app.updates.extend(updates);
                egui::ScrollArea::vertical().show(ui, |ui| {
                    for hosted in app.host.apps_mut() {
                        AppView::new(hosted).show(ui);
                    }
                });
            },
            Embedder {
                host,
                updates: Vec::new(),
            },
        );
    mcpapp_egui::install(&h.ctx);
    wait(&mut h, "the server to connect", |app| {
        app.updates
            .iter()
            .any(|u| matches!(u, HostUpdate::ServerConnected { .. }))
    });
    h
}

/// Steps the harness (the host works on its own thread) until `done` holds.
fn wait(h: &mut Harness<'static, Embedder>, what: &str, done: impl Fn(&Embedder) -> bool) {
    let until = Instant::now() + Duration::from_secs(20);
    while !done(h.state()) {
        assert!(Instant::now() < until, "timed out waiting for {what}");
        std::thread::sleep(Duration::from_millis(20));
        h.step();
    }
    h.run_steps(3);
}

fn opened(app: &Embedder) -> Option<InstanceId> {
    app.updates.iter().rev().find_map(|u| match u {
        HostUpdate::AppOpened { instance, .. } => Some(*instance),
        _ => None,
    })
}

fn card_says(app: &Embedder, text: &str) -> bool {
    app.host.apps().any(|a| {
        a.card()
            .is_some_and(|c| serde_json::to_string(c).unwrap().contains(text))
    })
}

/// The agent calls the flights example's cancellation tool; its card opens.
fn open_cancellation(h: &mut Harness<'static, Embedder>) {
    h.state().host.call(
        mcpapp_egui_host::ToolCall::new("flights", "request_cancellation_reason")
            .arguments(arguments(&json!({"booking_id": "FL-12345-ABC"})))
            .unwrap()
            .id("call-1")
            .display_mode(DisplayMode::Inline),
    );
    wait(h, "the cancellation card", |app| {
        card_says(app, "Confirm Cancellation")
    });
}

#[test]
fn a_card_app_takes_typing_and_submits_and_the_answer_card_replaces_it() {
    let mut h = harness("flights");
    open_cancellation(&mut h);
    let app = h.get_by_role_and_label(Role::Group, "request_cancellation_reason");
    assert!(!app.accesskit_node().is_disabled());

    confirm_cancellation(&mut h, "My plans changed");
    wait(&mut h, "the confirmation card", |app| {
        card_says(app, "Flight cancelled")
    });
    assert!(shows(&h, "My plans changed"));
    assert!(h.query_by_label("Confirm Cancellation").is_none());
}

#[test]
fn the_response_lock_disables_a_card_app() {
    let mut h = harness("flights");
    open_cancellation(&mut h);
    h.state_mut().host.set_generating("default", true);
    wait(&mut h, "the lock", |app| {
        app.host.apps().all(mcpapp_egui_host::HostedApp::is_locked)
    });
    assert!(
        h.get_by_role_and_label(Role::Button, "Confirm Cancellation")
            .accesskit_node()
            .is_disabled()
    );
    assert!(
        h.query_by_label("The model is replying; the card waits.")
            .is_some()
    );
    h.state_mut().host.set_generating("default", false);
    wait(&mut h, "the unlock", |app| {
        app.host.apps().all(|a| !a.is_locked())
    });
    assert!(
        !h.get_by_role_and_label(Role::Button, "Confirm Cancellation")
            .accesskit_node()
            .is_disabled()
    );
}

#[test]
fn toggles_show_cards_and_carousel_pages_survive_a_thread_switch() {
    let mut h = harness("weather");
    h.state().host.call(
        mcpapp_egui_host::ToolCall::new("weather", "get_forecast")
            .arguments(arguments(&json!({"city": "Oslo", "days": 3})))
            .unwrap()
            .id("call-1")
            .display_mode(DisplayMode::Inline),
    );
    wait(&mut h, "the forecast card", |app| {
        card_says(app, "Oslo: 3-day forecast")
    });
    let instance = opened(h.state()).unwrap();
    assert!(h.query_by_label("1 / 3").is_some());
    assert!(!shows(&h, "wind"));

    h.get_by_role_and_label(Role::Button, "Next page").click();
    h.run_steps(2);
    h.get_by_role_and_label(Role::Button, "Details").click();
    h.run_steps(2);
    h.get_by_role_and_label(Role::Button, "About").click();
    h.run_steps(2);
    assert!(h.query_by_label("2 / 3").is_some());
    assert!(shows(&h, "wind"));
    assert!(shows(&h, "made-up forecast"));
    // The debounced save goes out once the user pauses.
    std::thread::sleep(mcpapp_host::SAVE_DEBOUNCE + Duration::from_millis(100));
    h.run_steps(2);
    wait(&mut h, "the save to be acknowledged", |app| {
        app.host
            .app(instance)
            .and_then(|a| a.card_state())
            .is_some_and(|s| s.carousel_pages.values().any(|p| *p == 1))
    });
    std::thread::sleep(Duration::from_millis(300));

    h.state_mut().host.switch_thread("other");
    wait(&mut h, "the app to close", |app| {
        app.host.apps().next().is_none()
    });
    assert!(!shows(&h, "Oslo"));
    h.state_mut().updates.clear();
    h.state_mut().host.switch_thread("default");
    wait(&mut h, "the app to come back with its state", |app| {
        app.updates.iter().any(|u| {
            matches!(
                u,
                HostUpdate::AppOpened {
                    recreated: true,
                    ..
                }
            )
        }) && app
            .host
            .apps()
            .any(|a| a.card_state().is_some_and(|s| !s.expanded.is_empty()))
    });
    assert!(
        h.query_by_label("2 / 3").is_some(),
        "the carousel page came back"
    );
    assert!(shows(&h, "wind"), "the toggle came back");
    assert!(
        shows(&h, "made-up forecast"),
        "the ShowCard came back expanded"
    );
}

/// Whether the open A2UI app's data model holds `value` at `pointer`.
fn surface_data(app: &Embedder, pointer: &str) -> Option<Value> {
    app.host.apps().find_map(|a| {
        a.surfaces()?
            .surface("tables")?
            .data()
            .root()
            .pointer(pointer)
            .cloned()
    })
}

/// `tables` as an A2UI host shows it: the agent's `find_tables` opens the booking surface, the
/// user types, a failing check keeps the Book buttons disabled (its message at the field),
/// pressing Book books through the app-only tool, and the answer updates the surface; the
/// typed form survives a thread switch.
#[test]
fn an_a2ui_app_takes_typing_blocks_on_a_check_books_and_updates() {
    let mut h = harness_showing("tables", &[mcpapp_protocol::A2UI_MIME_TYPE]);
    h.state().host.call(
        mcpapp_egui_host::ToolCall::new("tables", "find_tables")
            .arguments(arguments(&json!({"party_size": 2})))
            .unwrap()
            .id("call-1")
            .display_mode(DisplayMode::Inline),
    );
    wait(&mut h, "the free tables", |app| {
        surface_data(app, "/tables/0").is_some()
    });
    assert!(shows(&h, "Free tables"));
    let book = |h: &Harness<'static, Embedder>| {
        h.query_all_by_role_and_label(Role::Button, "Book")
            .next()
            .map(|b| b.accesskit_node().is_disabled())
    };
    assert_eq!(book(&h), Some(true), "Book waits for a name and an email");

    h.get_by_role_and_label(Role::TextInput, "Name").focus();
    h.step();
    h.get_by_role_and_label(Role::TextInput, "Name")
        .type_text("Ann");
    h.run_steps(2);
    h.get_by_role_and_label(Role::TextInput, "Email").focus();
    h.step();
    h.get_by_role_and_label(Role::TextInput, "Email")
        .type_text("ann@");
    h.run_steps(2);
    assert_eq!(book(&h), Some(true), "a failing email check blocks booking");
    assert!(shows(&h, "Enter a valid email address."));
    h.get_by_role_and_label(Role::TextInput, "Email")
        .type_text("example.com");
    h.run_steps(2);
    assert_eq!(book(&h), Some(false));
    assert!(!shows(&h, "Enter a valid email address."));
    // The Book buttons lost their check messages: their rows settle in a frame or two.
    h.run_steps(4);

    let first = surface_data(h.state(), "/tables/0/name").unwrap();
    h.query_all_by_role_and_label(Role::Button, "Book")
        .next()
        .unwrap()
        .click();
    wait(&mut h, "the booking to update the surface", |app| {
        surface_data(app, "/status")
            .and_then(|s| s.as_str().map(|s| s.starts_with("Booked ")))
            .unwrap_or(false)
    });
    assert!(shows(&h, "for Ann"));
    assert_ne!(
        surface_data(h.state(), "/tables/0/name"),
        Some(first),
        "the booked table left the list"
    );

    // Away and back: the form comes back as typed, the booking's status with it.
    std::thread::sleep(mcpapp_host::SAVE_DEBOUNCE + Duration::from_millis(100));
    h.run_steps(3);
    std::thread::sleep(Duration::from_millis(300));
    h.state_mut().host.switch_thread("other");
    wait(&mut h, "the app to close", |app| {
        app.host.apps().next().is_none()
    });
    h.state_mut().host.switch_thread("default");
    wait(&mut h, "the app to come back with its state", |app| {
        surface_data(app, "/form/email").is_some_and(|e| e == "ann@example.com")
    });
    assert!(shows(&h, "for Ann"), "the booking's status came back");
}
