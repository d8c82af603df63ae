#![cfg(test)] // clippy.toml's allowances for tests hold in every function here
//! `mcpapp connect` as a person runs it, against the example servers as child processes: the
//! tool list, an HTML app opened in headless Chromium that initializes and reports back, a
//! card app, a tool without a view, and clear errors for bad arguments.

mod support;

use std::process::{Command, Output};

use support::cli::{assert_contains, text};
use support::{MCPAPP, chromium_present};

fn connect(args: &[&str], server: &[&str]) -> Output {
    let mut command = Command::new(MCPAPP);
    command
        .arg("connect")
        .args(args)
        .arg("--")
        .arg(MCPAPP)
        .args(server);
    command.output().unwrap()
}

/// `mcpapp connect --headless --no-store --duration SECONDS ARGS… -- mcpapp serve-example
/// EXAMPLE`: a run with no window and no saved state, closed after `seconds`.
fn connect_headless(seconds: &str, args: &[&str], example: &str) -> Output {
    let mut all = vec!["--headless", "--no-store", "--duration", seconds];
    all.extend_from_slice(args);
    connect(&all, &["serve-example", example])
}

/// What a run that must succeed printed; a failed run fails the test with all it said.
fn success_text(output: &Output) -> String {
    let text = stdout(output);
    assert!(output.status.success(), "{text}\n{output:?}");
    text
}

fn stdout(output: &Output) -> String {
    text(&output.stdout)
}

#[test]
fn it_lists_the_tools_with_who_may_call_them_and_their_views() {
    let text = success_text(&connect(&[], &["serve-example", "flights"]));
    assert!(text.starts_with("connected to mcpapp-flights"), "{text}");
    assert_contains(
        &text,
        &[
            "3 tools:",
            "  confirm_cancellation [app only]",
            "  request_cancellation_reason [model+app]",
        ],
    );
}

#[test]
fn an_html_app_runs_in_headless_chromium_and_reports_back() {
    if !chromium_present() {
        return;
    }
    let shot = std::env::temp_dir().join(format!("mcpapp-connect-{}.png", std::process::id()));
    let output = connect_headless(
        "6",
        &[
            "--screenshot",
            shot.to_str().unwrap(),
            "--call",
            "get_forecast",
            "--args",
            r#"{"city": "Oslo", "days": 3}"#,
        ],
        "weather",
    );
    let text = success_text(&output);
    assert!(
        text.contains("app 1 opened: HTML view ui://weather/forecast"),
        "{text}"
    );
    // The page itself says it shows the forecast: it initialized, got the result, and its
    // notifications/message reached the host.
    assert_contains(
        &text,
        &[
            "app 1 log [info]: showing 3 days for Oslo",
            "app 1 size: ",
            "app 1 closed (Closed)",
        ],
    );
    // The screenshot shows the app itself, drawn in its sandboxed frame: the day tiles'
    // background colour (#f3f5f8) is there.
    let image = image::open(&shot).unwrap().to_rgb8();
    let _ = std::fs::remove_file(&shot);
    let tiles = image.pixels().filter(|p| p.0 == [0xf3, 0xf5, 0xf8]).count();
    assert!(tiles > 1000, "{tiles} pixels of the day tiles' colour");
}

#[test]
fn a_card_app_gets_its_card_and_a_plain_tool_prints_its_result() {
    let output = connect_headless(
        "2",
        &[
            "--ui",
            "cards",
            "--call",
            "get_forecast",
            "--args",
            r#"{"city": "Lagos"}"#,
        ],
        "weather",
    );
    let text = success_text(&output);
    assert_contains(&text, &["app 1 opened: card view", "Lagos: 5-day forecast"]);

    let output = connect(&["--call", "bookings"], &["serve-example", "flights"]);
    let text = success_text(&output);
    assert_contains(&text, &["result:\n", "FL-12345-ABC"]);
}

