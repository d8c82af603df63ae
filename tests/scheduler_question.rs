#![cfg(test)] // clippy.toml's allowances for tests hold in every function here
//! The scheduler example asks before it books (rmcp's server elicitation): a client that can
//! be asked gets the question, shown as `mcpapp_card::elicitation` makes it, and the answer
//! is in the booking; a client that cannot be asked books without one; a cancelled question
//! books nothing.

use std::sync::{Arc, Mutex};
use std::time::Duration;

use mcpapp_card::elicitation::{elicitation_content, elicitation_form, values_from_content};
use mcpapp_host::mcp::{
    ClientOptions, Elicitation, ElicitationAnswer, ElicitationHandler, HandlerFuture, Handlers,
    McpConnection, ServerSpec,
};
use serde_json::{Map, Value, json};

/// Answers with `answer` (checked through the form), or cancels when there is none.
struct User {
    answer: Option<Value>,
    asked: Mutex<Vec<String>>,
}

impl ElicitationHandler for User {
    fn elicit(&self, question: Elicitation) -> HandlerFuture<'_, ElicitationAnswer> {
        let Elicitation::Form {
            message, schema, ..
        } = question
        else {
            return Box::pin(async { ElicitationAnswer::Decline });
        };
        self.asked.lock().unwrap().push(message.clone());
        let answer = match &self.answer {
            Some(Value::Object(answer)) => {
                let form = elicitation_form(&message, &schema).unwrap();
                let values = values_from_content(&form, answer).unwrap();
                ElicitationAnswer::Accept(Some(elicitation_content(&form, &values).unwrap()))
            }
            _ => ElicitationAnswer::Cancel,
        };
        Box::pin(async move { answer })
    }
}

async fn scheduler(user: Option<Arc<User>>) -> McpConnection {
    let options = ClientOptions {
        request_timeout: Duration::from_secs(20),
        handlers: Handlers {
            elicitation: user.map(|u| u as Arc<dyn ElicitationHandler>),
            sampling: None,
        },
        ..ClientOptions::default()
    };
    let spec = ServerSpec::stdio(env!("CARGO_BIN_EXE_mcpapp"), ["serve-example", "scheduler"]);
    McpConnection::connect("scheduler", &spec, &options)
        .await
        .unwrap()
}

/// The arguments the card's first slot button sends: its signed data, without the tool name.
async fn first_slot(server: &McpConnection) -> Map<String, Value> {
    let found = server
        .call_tool("find_available_slots", Map::new())
        .await
        .unwrap();
    let card = found.structured_content.unwrap();
    let mut data = card["actions"][0]["data"].as_object().unwrap().clone();
    data.remove("mcp_tool_name");
    data
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_scheduler_asks_for_a_title_and_attendees_before_booking() {
    let user = Arc::new(User {
        answer: Some(json!({"title": "Planning", "attendees": "ada@example.com"})),
        asked: Mutex::new(Vec::new()),
    });
    let server = scheduler(Some(Arc::clone(&user))).await;
    let booked = server
        .call_tool("book_slot", first_slot(&server).await)
        .await
        .unwrap();
    assert_eq!(
        user.asked.lock().unwrap().as_slice(),
        ["Before I book Mon 09:00:"]
    );
    let card = serde_json::to_string(&booked.structured_content).unwrap();
    assert!(card.contains("Meeting booked"), "{card}");
    assert!(
        card.contains("Planning") && card.contains("ada@example.com"),
        "{card}"
    );
    server.close().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_cancelled_question_books_nothing_and_a_client_that_cannot_be_asked_books_anyway() {
    let user = Arc::new(User {
        answer: None,
        asked: Mutex::new(Vec::new()),
    });
    let server = scheduler(Some(Arc::clone(&user))).await;
    let slot = first_slot(&server).await;
    let cancelled = server.call_tool("book_slot", slot.clone()).await.unwrap();
    assert!(
        serde_json::to_string(&cancelled)
            .unwrap()
            .contains("Cancelled")
    );
    let agenda = server.call_tool("agenda", Map::new()).await.unwrap();
    assert!(
        serde_json::to_string(&agenda)
            .unwrap()
            .contains("Mon 09:00: free"),
        "nothing was booked"
    );
    server.close().await;

    let server = scheduler(None).await;
    let booked = server
        .call_tool("book_slot", first_slot(&server).await)
        .await
        .unwrap();
    assert!(
        serde_json::to_string(&booked)
            .unwrap()
            .contains("Meeting booked")
    );
    server.close().await;
}
