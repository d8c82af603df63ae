//! The markdown subset of `TextBlock`: bold, italic, links, bullet and numbered lists.
//! Anything else markdown has (headings, code, images, HTML) is shown as its plain text.

use pulldown_cmark::{Event, Options, Parser, Tag, TagEnd};

/// A run of text with one formatting.
#[derive(Debug, Clone, PartialEq, Default)]
pub(crate) struct Span {
    pub(crate) text: String,
    pub(crate) bold: bool,
    pub(crate) italic: bool,
    pub(crate) strikethrough: bool,
    /// The link target, for a link.
    pub(crate) link: Option<String>,
}

/// A paragraph or a list item.
#[derive(Debug, Clone, PartialEq)]
pub(crate) struct Block {
    /// The marker of a list item (`•`, `1.`), drawn before the text.
    pub(crate) marker: Option<String>,
    /// How deep the list item is nested (0 for paragraphs).
    pub(crate) depth: usize,
    pub(crate) spans: Vec<Span>,
}

/// Reads a TextBlock's text. Plain text comes back as one block with one span, quickly.
pub(crate) fn parse(text: &str) -> Vec<Block> {
    if !text.contains([
        '*', '_', '[', '-', '+', '\n', '`', '#', '<', '~', '\\', '!', '&',
    ]) && !text.trim_start().starts_with(|c: char| c.is_ascii_digit())
    {
        return vec![Block {
            marker: None,
            depth: 0,
            spans: vec![Span {
                text: text.to_owned(),
                ..Span::default()
            }],
        }];
    }
    let mut reader = Reader::default();
    for event in Parser::new_ext(text, Options::ENABLE_STRIKETHROUGH) {
        reader.event(event);
    }
    reader.finish()
}

#[derive(Default)]
struct Reader {
    blocks: Vec<Block>,
    current: Option<Block>,
    bold: usize,
    italic: usize,
    strike: usize,
    link: Option<String>,
    /// The next number of each open list (`None` for bullet lists).
    lists: Vec<Option<u64>>,
    /// A list item's marker waiting for the item's text.
    pending_marker: Option<String>,
}

impl Reader {
    fn block(&mut self) -> &mut Block {
        let marker = self.pending_marker.take();
        let depth = self.lists.len();
        self.current.get_or_insert_with(|| Block {
            marker,
            depth,
            spans: Vec::new(),
        })
    }

    fn end_block(&mut self) {
        if let Some(block) = self.current.take()
            && (!block.spans.is_empty() || block.marker.is_some())
        {
            self.blocks.push(block);
        }
    }

    fn push_text(&mut self, text: &str) {
        let span = Span {
            text: text.to_owned(),
            bold: self.bold > 0,
            italic: self.italic > 0,
            strikethrough: self.strike > 0,
            link: self.link.clone(),
        };
        let block = self.block();
        if let Some(last) = block.spans.last_mut()
            && last.bold == span.bold
            && last.italic == span.italic
            && last.strikethrough == span.strikethrough
            && last.link == span.link
        {
            last.text.push_str(&span.text);
            return;
        }
        block.spans.push(span);
    }

    fn event(&mut self, event: Event<'_>) {
        match event {
            Event::Start(Tag::Strong) => self.bold += 1,
            Event::End(TagEnd::Strong) => self.bold = self.bold.saturating_sub(1),
            Event::Start(Tag::Emphasis) => self.italic += 1,
            Event::End(TagEnd::Emphasis) => self.italic = self.italic.saturating_sub(1),
            Event::Start(Tag::Strikethrough) => self.strike += 1,
            Event::End(TagEnd::Strikethrough) => self.strike = self.strike.saturating_sub(1),
            Event::Start(Tag::Link { dest_url, .. }) => self.link = Some(dest_url.into_string()),
            Event::End(TagEnd::Link) => self.link = None,
            Event::Start(Tag::List(start)) => {
                self.end_block();
                self.lists.push(start);
            }
            Event::End(TagEnd::List(_)) => {
                self.end_block();
                self.lists.pop();
            }
            Event::Start(Tag::Item) => {
                self.end_block();
                let marker = match self.lists.last_mut() {
                    Some(Some(n)) => {
                        let m = format!("{n}.");
                        *n += 1;
                        m
                    }
                    _ => "•".to_owned(),
                };
                self.pending_marker = Some(marker);
            }
            Event::End(TagEnd::Item) => self.end_block(),
            // Inside a list item a paragraph ends with the item, not before.
            Event::End(TagEnd::Paragraph | TagEnd::Heading(_)) if self.lists.is_empty() => {
                self.end_block();
            }
            Event::Text(t) | Event::Code(t) | Event::InlineHtml(t) | Event::Html(t) => {
                self.push_text(&t);
            }
            Event::SoftBreak | Event::HardBreak => self.push_text("\n"),
            _ => {}
        }
    }

    fn finish(mut self) -> Vec<Block> {
        self.end_block();
        self.blocks
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn texts(blocks: &[Block]) -> Vec<(Option<&str>, String)> {
        blocks
            .iter()
            .map(|b| {
                (
                    b.marker.as_deref(),
                    b.spans.iter().map(|s| s.text.as_str()).collect(),
                )
            })
            .collect()
    }

    #[test]
    fn plain_text_is_one_span() {
        let b = parse("Hello there");
        assert_eq!(texts(&b), [(None, "Hello there".to_owned())]);
    }

    #[test]
    fn bold_italic_links() {
        let b = parse("a **bold** and _it_ [link](https://e.com)");
        let spans = &b[0].spans;
        assert!(spans.iter().any(|s| s.bold && s.text == "bold"));
        assert!(spans.iter().any(|s| s.italic && s.text == "it"));
        assert!(
            spans
                .iter()
                .any(|s| s.link.as_deref() == Some("https://e.com") && s.text == "link")
        );
    }

    #[test]
    fn lists() {
        let b = parse("Intro\n\n- one\n- two\n\n1. first\n2. second");
        assert_eq!(
            texts(&b),
            [
                (None, "Intro".to_owned()),
                (Some("•"), "one".to_owned()),
                (Some("•"), "two".to_owned()),
                (Some("1."), "first".to_owned()),
                (Some("2."), "second".to_owned()),
            ]
        );
    }

    #[test]
    fn line_breaks_are_kept() {
        let b = parse("line one\nline two");
        assert_eq!(texts(&b), [(None, "line one\nline two".to_owned())]);
    }
}
