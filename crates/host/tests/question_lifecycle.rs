//! Servers' questions in the host pipeline: each is an instance tied to its server and thread,
//! answered (accept, decline, cancel), refused when its Accept does not fit, held by the
//! response lock, cancelled by a thread switch and by closing, closed by the server's
//! completion notice (URL mode). Every test asserts the exact sequence of what the host asks
//! its embedder to do.

#![cfg(test)] // clippy.toml's allowances for tests hold in every function here

use std::sync::Arc;

use mcpapp_host::mcp::{Elicitation, ElicitationAnswer, SamplingRequest};
use mcpapp_host::store::MemoryStore;
use mcpapp_host::{
    AppHost, AppSpec, Error, HostEvent, HostOptions, InstanceId, Output, QuestionBody,
    SampleAnswer, ViewKind,
};
use mcpapp_protocol::{CallToolResult, DisplayMode, LoggingLevel, Tool};
use serde_json::{Map, Value, json};

fn host() -> AppHost {
    AppHost::new(HostOptions::default(), Arc::new(MemoryStore::default()))
}

fn form() -> Elicitation {
    Elicitation::Form {
        server: "scheduler".to_owned(),
        message: "Who should come?".to_owned(),
        schema: json!({
            "type": "object",
            "properties": {
                "title": {"type": "string", "minLength": 3},
                "attendees": {"type": "integer", "minimum": 1, "maximum": 20}
            },
            "required": ["title"]
        }),
    }
}

fn url() -> Elicitation {
    Elicitation::Url {
        server: "payments".to_owned(),
        message: "Sign in to pay".to_owned(),
        url: "https://pay.example.com/session/42".to_owned(),
        elicitation_id: "el-42".to_owned(),
    }
}

fn content(value: Value) -> Map<String, Value> {
    let Value::Object(map) = value else {
        panic!("not an object: {value}")
    };
    map
}

/// A short, exact description of each output, in order.
fn said(host: &mut AppHost) -> Vec<String> {
    host.drain()
        .into_iter()
        .map(|output| match output {
            Output::Answer {
                instance,
                server,
                answer,
            } => format!("answer {} to {server}: {answer:?}", instance.0),
            Output::Event(HostEvent::OpenQuestion { instance, question }) => {
                let kind = match question.body {
                    QuestionBody::Form(form) => {
                        format!("form {:?}", form.field_names().collect::<Vec<_>>())
                    }
                    QuestionBody::Url { url, .. } => format!("url {url}"),
                    QuestionBody::Sample(_) => "sample".to_owned(),
                };
                format!(
                    "open question {} of {}: {kind}",
                    instance.0, question.server
                )
            }
            Output::Sampled {
                instance,
                server,
                reply,
            } => format!(
                "sampled {} to {server}: {}",
                instance.0,
                match reply {
                    Ok(reply) => reply.to_value().to_string(),
                    Err(why) => format!("refused: {why}"),
                }
            ),
            Output::Event(HostEvent::QuestionLocked { instance, locked }) => {
                format!("{} {}", if locked { "lock" } else { "unlock" }, instance.0)
            }
            Output::Event(HostEvent::CloseApp {
                instance, reason, ..
            }) => format!("close {} ({reason:?})", instance.0),
            Output::Event(HostEvent::OpenApp { instance, .. }) => {
                format!("open app {}", instance.0)
            }
            Output::Event(HostEvent::OpenLink { instance, url }) => {
                format!("open link {url} for {}", instance.0)
            }
            Output::Event(HostEvent::Log { level, message, .. }) => {
                format!("log {level:?}: {message}")
            }
            Output::ToView { instance, message } => format!(
                "to view {}: {}",
                instance.0,
                message["method"].as_str().unwrap_or("(reply)")
            ),
            other => format!("{other:?}"),
        })
        .collect()
}

/// Asks `question` and checks that it opened (and nothing else happened).
fn asked(host: &mut AppHost, question: Elicitation) -> InstanceId {
    let id = host.ask(question);
    opened(host);
    id
}

