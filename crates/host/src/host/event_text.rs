//! A [`HostEvent`] as one line of text, for a log or a terminal (`mcpapp connect` prints every
//! event this way). The app's own words (a message, a log line, a file name) are quoted as
//! sent: print the line with [`printable_lines`](crate::printable_lines), which neutralises
//! control characters.

use std::fmt;

use mcpapp_protocol::ContentBlock;

use super::{
    CloseReason, Download, DownloadContent, HostEvent, QuestionBody, QuestionSpec, ViewKind,
};

impl fmt::Display for HostEvent {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Self::ChatMessage { instance, message } => write!(
                f,
                "app {} sends to the chat: {}",
                instance.0,
                blocks_text(&message.content)
            ),
            Self::OpenLink { instance, url } => write!(f, "app {} asks to open {url}", instance.0),
            Self::DisplayModeChanged { instance, mode } => {
                write!(f, "app {} display mode: {mode:?}", instance.0)
            }
            Self::ModelContext { instance, context } => write!(
                f,
                "app {} gives the model context: {}",
                instance.0,
                blocks_text(context.content.as_deref().unwrap_or_default())
            ),
            Self::SizeChanged {
                instance,
                width,
                height,
            } => write!(
                f,
                "app {} size: {} \u{d7} {}",
                instance.0,
                css_size(*width),
                css_size(*height)
            ),
            Self::Log {
                instance,
                level,
                message,
            } => match instance {
                Some(instance) => write!(f, "app {} log [{level}]: {message}", instance.0),
                None => write!(f, "host log [{level}]: {message}"),
            },
            Self::OpenApp { instance, .. } => write!(f, "app {} opened", instance.0),
            Self::DownloadFile {
                instance, files, ..
            } => write!(
                f,
                "app {} asks to download {}",
                instance.0,
                files_text(files)
            ),
            Self::OpenQuestion { instance, question } => {
                write!(
                    f,
                    "question {} from {}",
                    instance.0,
                    question_text(question)
                )
            }
            Self::CloseApp {
                instance, reason, ..
            } => write!(f, "app {} closed ({})", instance.0, reason_text(reason)),
            Self::DuplicateInstance { instance, .. } => {
                write!(f, "app {} is a duplicate", instance.0)
            }
            Self::QuestionLocked { instance, locked } => {
                let now = if *locked {
                    "waits"
                } else {
                    "can be answered again"
                };
                write!(f, "question {} {now} (the model is replying)", instance.0)
            }
        }
    }
}

impl ViewKind {
    /// How the kind is named to a person: `HTML`, `card` or `A2UI`.
    pub const fn as_str(self) -> &'static str {
        match self {
            Self::Html => "HTML",
            Self::Card => "card",
            Self::A2ui => "A2UI",
        }
    }
}

impl fmt::Display for ViewKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

/// The text of content blocks, joined by spaces; a block of another type is named in brackets
/// (`[image]`).
fn blocks_text(blocks: &[ContentBlock]) -> String {
    blocks
        .iter()
        .map(|b| {
            b.as_text()
                .map_or_else(|| format!("[{}]", b.kind()), str::to_owned)
        })
        .collect::<Vec<_>>()
        .join(" ")
}

/// A reported width or height in CSS pixels, `auto` when the app left it open.
fn css_size(size: Option<f64>) -> String {
    size.map_or_else(|| "auto".to_owned(), |s| format!("{s}"))
}

/// The files of a download: each name with its size, or the address it comes from.
fn files_text(files: &[Download]) -> String {
    let listed: Vec<String> = files
        .iter()
        .map(|file| match &file.content {
            DownloadContent::Bytes(bytes) => format!("{} ({} bytes)", file.name, bytes.len()),
            DownloadContent::Link(url) => format!("{} (from {url})", file.name),
        })
        .collect();
    listed.join(", ")
}

/// Who asks a question, what, and what it asks for.
fn question_text(question: &QuestionSpec) -> String {
    let asks = match &question.body {
        QuestionBody::Form(form) => {
            let fields: Vec<&str> = form.field_names().collect();
            format!("a form ({})", fields.join(", "))
        }
        QuestionBody::Url { url, .. } => format!("a visit to {url}"),
        QuestionBody::Sample(_) => "a reply from the model".to_owned(),
    };
    format!(
        "{}: {} \u{2014} asks for {asks}",
        question.server, question.message
    )
}

/// Why an app closed, as its variant is named (`AppDone`, `Replaced`, …).
fn reason_text(reason: &CloseReason) -> String {
    format!("{reason:?}")
}

#[cfg(test)]
mod tests {
    use mcpapp_protocol::{LoggingLevel, UiMessageParams};

    use super::*;
    use crate::InstanceId;

    #[test]
    fn events_read_as_one_line_each() {
        let app = InstanceId(3);
        let message = HostEvent::ChatMessage {
            instance: app,
            message: UiMessageParams {
                content: vec![
                    ContentBlock::text("hello"),
                    ContentBlock::Unknown(serde_json::json!({"type": "video"})),
                ],
                ..UiMessageParams::user_text("")
            },
        };
        assert_eq!(
            message.to_string(),
            "app 3 sends to the chat: hello [video]"
        );
        let size = HostEvent::SizeChanged {
            instance: app,
            width: None,
            height: Some(240.5),
        };
        assert_eq!(size.to_string(), "app 3 size: auto \u{d7} 240.5");
        let log = HostEvent::Log {
            instance: None,
            level: LoggingLevel::Warning,
            message: "dropped".to_owned(),
        };
        assert_eq!(
            log.to_string(),
            format!("host log [{}]: dropped", LoggingLevel::Warning)
        );
        let closed = HostEvent::CloseApp {
            instance: app,
            reason: CloseReason::Replaced,
            keep_in_history: false,
        };
        assert_eq!(closed.to_string(), "app 3 closed (Replaced)");
        let locked = HostEvent::QuestionLocked {
            instance: app,
            locked: true,
        };
        assert_eq!(
            locked.to_string(),
            "question 3 waits (the model is replying)"
        );
    }

    #[test]
    fn downloads_list_each_file() {
        let event = HostEvent::DownloadFile {
            instance: InstanceId(1),
            request: serde_json::Value::Null,
            files: vec![
                Download {
                    name: "a.txt".to_owned(),
                    mime_type: None,
                    content: DownloadContent::Bytes(b"abc".to_vec()),
                },
                Download {
                    name: "b.pdf".to_owned(),
                    mime_type: None,
                    content: DownloadContent::Link("https://x.test/b.pdf".to_owned()),
                },
            ],
        };
        assert_eq!(
            event.to_string(),
            "app 1 asks to download a.txt (3 bytes), b.pdf (from https://x.test/b.pdf)"
        );
    }

    #[test]
    fn view_kinds_have_their_names() {
        assert_eq!(ViewKind::Html.to_string(), "HTML");
        assert_eq!(ViewKind::Card.as_str(), "card");
        assert_eq!(ViewKind::A2ui.as_str(), "A2UI");
    }
}
