//! Servers' questions and sampling requests against the public reference server
//! `@modelcontextprotocol/server-everything` (npm, a child process; `.ci/run` installs it):
//! its form elicitation (every kind of field the spec allows, turned into a card by
//! `mcpapp_card::elicitation` and answered from it), its URL elicitation by request and by the
//! -32042 error, and its sampling request, each through the connection's handlers.

#![cfg(test)] // clippy.toml's allowances for tests hold in every function here

use std::path::PathBuf;
use std::sync::{Arc, Mutex};
use std::time::Duration;

use mcpapp_card::elicitation::{elicitation_content, elicitation_form};
use mcpapp_card::{InputValue, InputValues};
use mcpapp_host::mcp::{
    ClientOptions, Elicitation, ElicitationAnswer, ElicitationHandler, HandlerFuture, Handlers,
    McpConnection, SamplingHandler, SamplingRequest, ServerSpec,
};
use mcpapp_host::store::MemoryStore;
use mcpapp_host::{AppHost, HostEvent, HostOptions, QuestionBody, Runtime};
use serde_json::{Map, Value, json};

/// The version `.ci/run` installs.
const EVERYTHING: &str = "@modelcontextprotocol/server-everything";

fn everything() -> Option<ServerSpec> {
    let dir = std::env::var_os("MCPAPP_NPM_DIR").map_or_else(
        || PathBuf::from(std::env::var_os("HOME").unwrap()).join(".cache/mcpapp-npm"),
        PathBuf::from,
    );
    let entry = dir
        .join("node_modules")
        .join(EVERYTHING)
        .join("dist/index.js");
    if !entry.exists() {
        assert!(
            std::env::var_os("CI").is_none(),
            "{EVERYTHING} is not installed: .ci/run installs it"
        );
        eprintln!(
            "\n!!!!! SKIPPED: {EVERYTHING} is not installed under {} !!!!!\n",
            dir.display()
        );
        return None;
    }
    Some(ServerSpec::stdio(
        "node",
        [entry.to_str().unwrap(), "stdio"],
    ))
}

/// Answers a form by filling the card made from it (its defaults, plus a value for every text
/// field left empty and the box ticked), a URL question by accepting; keeps what it was asked.
#[derive(Default)]
struct User {
    asked: Mutex<Vec<Elicitation>>,
    answered: Mutex<Vec<Value>>,
}

impl ElicitationHandler for User {
    fn elicit(&self, question: Elicitation) -> HandlerFuture<'_, ElicitationAnswer> {
        self.asked.lock().unwrap().push(question.clone());
        let answer = match &question {
            Elicitation::Form {
                message, schema, ..
            } => {
                let form = elicitation_form(message, schema).expect("the form can be shown");
                assert!(form.notes.is_empty(), "shown exactly: {:?}", form.notes);
                let mut values = InputValues::initial(&form.card);
                for name in form.field_names().map(str::to_owned).collect::<Vec<_>>() {
                    let value = match name.as_str() {
                        "name" => InputValue::Text("Ada Lovelace".into()),
                        "email" => InputValue::Text("ada@example.com".into()),
                        "homepage" => InputValue::Text("https://example.com/ada".into()),
                        "birthdate" => InputValue::Text("1815-12-10".into()),
                        "check" => InputValue::Toggle(true),
                        _ => continue,
                    };
                    values.set(name, value);
                }
                let content = elicitation_content(&form, &values).expect("a valid answer");
                self.answered
                    .lock()
                    .unwrap()
                    .push(Value::Object(content.clone()));
                ElicitationAnswer::Accept(Some(content))
            }
            Elicitation::Url { .. } => ElicitationAnswer::Accept(None),
            _ => ElicitationAnswer::Decline,
        };
        Box::pin(async move { answer })
    }
}

/// A model that always says the same.
#[derive(Default)]
struct Model {
    asked: Mutex<Vec<SamplingRequest>>,
}