/// Checks that the host's only output since the last look is a question opening.
fn opened(host: &mut AppHost) {
    let opened = said(host);
    assert_eq!(opened.len(), 1, "{opened:?}");
    assert!(opened[0].starts_with("open question"), "{opened:?}");
}

/// A new host that has asked `question`, which has opened.
fn host_asking(question: Elicitation) -> (AppHost, InstanceId) {
    let mut host = host();
    let id = asked(&mut host, question);
    (host, id)
}

#[test]
fn a_form_question_opens_in_its_thread_tied_to_its_server() {
    let mut host = host();
    let id = host.ask(form());
    assert_eq!(
        said(&mut host),
        [format!(
            "open question {} of scheduler: form [\"title\", \"attendees\"]",
            id.0
        )]
    );
    assert_eq!(host.open_questions(), [id]);
    assert_eq!(host.question(id).unwrap().server, "scheduler");
}

#[test]
fn accept_sends_the_checked_content_then_closes() {
    let (mut host, id) = host_asking(form());
    host.answer_question(
        id,
        ElicitationAnswer::Accept(Some(content(json!({"title": "Review", "attendees": 4})))),
    )
    .unwrap();
    assert_eq!(
        said(&mut host),
        [
            format!(
                "answer {} to scheduler: Accept(Some({{\"attendees\": Number(4), \"title\": String(\"Review\")}}))",
                id.0
            ),
            format!("close {} (Answered)", id.0),
        ]
    );
    assert!(host.open_questions().is_empty());
    // Answered once: a second answer finds nothing.
    assert!(matches!(
        host.answer_question(id, ElicitationAnswer::Decline),
        Err(Error::UnknownQuestion(unknown)) if unknown == id
    ));
    assert!(said(&mut host).is_empty());
}

#[test]
fn decline_and_cancel_are_sent_as_such() {
    for answer in [ElicitationAnswer::Decline, ElicitationAnswer::Cancel] {
        let (mut host, id) = host_asking(form());
        host.answer_question(id, answer.clone()).unwrap();
        assert_eq!(
            said(&mut host),
            [
                format!("answer {} to scheduler: {answer:?}", id.0),
                format!("close {} (Answered)", id.0),
            ]
        );
    }
}

#[test]
fn an_accept_that_does_not_fit_is_refused_before_sending() {
    let (mut host, id) = host_asking(form());
    for (bad, why) in [
        (json!({"attendees": 4}), "`title`"),
        (json!({"title": "Hi"}), "`title`"),
        (json!({"title": "Review", "attendees": 99}), "`attendees`"),
        (json!({"title": "Review", "attendees": 2.5}), "`attendees`"),
        (json!({"title": "Review", "room": "B"}), "`room`"),
        (json!({"title": 7}), "`title`"),
    ] {
        let refused = host
            .answer_question(id, ElicitationAnswer::Accept(Some(content(bad.clone()))))
            .unwrap_err();
        let Error::InvalidAnswer(reason) = &refused else {
            panic!("{bad}: {refused:?}");
        };
        assert!(reason.contains(why), "{bad}: {reason}");
        assert!(said(&mut host).is_empty(), "{bad} was sent");
    }
    assert!(matches!(
        host.answer_question(id, ElicitationAnswer::Accept(None)),
        Err(Error::InvalidAnswer(_))
    ));
    // Still asked: a fitting answer goes.
    host.answer_question(
        id,
        ElicitationAnswer::Accept(Some(content(json!({"title": "Review"})))),
    )
    .unwrap();
    assert_eq!(said(&mut host).len(), 2);
}

