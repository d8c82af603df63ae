//! The message pipeline: view↔host messages per second for card apps, and the memory of 100
//! open card apps in one host. `cargo bench -p mcpapp-host --bench pipeline`.

#![expect(
    clippy::expect_used,
    clippy::print_stderr,
    clippy::indexing_slicing,
    clippy::cast_precision_loss,
    reason = "a benchmark fails loudly and reports on stderr"
)]

use std::sync::Arc;

use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use mcpapp_card::{InputValue, InputValues, prepare_submit};
use mcpapp_host::store::MemoryStore;
use mcpapp_host::{AppHost, AppSpec, CardSession, HostOptions, InstanceId, Output, ViewKind};
use mcpapp_protocol::{DisplayMode, Tool};
use serde_json::{Value, json};

const CARD: &str = include_str!("../../../examples/cards/flight-cancellation.json");

fn tool(name: &str) -> Tool {
    serde_json::from_value(json!({"name": name, "inputSchema": {"type": "object"},
        "_meta": {"ui": {"resourceUri": "ui://flights/cancel"}}}))
    .expect("a tool")
}

/// A host with `n` initialized card apps.
fn host_with_cards(n: usize) -> (AppHost, Vec<(InstanceId, CardSession)>) {
    let mut host = AppHost::new(HostOptions::default(), Arc::new(MemoryStore::default()));
    host.set_server_tools(
        "flights",
        vec![
            tool("request_cancellation_reason"),
            tool("flight_booking_tool.confirm_cancellation"),
        ],
    );
    let card = mcpapp_card::parse_str(CARD)
        .card
        .expect("the reference card");
    let mut apps = Vec::with_capacity(n);
    for i in 0..n {
        let id = host.tool_call_started(AppSpec {
            server: "flights".into(),
            tool: tool("request_cancellation_reason"),
            tool_call_id: format!("call-{i}"),
            resource_uri: "ui://flights/cancel".into(),
            kind: ViewKind::Card,
            display_mode: DisplayMode::Inline,
        });
        let mut session = CardSession::new(card.clone());
        let start = session.start();
        pump(&mut host, id, &mut session, start);
        apps.push((id, session));
    }
    (host, apps)
}

/// Delivers messages both ways until quiet; returns how many crossed.
fn pump(
    host: &mut AppHost,
    id: InstanceId,
    session: &mut CardSession,
    from_view: Vec<Value>,
) -> usize {
    let mut crossed = 0;
    let mut queue = from_view;
    loop {
        for m in std::mem::take(&mut queue) {
            crossed += 1;
            host.view_message(id, m);
        }
        let outputs = host.drain();
        if outputs.is_empty() {
            return crossed;
        }
        for output in outputs {
            match output {
                Output::ToView { message, .. } => {
                    crossed += 1;
                    queue.extend(session.on_host_message(&message));
                }
                Output::ToServer { request, .. } => {
                    host.server_reply(id, &request, Ok(json!({"content": []})));
                }
                Output::Event(_) | Output::Answer { .. } | Output::Sampled { .. } => {}
            }
        }
    }
}

fn resident_kib() -> Option<u64> {
    let status = std::fs::read_to_string("/proc/self/status").ok()?;
    status
        .lines()
        .find(|l| l.starts_with("VmRSS:"))?
        .split_whitespace()
        .nth(1)?
        .parse()
        .ok()
}

fn bench(c: &mut Criterion) {
    // Memory of 100 open card apps (host side and card sessions), once.
    let before = resident_kib().unwrap_or(0);
    let (host, apps) = host_with_cards(100);
    let after = resident_kib().unwrap_or(0);
    eprintln!(
        "100 open card apps: resident memory {:.1} MiB in all, +{:.2} MiB for the apps",
        after as f64 / 1024.0,
        after.saturating_sub(before) as f64 / 1024.0
    );
    drop((host, apps));

    let (mut host, mut apps) = host_with_cards(10);
    let card = mcpapp_card::parse_str(CARD)
        .card
        .expect("the reference card");
    let mut values = InputValues::initial(&card);
    values.set(
        "cancellationReason",
        InputValue::Text("Plans changed".into()),
    );
    let data = prepare_submit(&[&card], &card.actions[0], &values).expect("valid inputs");
    // One round: a submit (tools/call and its answer), a save-state and its response, a ping
    // and its answer: 6 messages through the host.
    let mut group = c.benchmark_group("pipeline");
    group.throughput(Throughput::Elements(6));
    let mut i = 0;
    group.bench_function("card app round (6 messages)", |b| {
        b.iter(|| {
            let (id, session) = &mut apps[i % 10];
            i += 1;
            let submit = session
                .submit(&card.actions[0], data.clone())
                .expect("unlocked");
            pump(&mut host, *id, session, submit);
            let save = vec![
                json!({"jsonrpc": "2.0", "method": "ui/notifications/save-state",
                "params": {"state": {"cancellationReason": "x"}, "toolCallId": "c"}}),
            ];
            pump(&mut host, *id, session, save);
            let ping = vec![json!({"jsonrpc": "2.0", "id": 99, "method": "ping"})];
            pump(&mut host, *id, session, ping)
        });
    });
    group.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);