impl SamplingHandler for Model {
    fn sample(&self, request: SamplingRequest) -> HandlerFuture<'_, Result<Value, String>> {
        self.asked.lock().unwrap().push(request);
        Box::pin(async {
            Ok(json!({
                "role": "assistant",
                "content": {"type": "text", "text": "A reply written by the test."},
                "model": "test-model",
                "stopReason": "endTurn"
            }))
        })
    }
}

async fn connect(user: &Arc<User>, model: Option<&Arc<Model>>) -> Option<McpConnection> {
    let spec = everything()?;
    let options = ClientOptions {
        request_timeout: Duration::from_secs(30),
        handlers: Handlers {
            elicitation: Some(Arc::clone(user) as Arc<dyn ElicitationHandler>),
            sampling: model.map(|m| Arc::clone(m) as Arc<dyn SamplingHandler>),
        },
        ..ClientOptions::default()
    };
    Some(
        McpConnection::connect("everything", &spec, &options)
            .await
            .unwrap(),
    )
}

fn text_of(result: &mcpapp_protocol::CallToolResult) -> String {
    serde_json::to_string(result).unwrap()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_reference_servers_form_question_is_answered_through_its_card() {
    let user = Arc::new(User::default());
    let Some(server) = connect(&user, None).await else {
        return;
    };
    let result = server
        .call_tool("trigger-elicitation-request", Map::new())
        .await
        .unwrap();
    let asked = user.asked.lock().unwrap().clone();
    assert_eq!(asked.len(), 1);
    let Elicitation::Form { schema, .. } = &asked[0] else {
        panic!("a form question: {asked:?}")
    };
    // Every kind the spec allows is in it.
    let properties = schema["properties"].as_object().unwrap();
    assert!(properties.len() >= 10, "{schema}");
    let answered = user.answered.lock().unwrap()[0].clone();
    assert_eq!(answered["name"], "Ada Lovelace");
    assert_eq!(answered["check"], true);
    assert_eq!(answered["integer"], 42, "the default");
    assert!(answered["untitledMultipleSelectEnum"].is_array());
    let text = text_of(&result);
    assert!(
        text.contains("Ada Lovelace"),
        "the server got the answer: {text}"
    );
    assert!(!result.is_error.unwrap_or(false), "{text}");
    server.close().await;
}

/// A user who reads the question for a while before answering as [`User`] does.
struct SlowUser {
    user: User,
    reads_for: Duration,
}

impl ElicitationHandler for SlowUser {
    fn elicit(&self, question: Elicitation) -> HandlerFuture<'_, ElicitationAnswer> {
        let answer = self.user.elicit(question);
        Box::pin(async move {
            tokio::time::sleep(self.reads_for).await;
            answer.await
        })
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_user_slower_than_the_request_timeout_does_not_fail_the_call_that_asked() {
    let Some(spec) = everything() else {
        return;
    };
    // The server answers within a fraction of the 2 s; the user takes 5 s over its question.
    let user = Arc::new(SlowUser {
        user: User::default(),
        reads_for: Duration::from_secs(5),
    });
    let options = ClientOptions {
        request_timeout: Duration::from_secs(2),
        handlers: Handlers {
            elicitation: Some(Arc::clone(&user) as Arc<dyn ElicitationHandler>),
            sampling: None,
        },
        ..ClientOptions::default()
    };
    let server = McpConnection::connect("everything", &spec, &options)
        .await
        .unwrap();
    let started = std::time::Instant::now();
    let result = server
        .call_tool("trigger-elicitation-request", Map::new())
        .await
        .unwrap();
    assert!(started.elapsed() >= Duration::from_secs(5));
    let text = text_of(&result);
    assert!(
        text.contains("Ada Lovelace"),
        "the server got the late answer: {text}"
    );
    // A question nobody answers is still bounded, by its own timeout.
    let impatient = ClientOptions {
        question_timeout: Duration::from_secs(1),
        ..options
    };
    let server2 = McpConnection::connect("everything", &spec, &impatient)
        .await
        .unwrap();
    let result = server2
        .call_tool("trigger-elicitation-request", Map::new())
        .await
        .unwrap();
    let text = text_of(&result);
    assert!(
        text.contains("cancel"),
        "the unanswered question was cancelled: {text}"
    );
    server.close().await;
    server2.close().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn url_questions_by_request_and_by_the_32042_error_reach_the_handler() {
    let user = Arc::new(User::default());
    let Some(server) = connect(&user, None).await else {
        return;
    };
    let mut arguments = Map::new();
    arguments.insert("url".into(), json!("https://example.com/sign-in"));
    let result = server
        .call_tool("trigger-url-elicitation", arguments.clone())
        .await
        .unwrap();
    assert!(!result.is_error.unwrap_or(false), "{}", text_of(&result));
    // The error path: -32042 with the page; the host asks, then calls again once.
    arguments.insert("errorPath".into(), json!(true));
    arguments.insert("elicitationId".into(), json!("test-error-path"));
    let result = server
        .call_tool("trigger-url-elicitation", arguments)
        .await
        .unwrap();
    assert!(!result.is_error.unwrap_or(false), "{}", text_of(&result));
    let asked = user.asked.lock().unwrap().clone();
    let urls: Vec<&str> = asked
        .iter()
        .filter_map(|q| match q {
            Elicitation::Url { url, .. } => Some(url.as_str()),
            _ => None,
        })
        .collect();
    // The request path's page; the page the -32042 error names (the server's prerequisite);
    // then the retried call, on the request path again.
    assert_eq!(urls.len(), 3, "{asked:?}");
    assert_eq!(urls[0], "https://example.com/sign-in");
    assert!(urls[1].starts_with("https://"), "{urls:?}");
    assert_eq!(urls[2], "https://example.com/sign-in");
    server.close().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_reference_servers_sampling_request_reaches_the_sampling_hook() {
    let user = Arc::new(User::default());
    let model = Arc::new(Model::default());
    let Some(server) = connect(&user, Some(&model)).await else {
        return;
    };
    let mut arguments = Map::new();
    arguments.insert("prompt".into(), json!("Say hello"));
    let result = server
        .call_tool("trigger-sampling-request", arguments)
        .await
        .unwrap();
    let text = text_of(&result);
    assert!(text.contains("A reply written by the test."), "{text}");
    let asked = model.asked.lock().unwrap().clone();
    assert_eq!(asked.len(), 1);
    assert!(asked[0].params["messages"].is_array(), "{:?}", asked[0]);
    server.close().await;
}

/// A runtime whose question handler is the host pipeline, with server-everything connected.
async fn pipeline() -> Option<(Runtime, Arc<McpConnection>)> {
    let spec = everything()?;
    let mut runtime = Runtime::new(AppHost::new(
        HostOptions::default(),
        Arc::new(MemoryStore::default()),
    ));
    let options = ClientOptions {
        request_timeout: Duration::from_secs(30),
        handlers: Handlers {
            elicitation: Some(runtime.question_handler()),
            sampling: None,
        },
        ..ClientOptions::default()
    };
    let server = Arc::new(
        McpConnection::connect("everything", &spec, &options)
            .await
            .unwrap(),
    );
    runtime.add_server(Arc::clone(&server));
    Some((runtime, server))
}

/// Calls `tool` on a task (as an embedder's agent loop would) while the runtime shows what
/// comes: `act` answers each event and says what it was, until `count` were said; then the
/// call's result.
async fn call_while_showing(
    runtime: &mut Runtime,
    server: &Arc<McpConnection>,
    tool: &'static str,
    arguments: Map<String, Value>,
    count: usize,
    mut act: impl FnMut(&mut Runtime, &HostEvent) -> Option<String>,
) -> (Vec<String>, mcpapp_protocol::CallToolResult) {
    let call = {
        let server = Arc::clone(server);
        tokio::spawn(async move { server.call_tool(tool, arguments).await })
    };
    let mut seen = Vec::new();
    while seen.len() < count {
        let event = tokio::time::timeout(Duration::from_secs(20), runtime.next_event())
            .await
            .unwrap_or_else(|_| panic!("{tool}: only {seen:?} came"));
        seen.extend(act(runtime, &event));
    }
    (seen, call.await.unwrap().unwrap())
}

async fn close(runtime: Runtime, server: Arc<McpConnection>) {
    drop(runtime);
    if let Ok(server) = Arc::try_unwrap(server) {
        server.close().await;
    }
}

/// The host's own pipeline answers: the runtime's question handler opens the question as an
/// instance, the test answers it through the host, and the server gets the answer. The exact
/// sequence of events is asserted.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_reference_servers_form_question_goes_through_the_host_pipeline() {
    let Some((mut runtime, server)) = pipeline().await else {
        return;
    };
    let (seen, result) = call_while_showing(
        &mut runtime,
        &server,
        "trigger-elicitation-request",
        Map::new(),
        2,
        |runtime, event| match event {
            HostEvent::OpenQuestion { instance, question } => {
                let QuestionBody::Form(form) = &question.body else {
                    panic!("a form: {question:?}")
                };
                assert_eq!(question.server, "everything");
                let mut values = InputValues::initial(&form.card);
                values.set("name".to_owned(), InputValue::Text("Grace Hopper".into()));
                values.set(
                    "email".to_owned(),
                    InputValue::Text("grace@example.com".into()),
                );
                values.set("check".to_owned(), InputValue::Toggle(true));
                let content = elicitation_content(form, &values).expect("a valid answer");
                runtime
                    .host_mut()
                    .answer_question(*instance, ElicitationAnswer::Accept(Some(content)))
                    .unwrap();
                Some(format!("open question {}", instance.0))
            }
            HostEvent::CloseApp {
                instance, reason, ..
            } => Some(format!("close {} ({reason:?})", instance.0)),
            HostEvent::Log { .. } => None,
            other => panic!("unexpected {other:?}"),
        },
    )
    .await;
    assert_eq!(seen, ["open question 1", "close 1 (Answered)"]);
    let text = text_of(&result);
    assert!(text.contains("Grace Hopper"), "the server got it: {text}");
    close(runtime, server).await;
}

/// A URL question through the pipeline: the user's consent answers it and hands the page to
/// the embedder.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_reference_servers_url_question_goes_through_the_host_pipeline() {
    let Some((mut runtime, server)) = pipeline().await else {
        return;
    };
    let mut arguments = Map::new();
    arguments.insert("url".into(), json!("https://example.com/sign-in"));
    let (seen, result) = call_while_showing(
        &mut runtime,
        &server,
        "trigger-url-elicitation",
        arguments,
        2,
        |runtime, event| match event {
            HostEvent::OpenQuestion { instance, question } => {
                assert!(
                    matches!(&question.body, QuestionBody::Url { url, .. } if url == "https://example.com/sign-in"),
                    "{question:?}"
                );
                runtime
                    .host_mut()
                    .answer_question(*instance, ElicitationAnswer::Accept(None))
                    .unwrap();
                Some(format!("open question {}", instance.0))
            }
            HostEvent::OpenLink { instance, url } => {
                Some(format!("open link {url} for {}", instance.0))
            }
            HostEvent::Log { .. } => None,
            other => panic!("unexpected {other:?}"),
        },
    )
    .await;
    assert_eq!(
        seen,
        [
            "open question 1",
            "open link https://example.com/sign-in for 1"
        ]
    );
    assert!(!result.is_error.unwrap_or(false), "{}", text_of(&result));
    close(runtime, server).await;
}