#[test]
fn the_response_lock_holds_the_form() {
    let (mut host, id) = host_asking(form());
    host.set_generating("default", true);
    assert_eq!(said(&mut host), [format!("lock {}", id.0)]);
    for answer in [
        ElicitationAnswer::Accept(Some(content(json!({"title": "Review"})))),
        ElicitationAnswer::Decline,
        ElicitationAnswer::Cancel,
    ] {
        assert!(matches!(
            host.answer_question(id, answer),
            Err(Error::Locked)
        ));
    }
    assert!(said(&mut host).is_empty());
    // Another thread's lock does not hold it.
    host.set_generating("default", false);
    host.set_generating("other", true);
    host.answer_question(id, ElicitationAnswer::Decline)
        .unwrap();
    assert_eq!(
        said(&mut host),
        [
            format!("unlock {}", id.0),
            format!("answer {} to scheduler: Decline", id.0),
            format!("close {} (Answered)", id.0),
        ]
    );
}

#[test]
fn closing_a_question_cancels_it() {
    let (mut host, id) = host_asking(form());
    host.close(id);
    assert_eq!(
        said(&mut host),
        [
            format!("answer {} to scheduler: Cancel", id.0),
            format!("close {} (Closed)", id.0),
        ]
    );
    host.close(id);
    assert!(said(&mut host).is_empty());
}

fn card_tool() -> Tool {
    serde_json::from_value(json!({
        "name": "book",
        "inputSchema": {"type": "object"},
        "_meta": {"ui": {"resourceUri": "ui://scheduler/book"}}
    }))
    .unwrap()
}

#[test]
fn switching_threads_cancels_the_question_and_it_does_not_come_back() {
    let mut host = host();
    let app = open_card_app(&mut host, "call-1");
    let question = asked(&mut host, form());

    host.switch_thread("elsewhere");
    assert_eq!(
        said(&mut host),
        [
            format!("answer {} to scheduler: Cancel", question.0),
            format!("close {} (ThreadSwitched)", question.0),
            format!("to view {}: ui/resource-teardown", app.0),
            format!("close {} (ThreadSwitched)", app.0),
        ]
    );
    // A question asked now belongs to the thread on screen.
    let other = asked(&mut host, url());
    assert_eq!(host.open_questions(), [other]);

    host.switch_thread("default");
    assert_eq!(
        said(&mut host),
        [
            format!("answer {} to payments: Cancel", other.0),
            format!("close {} (ThreadSwitched)", other.0),
            format!("open app {}", app.0),
        ]
    );
    assert!(host.open_questions().is_empty());
    assert!(matches!(
        host.answer_question(question, ElicitationAnswer::Decline),
        Err(Error::UnknownQuestion(unknown)) if unknown == question
    ));
}

#[test]
fn a_url_question_opens_its_page_on_consent_and_closes_when_complete() {
    let mut host = host();
    let id = host.ask(url());
    assert_eq!(
        said(&mut host),
        [format!(
            "open question {} of payments: url https://pay.example.com/session/42",
            id.0
        )]
    );
    assert!(matches!(
        host.answer_question(id, ElicitationAnswer::Accept(Some(Map::new()))),
        Err(Error::InvalidAnswer(_))
    ));
    host.answer_question(id, ElicitationAnswer::Accept(None))
        .unwrap();
    assert_eq!(
        said(&mut host),
        [
            format!("answer {} to payments: Accept(None)", id.0),
            format!("open link https://pay.example.com/session/42 for {}", id.0),
        ]
    );
    // Shown until the server says it is done; another server's notice, or another id, is not
    // its.
    host.question_completed("scheduler", "el-42");
    host.question_completed("payments", "el-7");
    assert!(said(&mut host).is_empty());
    host.question_completed("payments", "el-42");
    assert_eq!(said(&mut host), [format!("close {} (AppDone)", id.0)]);
}

#[test]
fn a_completed_url_question_still_asked_is_cancelled() {
    let (mut host, id) = host_asking(url());
    host.question_completed("payments", "el-42");
    assert_eq!(
        said(&mut host),
        [
            format!("answer {} to payments: Cancel", id.0),
            format!("close {} (AppDone)", id.0),
        ]
    );
}

