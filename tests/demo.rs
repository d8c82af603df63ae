//! `mcpapp demo` as a person uses it, through its app struct in `egui_kittest`: the flights
//! example server as a child process, the tool palette's form, a card typed into and
//! submitted, a thread switch, and a restart on the same store.

#![cfg(test)] // clippy.toml's allowances for tests hold in every function here

mod support;

use std::path::Path;
use std::sync::Arc;
use std::time::{Duration, Instant};

use egui::accesskit::Role;
use egui_kittest::Harness;
use egui_kittest::kittest::{NodeT, Queryable};
use mcpapp_demo::conversation::Entry;
use mcpapp_demo::{DemoApp, DemoOptions};
use mcpapp_host::mcp::ServerSpec;
use mcpapp_host::store::SqliteStore;
use support::kittest::shows;

fn demo(store: &Path) -> Harness<'static, DemoApp> {
    demo_of("flights", store, 900.0)
}

/// The demo with one example server, `mcpapp serve-example EXAMPLE`, its state in `store`,
/// in a window `height` points tall.
fn demo_of(example: &str, store: &Path, height: f32) -> Harness<'static, DemoApp> {
    let store = Arc::new(SqliteStore::open(store).unwrap());
    let app = DemoApp::new(DemoOptions {
        servers: vec![(
            example.to_owned(),
            ServerSpec::stdio(env!("CARGO_BIN_EXE_mcpapp"), ["serve-example", example]),
        )],
        store,
        setup: Some(mcpapp_egui::install),
        in_window: false,
        allow_private_origins: false,
    });
    Harness::builder()
        .with_size(egui::vec2(1280.0, height))
        .build_ui_state(|ui, app: &mut DemoApp| app.ui(ui), app)
}

