#![cfg(test)] // clippy.toml's allowances for tests hold in every function here
//! HTML MCP Apps end to end, as a user's host runs them: real MCP servers as child processes
//! (the public npm example servers, and our own weather example), the host runtime, the sandbox
//! bridge and headless Chromium. Every message between the app and the host goes through the
//! same pipeline as a card's, and the trace shows it.
//!
//! The npm servers come from `$MCPAPP_NPM_DIR` (`.ci/run` installs them), Chromium from
//! Debian's `chromium` package; in CI a missing one fails the test.

mod html_harness;
mod support;

use html_harness::Harness;
use mcpapp_host::mcp::ServerSpec;
use mcpapp_host::{HostEvent, InstanceId};
use serde_json::json;
use support::npm::server_entry;

fn npm_server(package: &str) -> ServerSpec {
    let entry = server_entry(package);
    assert!(
        entry.exists(),
        "{} is missing: .ci/run installs the npm example servers",
        entry.display()
    );
    ServerSpec::stdio("node", [entry.to_str().unwrap(), "--stdio"])
}

fn example_server(name: &str) -> ServerSpec {
    ServerSpec::stdio(env!("CARGO_BIN_EXE_mcpapp"), ["serve-example", name])
}

/// Our weather example's HTML app, showing a 3-day forecast for Oslo.
async fn weather_app() -> Option<(Harness, InstanceId)> {
    let mut h = Harness::start(example_server("weather")).await?;
    let app = h
        .call("get_forecast", json!({"city": "Oslo", "days": 3}))
        .await;
    h.wait_in_app(app, "document.querySelectorAll('.day').length === 3")
        .await;
    Some((h, app))
}

/// A host on the npm example server `server` whose tool `tool`, called without arguments, has
/// opened its app.
async fn npm_app(server: &str, tool: &str) -> Option<(Harness, InstanceId)> {
    let mut h = Harness::start(npm_server(server)).await?;
    let app = h.call(tool, json!({})).await;
    Some((h, app))
}