#[test]
fn a_question_the_server_stopped_waiting_for_goes_unanswered() {
    let (mut host, id) = host_asking(form());
    host.question_withdrawn(id);
    assert_eq!(said(&mut host), [format!("close {} (ViewGone)", id.0)]);
}

#[test]
fn a_schema_the_form_cannot_express_is_declined_with_the_reason() {
    let mut host = host();
    let id = host.ask(Elicitation::Form {
        server: "scheduler".to_owned(),
        message: "Where?".to_owned(),
        schema: json!({
            "type": "object",
            "properties": {"address": {"type": "object", "properties": {}}}
        }),
    });
    let out = said(&mut host);
    assert_eq!(out.len(), 2, "{out:?}");
    assert!(
        out[0].starts_with(&format!(
            "log {:?}: declined a question of server `scheduler`: the requested schema cannot be shown as a form",
            LoggingLevel::Warning
        )) && out[0].contains("/properties/address"),
        "{out:?}"
    );
    assert_eq!(out[1], format!("answer {} to scheduler: Decline", id.0));
    assert!(host.open_questions().is_empty());
}

#[test]
fn a_url_question_whose_page_is_no_web_address_cannot_be_accepted() {
    let mut host = host();
    for url in [
        "javascript:alert(1)",
        "file:///etc/passwd",
        "https://exa mple.com",
    ] {
        let id = asked(
            &mut host,
            Elicitation::Url {
                server: "payments".to_owned(),
                message: "Sign in".to_owned(),
                url: url.to_owned(),
                elicitation_id: "el-1".to_owned(),
            },
        );
        assert!(
            matches!(
                host.answer_question(id, ElicitationAnswer::Accept(None)),
                Err(Error::InvalidAnswer(_))
            ),
            "{url}"
        );
        assert!(said(&mut host).is_empty(), "{url}: nothing is handed over");
        // Still asked: it can be declined.
        host.answer_question(id, ElicitationAnswer::Decline)
            .unwrap();
        assert_eq!(said(&mut host).len(), 2);
    }
}

// Sampling requests: the same pipeline, answered with a reply or a refusal.

fn sample(server: &str) -> SamplingRequest {
    SamplingRequest {
        server: server.to_owned(),
        params: json!({
            "systemPrompt": "Answer in one word",
            "messages": [{"role": "user", "content": {"type": "text", "text": "Which room?"}}],
            "maxTokens": 20
        }),
    }
}

/// Asks `server`'s sampling request and checks that it opened.
fn asked_sample(host: &mut AppHost, server: &str) -> InstanceId {
    let id = host.ask_sample(sample(server));
    opened(host);
    id
}

fn open_card_app(host: &mut AppHost, tool_call_id: &str) -> InstanceId {
    let app = host.tool_call_started(AppSpec {
        server: "scheduler".to_owned(),
        tool: card_tool(),
        tool_call_id: tool_call_id.to_owned(),
        resource_uri: "ui://scheduler/book".to_owned(),
        kind: ViewKind::Card,
        display_mode: DisplayMode::Inline,
    });
    assert_eq!(said(host), [format!("open app {}", app.0)]);
    app
}

#[test]
fn a_sampling_request_opens_as_a_question_of_the_app_waiting_on_its_server() {
    let mut host = host();
    let app = open_card_app(&mut host, "call-1");
    let id = host.ask_sample(sample("scheduler"));
    assert_eq!(
        said(&mut host),
        [format!("open question {} of scheduler: sample", id.0)]
    );
    let spec = host.question(id).unwrap();
    assert_eq!(spec.owner, Some(app), "the app whose tool is running");
    assert_eq!(spec.message, "Answer in one word");
    // Another server's request belongs to no app; so does one when two apps wait.
    let other = asked_sample(&mut host, "payments");
    assert_eq!(host.question(other).unwrap().owner, None);
    let _second = open_card_app(&mut host, "call-2");
    let _ = said(&mut host);
    let ambiguous = host.ask_sample(sample("scheduler"));
    assert_eq!(host.question(ambiguous).unwrap().owner, None);
    // Once the tool's result is in and no call of its own runs, the app waits on nothing.
    host.tool_result("call-2", &CallToolResult::default());
    host.tool_result("call-1", &CallToolResult::default());
    let late = host.ask_sample(sample("scheduler"));
    assert_eq!(host.question(late).unwrap().owner, None);
    assert_eq!(host.open_questions(), [id, other, ambiguous, late]);
}