/// Steps the demo (its host works on its own thread) until `done` holds.
fn wait(
    h: &mut Harness<'static, DemoApp>,
    what: &str,
    done: impl Fn(&Harness<'static, DemoApp>) -> bool,
) {
    let until = Instant::now() + Duration::from_secs(20);
    loop {
        h.step();
        if done(h) {
            break;
        }
        assert!(
            Instant::now() < until,
            "timed out waiting for {what}; log: {:#?}",
            h.state().log(),
        );
        std::thread::sleep(Duration::from_millis(20));
    }
    h.run_steps(3);
}

/// Whether a card on screen holds `text` in one of its inputs.
fn typed(h: &Harness<'static, DemoApp>, text: &str) -> bool {
    let wanted = mcpapp_card::InputValue::Text(text.to_owned());
    h.state().host().is_some_and(|host| {
        host.apps()
            .filter_map(|a| a.card_state())
            .any(|s| s.values.0.values().any(|v| *v == wanted))
    })
}

/// Picks the cancellation tool in the palette, fills the form, and calls it.
fn open_cancellation(h: &mut Harness<'static, DemoApp>, booking: &str) {
    h.get_by_role_and_label(Role::Button, "request_cancellation_reason")
        .click();
    wait(h, "the form", |h| {
        shows(h, "Call request_cancellation_reason")
    });
    // The form is the last thing in the transcript.
    type_reason(h, booking);
    h.get_by_role_and_label(Role::Button, "Call").click();
}

/// Types into the last text field of the transcript.
fn type_reason(h: &mut Harness<'static, DemoApp>, reason: &str) {
    let last = h.get_all_by_role(Role::TextInput).last().unwrap();
    last.focus();
    h.step();
    let last = h.get_all_by_role(Role::TextInput).last().unwrap();
    last.type_text(reason);
    h.run_steps(2);
}

fn saved_and_settled(h: &mut Harness<'static, DemoApp>) {
    std::thread::sleep(mcpapp_host::SAVE_DEBOUNCE + Duration::from_millis(100));
    h.run_steps(3);
    std::thread::sleep(Duration::from_millis(300));
    h.run_steps(2);
}

#[test]
fn a_card_from_the_palette_is_submitted_and_the_thread_comes_back_after_a_switch_and_a_restart() {
    let dir = tempfile::tempdir().unwrap();
    let store = dir.path().join("demo.sqlite3");
    let mut h = demo(&store);
    wait(&mut h, "the flights tools", |h| {
        h.query_by_label("request_cancellation_reason").is_some()
    });

    // The reference flow: palette → form → card → reason → confirm → confirmation card.
    open_cancellation(&mut h, "FL-12345-ABC");
    wait(&mut h, "the cancellation card", |h| {
        shows(h, "Confirm Cancellation")
    });
    type_reason(&mut h, "My plans changed");
    h.get_by_role_and_label(Role::Button, "Confirm Cancellation")
        .click();
    wait(&mut h, "the confirmation card", |h| {
        shows(h, "Flight cancelled")
    });
    assert!(shows(&h, "My plans changed"));

    // A second card, typed into and left open.
    open_cancellation(&mut h, "FL-67890-DEF");
    wait(&mut h, "the second card", |h| {
        shows(h, "Confirm Cancellation")
    });
    type_reason(&mut h, "Weather looks bad");
    saved_and_settled(&mut h);

    // Another thread: the apps go; back: they return with what was typed.
    h.get_by_role_and_label(Role::Button, "New thread").click();
    // Both apps go (they close one after the other: wait for the pair, not the first).
    wait(&mut h, "the new thread", |h| {
        !shows(h, "Flight cancelled") && !typed(h, "Weather looks bad")
    });
    h.get_by_label("Thread 1").click();
    wait(&mut h, "the first thread's apps", |h| {
        shows(h, "Flight cancelled") && typed(h, "Weather looks bad")
    });
    let calls = h.state().conversation().threads[0]
        .entries
        .iter()
        .filter(|e| matches!(e, Entry::Call(_)))
        .count();
    assert_eq!(calls, 2);
    saved_and_settled(&mut h);

    // Quit and start again on the same store: the thread and the typed reason are back.
    drop(h);
    let mut h = demo(&store);
    wait(&mut h, "the restored thread", |h| {
        shows(h, "Flight cancelled") && typed(h, "Weather looks bad")
    });
    assert!(
        h.query_by_label("Thread 2").is_some(),
        "both threads are listed"
    );
    assert!(
        !h.get_by_role_and_label(Role::Button, "Confirm Cancellation")
            .accesskit_node()
            .is_disabled(),
        "the restored card is live"
    );
}

/// The open (not closed) apps of the demo's host.
fn open_apps(h: &Harness<'static, DemoApp>) -> Vec<(mcpapp_host::InstanceId, String)> {
    h.state().host().map_or_else(Vec::new, |host| {
        host.apps()
            .filter(|a| !a.is_closed())
            .map(|a| (a.instance(), a.display_mode().to_string()))
            .collect()
    })
}

#[test]
fn a_second_window_of_a_tool_asks_in_a_modal_and_an_app_floats_in_pip() {
    let dir = tempfile::tempdir().unwrap();
    let mut h = demo(&dir.path().join("demo.sqlite3"));
    wait(&mut h, "the flights tools", |h| {
        h.query_by_label("request_cancellation_reason").is_some()
    });
    h.get_by_label("asks").click();
    h.get_by_label("Open apps in the workspace").click();
    h.run_steps(2);
    open_cancellation(&mut h, "FL-12345-ABC");
    wait(&mut h, "the first window", |h| open_apps(h).len() == 1);
    let first = open_apps(&h)[0].0;
    open_cancellation(&mut h, "FL-67890-DEF");
    wait(&mut h, "the duplicate question", |h| {
        shows(h, "is already open")
    });
    assert!(shows(&h, "Replace all") && shows(&h, "New instance"));
    assert_eq!(open_apps(&h).len(), 1, "the new app waits for the answer");
    h.get_by_role_and_label(Role::Button, "Replace oldest")
        .click();
    wait(&mut h, "the new window in place of the old", |h| {
        let open = open_apps(h);
        open.len() == 1 && open[0].0 != first
    });
    assert!(!shows(&h, "is already open"), "the modal went");

    // The app goes to picture-in-picture: a small window above the rest; and back.
    h.get_by_role_and_label(Role::Button, "PiP").click();
    wait(&mut h, "the app in pip", |h| {
        shows(h, "(picture in picture)") && open_apps(h)[0].1 == "pip"
    });
    h.get_by_role_and_label(Role::Button, "Back to the conversation")
        .click();
    wait(&mut h, "the app back inline", |h| {
        !shows(h, "(picture in picture)") && open_apps(h)[0].1 == "inline"
    });
}

/// `tables` in the demo: the palette's form calls `find_tables`, its A2UI surface is drawn in
/// the transcript beside the other apps, typed into, and a booking updates it.
#[test]
fn the_tables_example_is_booked_in_the_demo() {
    let dir = tempfile::tempdir().unwrap();
    let mut h = demo_of("tables", &dir.path().join("demo.sqlite3"), 1400.0);
    wait(&mut h, "the tables tools", |h| {
        h.query_by_label("find_tables").is_some()
    });
    h.get_by_role_and_label(Role::Button, "find_tables").click();
    wait(&mut h, "the form", |h| shows(h, "Call find_tables"));
    h.get_by_role_and_label(Role::Button, "Call").click();
    wait(&mut h, "the free tables", |h| shows(h, "Table 1"));
    assert!(shows(&h, "Free tables"));
    for (field, text) in [("Name", "Ann"), ("Email", "ann@example.com")] {
        h.get_by_role_and_label(Role::TextInput, field).focus();
        h.step();
        h.get_by_role_and_label(Role::TextInput, field)
            .type_text(text);
        h.run_steps(2);
    }
    // The Book buttons lost their check messages: their rows settle in a frame or two.
    h.run_steps(4);
    h.get_all_by_role_and_label(Role::Button, "Book")
        .next()
        .unwrap()
        .click();
    wait(&mut h, "the booking", |h| shows(h, "Booked Table 1"));
    if let Ok(image) = h.render() {
        let _ = image.save(std::env::temp_dir().join("mcpapp-demo-tables.png"));
    }
}