#[test]
fn over_streamable_http_it_calls_a_tool_and_shows_its_card() {
    let server = support::HttpServer::start("flights");
    let output = Command::new(MCPAPP)
        .args([
            "connect",
            "--url",
            &server.1,
            "--headless",
            "--no-store",
            "--ui",
            "cards",
        ])
        .args(["--duration", "2", "--call", "request_cancellation_reason"])
        .args(["--args", r#"{"booking_id": "FL-12345-ABC"}"#])
        .output()
        .unwrap();
    let text = success_text(&output);
    assert!(text.starts_with("connected to mcpapp-flights"), "{text}");
    assert_contains(
        &text,
        &[
            "Please provide a reason for the flight cancellation.",
            "- Confirm Cancellation: calls `confirm_cancellation`",
        ],
    );
}

/// The card window itself, under Xvfb: it opens, runs the card session, and closes by itself
/// when the host closes the app (else the command would never exit).
#[test]
fn a_card_app_opens_and_closes_its_native_window() {
    let runtime = std::env::temp_dir().join(format!("mcpapp-connect-xdg-{}", std::process::id()));
    std::fs::create_dir_all(&runtime).unwrap();
    std::fs::set_permissions(
        &runtime,
        std::os::unix::fs::PermissionsExt::from_mode(0o700),
    )
    .unwrap();
    let mut child = Command::new("xvfb-run")
        .args([
            "-a",
            "-s",
            "-screen 0 1024x768x24",
            MCPAPP,
            "connect",
            "--no-store",
        ])
        .args([
            "--ui",
            "cards",
            "--duration",
            "4",
            "--call",
            "request_cancellation_reason",
        ])
        .args(["--args", r#"{"booking_id": "FL-12345-ABC"}"#, "--", MCPAPP])
        .args(["serve-example", "flights"])
        .env("XDG_RUNTIME_DIR", &runtime)
        .env(
            "WGPU_BACKEND",
            std::env::var("WGPU_BACKEND").unwrap_or_else(|_| "vulkan".to_owned()),
        )
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .expect("xvfb-run must be installed (`.ci/run` installs the xvfb package)");
    let deadline = std::time::Instant::now() + std::time::Duration::from_mins(2);
    while child.try_wait().unwrap().is_none() {
        if std::time::Instant::now() > deadline {
            let _ = child.kill();
            panic!("mcpapp connect did not exit: the card window stayed open");
        }
        std::thread::sleep(std::time::Duration::from_millis(100));
    }
    let output = child.wait_with_output().unwrap();
    let text = success_text(&output);
    assert_contains(&text, &["app 1 opened: card view", "app 1 closed (Closed)"]);
}

#[test]
fn missing_required_arguments_are_pointed_out() {
    success_text(&connect_headless("1", &["--ui", "cards"], "flights"));
    let output = connect_headless("1", &["--call", "request_cancellation_reason"], "flights");
    let text = stdout(&output);
    assert!(
        text.contains(
            "note: request_cancellation_reason requires `booking_id` (give them with --args)"
        ),
        "{text}"
    );
}

#[test]
fn bad_arguments_are_clear_errors() {
    let cases: [(&[&str], &str); 3] = [
        (
            &["--call", "x", "--args", "[1]"],
            "--args must be a JSON object, not an array",
        ),
        (
            &["--call", "x", "--args", "{"],
            "--args is not JSON (line 1, column 1)",
        ),
        (
            &["--call", "nope"],
            "the server has no tool `nope`; it has: request_cancellation_reason",
        ),
    ];
    for (args, message) in cases {
        let output = connect(args, &["serve-example", "flights"]);
        let stderr = String::from_utf8_lossy(&output.stderr);
        assert!(stderr.contains(message), "{args:?}: {stderr}");
        assert_ne!(output.status.code(), Some(0));
    }
    let output = Command::new(MCPAPP).arg("connect").output().unwrap();
    assert_eq!(output.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&output.stderr).contains("give the server"));
}

/// Whether `text` holds a character that could drive a terminal or reorder what it shows.
fn has_control(text: &str) -> bool {
    text.chars().any(|c| {
        (c.is_control() && c != '\n')
            || matches!(c, '\u{202a}'..='\u{202e}' | '\u{2066}'..='\u{2069}')
    })
}

#[test]
fn what_a_hostile_server_says_cannot_drive_the_terminal_or_fake_host_lines() {
    let server = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/tests/fixtures/hostile_server.mjs"
    );
    for args in [&[][..], &["--call", "shout"][..]] {
        let output = Command::new(MCPAPP)
            .arg("connect")
            .args(args)
            .args(["--no-store", "--", "node", server])
            .output()
            .unwrap();
        let out = stdout(&output);
        let err = String::from_utf8_lossy(&output.stderr);
        assert!(output.status.success(), "{out}\n{err}");
        assert!(!has_control(&out), "{out:?}");
        assert!(!has_control(&err), "{err:?}");
        // The server's newlines cannot start a line of their own.
        assert!(
            !out.lines()
                .any(|l| l.starts_with("app 1 closed") || l.starts_with("connected to a trusted")),
            "{out}"
        );
        assert!(
            out.contains("\\u{1b}]52;c;"),
            "the escape is shown, not sent: {out}"
        );
    }
}

/// Runs `command` to its end, or kills it and fails the test after `limit`.
fn bounded(command: &mut Command, limit: std::time::Duration) -> Output {
    let mut child = command
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .unwrap();
    let start = std::time::Instant::now();
    while child.try_wait().unwrap().is_none() {
        if start.elapsed() > limit {
            let _ = child.kill();
            let output = child.wait_with_output().unwrap();
            panic!(
                "did not finish within {limit:?}:\n{}{}",
                stdout(&output),
                String::from_utf8_lossy(&output.stderr)
            );
        }
        std::thread::sleep(std::time::Duration::from_millis(50));
    }
    child.wait_with_output().unwrap()
}

#[test]
fn closing_finishes_when_the_app_ignores_teardown_or_navigates_away() {
    if !chromium_present() {
        return;
    }
    let server = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/tests/fixtures/hostile_server.mjs"
    );
    for tool in ["silent", "wanderer"] {
        let output = bounded(
            Command::new(MCPAPP)
                .args([
                    "connect",
                    "--no-store",
                    "--headless",
                    "--duration",
                    "1",
                    "--call",
                    tool,
                ])
                .args(["--", "node", server]),
            std::time::Duration::from_secs(40),
        );
        let out = stdout(&output);
        assert!(output.status.success(), "{tool}: {out}");
        assert!(out.contains("app 1 closed"), "{tool}: {out}");
    }
}

/// `mcpapp connect --headless --call trigger-elicitation-request [--answer ANSWER] -- node
/// ENTRY stdio`: the reference server-everything (npm; `.ci/run` installs it) asks its question.
fn elicit(entry: &str, answer: Option<&str>) -> Output {
    let mut args = vec!["--headless", "--call", "trigger-elicitation-request"];
    args.extend(answer.into_iter().flat_map(|answer| ["--answer", answer]));
    Command::new(MCPAPP)
        .arg("connect")
        .args(args)
        .args(["--", "node", entry, "stdio"])
        .output()
        .unwrap()
}

#[test]
fn a_servers_question_is_printed_and_answered_from_answer_or_declined() {
    let Some(entry) = support::npm::everything_entry() else {
        return;
    };
    let answer = r#"{"name": "Ada", "check": true, "email": "ada@example.com",
        "homepage": "https://example.com", "birthdate": "1815-12-10"}"#;
    let output = elicit(&entry, Some(answer));
    let text = success_text(&output);
    assert_contains(
        &text,
        &["server asks: Please provide inputs", "accepted: {"],
    );
    assert!(
        text.contains("Name: Ada"),
        "the server got the answer: {text}"
    );

    // An answer that does not fit is not sent: the question is declined, and why is said.
    let output = elicit(&entry, Some(r#"{"email": "nope"}"#));
    let text = stdout(&output);
    assert_contains(
        &text,
        &[
            "declined: --answer does not fit",
            "`email`: not an email address",
        ],
    );

    // No answer: declined.
    let output = elicit(&entry, None);
    let text = stdout(&output);
    assert!(text.contains("declined: no --answer was given"), "{text}");
}

/// `connect` on the local-backend fixture: an app whose `connectDomains` names a loopback
/// origin and fetches from it. Returns what connect printed.
fn connect_local_backend(extra: &[&str]) -> String {
    let fixture = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/tests/fixtures/local_backend.mjs"
    );
    let mut command = Command::new(MCPAPP);
    command
        .args(["connect", "--headless", "--no-store", "--duration", "4"])
        .args(extra)
        .args(["--call", "fetch_local", "--", "node", fixture]);
    let output = bounded(&mut command, std::time::Duration::from_mins(1));
    let text = success_text(&output);
    eprintln!("connect {extra:?}:\n{text}");
    text
}

#[test]
fn a_refused_private_origin_is_told_and_allow_private_origins_lets_it_through() {
    if !chromium_present() {
        return;
    }
    // By default the loopback origin is refused: the user is told which entry and why, and
    // the app's fetch fails.
    let refused = connect_local_backend(&[]);
    assert_contains(
        &refused,
        &[
            "app 1 log [warning]: the app's sandbox: refused connectDomains entry \"http://127.0.0.1:",
            "an origin on this machine or a private network",
            "app 1 log [info]: fetch failed",
        ],
    );
    // With --allow-private-origins the app reaches its backend, and nothing is refused.
    let allowed = connect_local_backend(&["--allow-private-origins"]);
    assert!(
        allowed.contains("app 1 log [info]: backend said: hello from the local backend"),
        "{allowed}"
    );
    assert!(!allowed.contains("refused connectDomains"), "{allowed}");
}

/// `tables` headless: the A2UI view is printed, a field that fails its check stops the press
/// (the check's message printed), and with good fields the booking is made and the surface
/// updated by the answer.
#[test]
fn an_a2ui_app_is_printed_filled_pressed_and_updated_headless() {
    let run = |fill: &str| {
        connect_headless(
            "4",
            &[
                "--call",
                "find_tables",
                "--args",
                r#"{"party_size": 2}"#,
                "--fill",
                fill,
                "--press",
                "Book",
            ],
            "tables",
        )
    };
    let output = run(r#"{"name": "Ann", "email": "not an email"}"#);
    let text = success_text(&output);
    assert_contains(
        &text,
        &[
            "app 1 opened: A2UI view ui://tables/booking",
            "[surface tables]",
            "Free tables",
            "filled email",
            "pressed Book: not sent: Enter a valid email address.",
        ],
    );
    assert!(!text.contains("Booked "), "{text}");

    let output = run(r#"{"name": "Ann", "email": "ann@example.com"}"#);
    let text = success_text(&output);
    assert!(text.contains("pressed Book\n"), "{text}");
    let after = text.split("pressed Book\n").nth(1).unwrap_or_default();
    assert!(
        after.contains("Booked "),
        "the answer updated the view: {text}"
    );
    assert!(after.contains("for Ann"), "{text}");
}