#[test]
fn send_replies_as_the_model_and_refuse_answers_with_an_error() {
    let mut host = host();
    let id = asked_sample(&mut host, "scheduler");
    assert!(matches!(
        host.answer_sample(id, SampleAnswer::Reply("  ".to_owned())),
        Err(Error::InvalidAnswer(why)) if why == "the reply is empty"
    ));
    assert!(matches!(
        host.answer_question(id, ElicitationAnswer::Decline),
        Err(Error::InvalidAnswer(_))
    ));
    host.answer_sample(id, SampleAnswer::Reply("Aurora".to_owned()))
        .unwrap();
    assert_eq!(
        said(&mut host),
        [
            format!(
                "sampled {} to scheduler: {}",
                id.0,
                r#"{"content":{"text":"Aurora","type":"text"},"model":"user","role":"assistant","stopReason":"endTurn"}"#
            ),
            format!("close {} (Answered)", id.0),
        ]
    );
    let refused = asked_sample(&mut host, "scheduler");
    host.answer_sample(refused, SampleAnswer::Refuse).unwrap();
    assert_eq!(
        said(&mut host),
        [
            format!(
                "sampled {} to scheduler: refused: the user refused the sampling request",
                refused.0
            ),
            format!("close {} (Answered)", refused.0),
        ]
    );
    // A form question is not answered as a sampling request.
    let form = asked(&mut host, form());
    assert!(matches!(
        host.answer_sample(form, SampleAnswer::Refuse),
        Err(Error::InvalidAnswer(_))
    ));
}

#[test]
fn the_response_lock_holds_a_sampling_request() {
    let mut host = host();
    host.set_generating("default", true);
    let id = host.ask_sample(sample("scheduler"));
    assert_eq!(
        said(&mut host),
        [
            format!("open question {} of scheduler: sample", id.0),
            format!("lock {}", id.0),
        ]
    );
    assert!(matches!(
        host.answer_sample(id, SampleAnswer::Reply("Aurora".to_owned())),
        Err(Error::Locked)
    ));
    host.set_generating("default", false);
    host.answer_sample(id, SampleAnswer::Refuse).unwrap();
    assert_eq!(
        said(&mut host),
        [
            format!("unlock {}", id.0),
            format!(
                "sampled {} to scheduler: refused: the user refused the sampling request",
                id.0
            ),
            format!("close {} (Answered)", id.0),
        ]
    );
}

#[test]
fn leaving_the_thread_or_closing_refuses_a_sampling_request() {
    let mut host = host();
    let app = open_card_app(&mut host, "call-1");
    let id = asked_sample(&mut host, "scheduler");
    host.switch_thread("elsewhere");
    assert_eq!(
        said(&mut host),
        [
            format!(
                "sampled {} to scheduler: refused: the user left the thread of the sampling request",
                id.0
            ),
            format!("close {} (ThreadSwitched)", id.0),
            format!("to view {}: ui/resource-teardown", app.0),
            format!("close {} (ThreadSwitched)", app.0),
        ]
    );
    let closed = asked_sample(&mut host, "scheduler");
    host.close(closed);
    assert_eq!(
        said(&mut host),
        [
            format!(
                "sampled {} to scheduler: refused: the user closed the sampling request",
                closed.0
            ),
            format!("close {} (Closed)", closed.0),
        ]
    );
    // The server stopped waiting: nobody to answer; the request goes.
    let withdrawn = asked_sample(&mut host, "scheduler");
    host.question_withdrawn(withdrawn);
    assert_eq!(
        said(&mut host),
        [format!("close {} (ViewGone)", withdrawn.0)]
    );
}