/// Where the first occurrence of each of `wanted` is in `sequence`; panics when one is missing.
fn positions(sequence: &[String], wanted: &[&str]) -> Vec<usize> {
    wanted
        .iter()
        .map(|w| {
            sequence
                .iter()
                .position(|s| s == w)
                .unwrap_or_else(|| panic!("`{w}` is not in {sequence:#?}"))
        })
        .collect()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn basic_vanillajs_initializes_gets_input_and_result_and_its_buttons_reach_the_host() {
    let Some((mut h, app)) = npm_app("server-basic-vanillajs", "get-time").await else {
        return;
    };
    // The app shows the time from the tool result.
    let shown = h
        .wait_in_app(app, "(t => /\\d{4}-\\d\\d-\\d\\dT/.test(t) && t)(document.getElementById('server-time').textContent)")
        .await;
    assert!(shown.as_str().unwrap().contains('T'), "{shown}");

    let sequence = h.sequence(app);
    let order = positions(
        &sequence,
        &[
            "app→host ui/initialize",
            "app→host ui/notifications/initialized",
            "host→app ui/notifications/tool-input",
            "host→app ui/notifications/tool-result",
        ],
    );
    assert!(order.windows(2).all(|w| w[0] < w[1]), "{sequence:#?}");
    let (init, answer) = h.exchange(app, "ui/initialize").unwrap();
    assert_eq!(init["params"]["appInfo"]["name"], "Get Time App", "{init}");
    assert_eq!(answer["result"]["hostInfo"]["name"], "mcpapp", "{answer}");
    assert!(
        sequence[..order[1]]
            .iter()
            .all(|s| !s.starts_with("host→app ui/notifications/tool")),
        "nothing reaches the app before it is initialized: {sequence:#?}"
    );

    // Its four buttons: tools/call (answered by the server), ui/message, a log line and
    // ui/open-link, each reaching the pipeline and answered.
    h.click(app, "get-time-btn").await;
    let (call, reply) = h.answered(app, "tools/call").await;
    assert_eq!(call["params"]["name"], "get-time");
    assert!(
        reply["result"]["structuredContent"]["time"].is_string(),
        "{reply}"
    );

    h.click(app, "send-message-btn").await;
    let (_, reply) = h.answered(app, "ui/message").await;
    assert!(reply.get("result").is_some(), "{reply}");
    assert!(h.events.iter().any(|e| matches!(e,
        HostEvent::ChatMessage { message, .. } if message.content[0].as_text() == Some("This is message text."))));

    h.click(app, "send-log-btn").await;
    h.until("the log line arrives", |h| {
        h.events.iter().any(|e| matches!(e, HostEvent::Log { message, .. } if message.contains("This is log text.")))
    })
    .await;

    h.click(app, "open-link-btn").await;
    h.answered(app, "ui/open-link").await;
    assert!(h.events.iter().any(|e| matches!(e,
        HostEvent::OpenLink { url, .. } if url == "https://modelcontextprotocol.io/")));

    // Nothing the app sent went unanswered or was refused as unknown.
    for line in h.sequence(app) {
        assert!(
            !line.starts_with("host→app error"),
            "{line} in {:#?}",
            h.sequence(app)
        );
    }
    h.close().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn system_monitor_polls_its_app_only_tool_through_the_host() {
    let Some(mut h) = Harness::start(npm_server("server-system-monitor")).await else {
        return;
    };
    let connection = h.connection();
    let model: Vec<String> = connection
        .model_tools()
        .into_iter()
        .map(|t| t.name)
        .collect();
    assert!(
        !model.contains(&"poll-system-stats".to_owned()),
        "{model:?}"
    );
    assert!(connection.tool("poll-system-stats").is_some());

    let app = h.call("get-system-info", json!({})).await;
    h.wait_in_app(
        app,
        "document.getElementById('info-hostname').textContent !== '--'",
    )
    .await;
    // The app polls once it has started; start it if it waits for a click.
    let started = h
        .in_app(
            app,
            "document.getElementById('poll-toggle-btn').textContent",
        )
        .await;
    if started == "Start" {
        h.click(app, "poll-toggle-btn").await;
    }
    h.until("a poll is answered with data", |h| {
        h.exchange(app, "tools/call").is_some_and(|(call, reply)| {
            call["params"]["name"] == "poll-system-stats" && reply.get("result").is_some()
        })
    })
    .await;
    let (_, reply) = h.exchange(app, "tools/call").unwrap();
    assert_ne!(reply["result"]["isError"], true, "{reply}");
    let memory = h
        .wait_in_app(
            app,
            "(t => t !== '--%' && t)(document.getElementById('memory-percent').textContent)",
        )
        .await;
    assert!(memory.as_str().unwrap().ends_with('%'), "{memory}");
    h.close().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn budget_allocator_initializes_and_renders() {
    let Some((mut h, app)) = npm_app("server-budget-allocator", "get-budget-data").await else {
        return;
    };
    h.until("the app is initialized", |h| {
        h.sequence(app)
            .contains(&"app→host ui/notifications/initialized".to_owned())
    })
    .await;
    // Rendered from the tool result: budget choices, sliders and a drawn chart.
    h.wait_in_app(
        app,
        "document.querySelectorAll('#budget-selector option').length > 0",
    )
    .await;
    h.wait_in_app(
        app,
        "document.querySelectorAll('#sliders-container input').length > 0",
    )
    .await;
    let status = h
        .wait_in_app(
            app,
            "(t => !t.includes('$0 / $0') && t)(document.getElementById('status-bar').textContent)",
        )
        .await;
    assert!(status.as_str().unwrap().contains("Allocated"), "{status}");
    let canvas = h
        .in_app(
            app,
            "(c => c.width > 0 && c.height > 0)(document.getElementById('budget-chart'))",
        )
        .await;
    assert_eq!(canvas, json!(true));
    h.close().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_html_apps_state_survives_a_thread_switch_through_the_same_host_path_as_cards() {
    let Some((mut h, app)) = weather_app().await else {
        return;
    };
    let celsius = h
        .in_app(app, "document.querySelector('.temps').textContent")
        .await;
    assert!(celsius.as_str().unwrap().contains("°C"), "{celsius}");

    // The user switches to °F: the app saves its state, the host stores it and acknowledges.
    h.click(app, "units").await;
    let saved = h.saved_state(app).await;
    assert_eq!(
        saved["state"],
        json!({"fahrenheit": true, "days": 5}),
        "{saved}"
    );
    assert_eq!(saved["toolCallId"], "call-1");

    // Another thread: the app is torn down and its view closed...
    h.leave_thread().await;
    assert!(
        h.sequence(app)
            .contains(&"host→app ui/resource-teardown".to_owned())
    );
    let before = h.runtime.trace().len();

    // ...and back: the host recreates it, with its input, result and saved state.
    h.come_back(app).await;
    h.wait_in_app(app, "document.querySelectorAll('.day').length === 3")
        .await;
    let fahrenheit = h
        .wait_in_app(
            app,
            "(t => t.includes('°F') && t)(document.querySelector('.temps').textContent)",
        )
        .await;
    assert!(fahrenheit.as_str().unwrap().contains("°F"), "{fahrenheit}");
    let again: Vec<String> = h.sequence(app)[before..].to_vec();
    let order = positions(
        &again,
        &[
            "app→host ui/initialize",
            "app→host ui/notifications/initialized",
            "host→app ui/notifications/tool-input",
            "host→app ui/notifications/tool-result",
            "host→app ui/notifications/load-state",
        ],
    );
    assert!(order.windows(2).all(|w| w[0] < w[1]), "{again:#?}");
    let loaded = h
        .trace_of(app)
        .into_iter()
        .rev()
        .find(|t| t.method() == Some("ui/notifications/load-state"))
        .unwrap();
    assert_eq!(loaded.message["params"]["state"], saved["state"]);
    h.close().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_html_apps_calls_lock_and_close_go_through_the_host_like_a_cards() {
    // The weather page's own refresh goes through; a call to a tool its server does not have
    // is refused by the host; the response lock and closing reach it as they reach a card.
    let Some((mut h, app)) = weather_app().await else {
        return;
    };
    h.click(app, "refresh").await;
    let (_, reply) = h.answered(app, "tools/call").await;
    assert_eq!(
        reply["result"]["structuredContent"]["city"], "Oslo",
        "{reply}"
    );
    h.in_app(
        app,
        "(window.addEventListener('message', ev => { if (ev.data && ev.data.id === 'forged') \
           window.__forged = ev.data; }), \
         window.parent.postMessage({jsonrpc: '2.0', id: 'forged', method: 'tools/call', \
           params: {name: 'delete_everything', arguments: {}}}, '*'), true)",
    )
    .await;
    let refused = h.wait_in_app(app, "window.__forged").await;
    assert!(refused.get("error").is_some(), "{refused}");
    // Refused by the host itself: the tool is not one of the app's server's app tools.
    let message = refused["error"]["message"].as_str().unwrap();
    assert!(message.contains("delete_everything"), "{refused}");

    // The response lock reaches the HTML app as it reaches a card; closing tears it down
    // before its view goes.
    h.runtime.host_mut().set_generating("default", true);
    h.in_app(
        app,
        "(window.addEventListener('message', ev => { \
           if (ev.data && ev.data.method === 'ui/notifications/response-generation-status') \
             window.__pending = ev.data.params.isPending; }), true)",
    )
    .await;
    h.runtime.host_mut().set_generating("default", false);
    h.runtime.host_mut().set_generating("default", true);
    assert_eq!(h.wait_in_app(app, "window.__pending").await, json!(true));
    h.runtime.host_mut().close(app);
    h.until("the app is closed", |h| h.tabs.is_empty()).await;
    let sequence = h.sequence(app);
    let end = &sequence[sequence.len() - 2..];
    assert_eq!(end[0], "host→app ui/resource-teardown", "{sequence:#?}");
    assert!(end[1].starts_with("app→host reply"), "{sequence:#?}");
    h.close().await;
}

/// An app built on the SDK applies the host's style variables and fonts as it starts, and
/// again when the theme changes: what it reads are the card theme's colours.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_app_reading_the_host_style_variables_gets_them_and_they_follow_the_theme() {
    let Some((mut h, app)) = npm_app("server-basic-vanillajs", "get-time").await else {
        return;
    };
    let read = |name: &str| {
        format!("getComputedStyle(document.documentElement).getPropertyValue('{name}').trim()")
    };
    let light = h
        .wait_in_app(
            app,
            &format!(
                "(v => v === '#FFFFFF' && v)({})",
                read("--color-background-primary")
            ),
        )
        .await;
    assert_eq!(light, "#FFFFFF");
    let text = h.in_app(app, &read("--color-text-primary")).await;
    assert_eq!(text, "#242424");
    // The font CSS is in the app's document.
    let fonts = h
        .wait_in_app(
            app,
            "(s => s && s.textContent)(document.getElementById('__mcp-host-fonts'))",
        )
        .await;
    assert!(fonts.as_str().unwrap().contains("@font-face"), "{fonts}");

    h.runtime.host_mut().set_theme(mcpapp_protocol::Theme::Dark);
    let dark = h
        .wait_in_app(
            app,
            &format!(
                "(v => v === '#1E1E1E' && v)({})",
                read("--color-background-primary")
            ),
        )
        .await;
    assert_eq!(dark, "#1E1E1E");
    assert_eq!(
        h.in_app(app, &read("--color-text-primary")).await,
        "#E6E6E6"
    );
    h.close().await;
}

/// Our weather app saves its forecast as CSV through `ui/download-file`: the host hands the
/// checked file to the embedder, which saves it where the user agreed, and the app hears that
/// it was saved; a refusal reaches it as such.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_apps_download_reaches_the_embedder_and_its_answer_the_app() {
    let Some((mut h, app)) = weather_app().await else {
        return;
    };
    let download = |h: &Harness| {
        h.events.iter().rev().find_map(|e| match e {
            HostEvent::DownloadFile {
                instance,
                request,
                files,
            } if *instance == app => Some((request.clone(), files.clone())),
            _ => None,
        })
    };
    h.click(app, "csv").await;
    h.until("the app's download reaches the embedder", |h| {
        download(h).is_some()
    })
    .await;
    let (request, files) = download(&h).unwrap();
    assert_eq!(files.len(), 1);
    assert_eq!(files[0].name, "Oslo-forecast.csv");
    assert_eq!(files[0].mime_type.as_deref(), Some("text/csv"));
    let mcpapp_host::DownloadContent::Bytes(bytes) = &files[0].content else {
        panic!("{files:?}")
    };
    let csv = String::from_utf8(bytes.clone()).unwrap();
    assert!(csv.starts_with("day,condition,high_c,low_c\n"), "{csv}");
    assert_eq!(csv.lines().count(), 4, "{csv}");

    let folder = std::env::temp_dir().join(format!("mcpapp-weather-{}", std::process::id()));
    let saved = mcpapp_host::save_downloads(&folder, &files).unwrap();
    h.runtime.host_mut().download_done(app, &request, Ok(()));
    h.wait_in_app(
        app,
        "document.getElementById('status').textContent === 'Saved.'",
    )
    .await;
    assert_eq!(std::fs::read_to_string(&saved[0]).unwrap(), csv);
    std::fs::remove_dir_all(&folder).unwrap();

    // The user says no: the app hears it was not saved.
    h.events.clear();
    h.click(app, "csv").await;
    h.until("the second download reaches the embedder", |h| {
        download(h).is_some()
    })
    .await;
    let (request, _) = download(&h).unwrap();
    h.runtime
        .host_mut()
        .download_done(app, &request, Err("the user said no"));
    h.wait_in_app(
        app,
        "document.getElementById('status').textContent === 'Not saved.'",
    )
    .await;
    h.close().await;
}

/// The weather app asks for picture-in-picture itself ("Keep on top") and gets it with the
/// pip room; "Done" says it is done, and the host ends it (inline, it stays as history).
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_weather_app_asks_for_pip_and_says_when_it_is_done() {
    let Some((mut h, app)) = weather_app().await else {
        return;
    };
    assert_eq!(
        h.in_app(app, "document.getElementById('pip').disabled")
            .await,
        json!(false)
    );
    h.click(app, "pip").await;
    h.wait_in_app(
        app,
        "document.getElementById('pip').getAttribute('aria-pressed') === 'true'",
    )
    .await;
    assert_eq!(
        h.runtime.host().display_mode(app),
        Some(mcpapp_protocol::DisplayMode::Pip)
    );
    let (asked, answer) = h.exchange(app, "ui/request-display-mode").unwrap();
    assert_eq!(asked["params"]["mode"], "pip");
    assert_eq!(answer["result"]["mode"], "pip");
    h.click(app, "pip").await;
    h.wait_in_app(
        app,
        "document.getElementById('pip').getAttribute('aria-pressed') === 'false'",
    )
    .await;
    h.click(app, "done").await;
    h.until("the app is closed", |h| h.tabs.is_empty()).await;
    let sequence = h.sequence(app);
    let done = positions(&sequence, &["app→host ui/notifications/close-ws-app"])[0];
    assert_eq!(
        sequence[done + 1],
        "host→app ui/resource-teardown",
        "{sequence:#?}"
    );
    assert!(
        sequence[done + 2].starts_with("app→host reply"),
        "{sequence:#?}"
    );
    assert!(
        h.events
            .iter()
            .any(|e| matches!(e, mcpapp_host::HostEvent::CloseApp {
            instance, reason: mcpapp_host::CloseReason::AppDone, keep_in_history: true
        } if *instance == app)),
        "{:?}",
        h.events
    );
    h.close().await;
}
