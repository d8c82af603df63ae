//! Capability gating: what a server shows a client depends on the UI it advertised in
//! `initialize` (`capabilities.extensions["io.modelcontextprotocol/ui"].mimeTypes`). A client
//! that shows A2UI gets A2UI surfaces, one that shows cards gets cards, one that shows HTML the
//! card app; one that shows none gets the same tools with text results; tools only a view can
//! use are hidden from it and refused if called anyway. One tool definition serves them all.

use mcpapp_card::Card;
use mcpapp_protocol::{
    CallToolResult, RESOURCE_URI_META_KEY, Tool, UI_META_KEY, UiClientCapability,
};

use crate::Rejection;
use crate::result::{card_result, text_result};

/// What UI a connected client can show, read once from its `initialize` capabilities.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct ClientUi {
    capability: Option<UiClientCapability>,
}

impl ClientUi {
    /// Reads the client's whole `capabilities` object; a missing or malformed UI entry means a
    /// client without UI.
    #[must_use]
    pub fn from_client_capabilities(capabilities: &serde_json::Value) -> Self {
        Self {
            capability: UiClientCapability::from_client_capabilities(capabilities),
        }
    }

    /// A client that advertised `capability`.
    #[must_use]
    pub fn new(capability: UiClientCapability) -> Self {
        Self {
            capability: Some(capability),
        }
    }

    /// A client without UI support.
    #[must_use]
    pub fn plain() -> Self {
        Self::default()
    }

    /// Whether the client shows views of `mime_type`.
    #[must_use]
    pub fn shows(&self, mime_type: &str) -> bool {
        self.capability
            .as_ref()
            .is_some_and(|c| c.supports(mime_type))
    }

    /// Whether the client shows declarative cards.
    #[must_use]
    pub fn shows_cards(&self) -> bool {
        self.capability
            .as_ref()
            .is_some_and(UiClientCapability::supports_cards)
    }

    /// Whether the client shows A2UI surfaces (`application/a2ui+json`).
    #[must_use]
    pub fn shows_a2ui(&self) -> bool {
        self.capability
            .as_ref()
            .is_some_and(UiClientCapability::supports_a2ui)
    }

    /// Whether the client shows HTML views.
    #[must_use]
    pub fn shows_html(&self) -> bool {
        self.capability
            .as_ref()
            .is_some_and(UiClientCapability::supports_html)
    }

    /// Of the view mime types a server `offers` for one tool, the one this client lists first
    /// (clients list them in their order of preference); `None` for a client that shows none
    /// of them, which gets the text-only variant.
    #[must_use]
    pub fn preferred_view<'a>(&self, offers: &[&'a str]) -> Option<&'a str> {
        let listed = &self.capability.as_ref()?.mime_types;
        listed.iter().find_map(|mime| {
            offers
                .iter()
                .copied()
                .find(|offer| mcpapp_protocol::mime_type_matches(mime, offer))
        })
    }

    /// The result for a tool that answers with `card`: the card (with its text rendering) for
    /// a client that shows cards or HTML apps (the card app, [`crate::UiResource::card_app`],
    /// renders it there), its text rendering alone for any other.
    #[must_use]
    pub fn card_result(&self, card: &Card) -> CallToolResult {
        if self.shows_cards() || self.shows_html() {
            card_result(card)
        } else {
            text_result(card)
        }
    }

    /// A tool that answers with cards, as this client should see it in `tools/list`, or
    /// `None` when it must not see it: one definition for every kind of client.
    ///
    /// - A client that shows cards gets `tool` as it is (the card comes in the result).
    /// - A client that shows only HTML apps gets it opening the card app at `card_app_uri`
    ///   ([`crate::UiResource::card_app`]) when the agent may call it; an app-only tool (one
    ///   the card calls) stays as it is, since the card app calls it.
    /// - Any other client gets the agent's tools (answered with text), and no app-only ones.
    #[must_use]
    pub fn card_tool(&self, tool: Tool, card_app_uri: &str) -> Option<Tool> {
        if self.shows_cards() {
            return Some(tool);
        }
        if self.shows_html() {
            if !tool.is_model_visible() {
                return Some(tool);
            }
            let mut ui = tool.ui_meta().unwrap_or_default();
            ui.resource_uri = Some(card_app_uri.to_owned());
            ui.problem = None;
            let mut tool = tool;
            ui.write_tool_meta(tool.meta.get_or_insert_with(serde_json::Map::new));
            return Some(tool);
        }
        tool.is_model_visible().then_some(tool)
    }

    /// Refuses a call to a card tool this client must not see ([`Self::card_tool`]).
    pub fn check_card_call(&self, tool: &Tool) -> Result<(), Rejection> {
        if self.card_tool(tool.clone(), "ui://card-app").is_some() {
            Ok(())
        } else {
            Err(Rejection::ClientCannotShow {
                tool: tool.name.clone(),
                needs: "cards or HTML apps".to_owned(),
            })
        }
    }

    /// The tool as this client should see it in `tools/list`, or `None` when it must not see it.
    ///
    /// `view_mime_type` is the mime type of the tool's `ui://` view (`None` for a tool without
    /// one). A tool the agent may call stays listed for every client, but loses its UI metadata
    /// when the client cannot show its view (so the host does not fetch a view it cannot show);
    /// an app-only tool is listed only to clients that can show its view, or, for an app-only
    /// helper without a view of its own, to clients that show any UI.
    #[must_use]
    pub fn tool_for_client(&self, mut tool: Tool, view_mime_type: Option<&str>) -> Option<Tool> {
        let can_show = match view_mime_type {
            Some(mime) => self.shows(mime),
            None => self.shows_html() || self.shows_cards(),
        };
        if can_show {
            return Some(tool);
        }
        if !tool.is_model_visible() {
            return None;
        }
        if view_mime_type.is_some()
            && let Some(meta) = tool.meta.as_mut()
        {
            meta.remove(UI_META_KEY);
            meta.remove(RESOURCE_URI_META_KEY);
            if meta.is_empty() {
                tool.meta = None;
            }
        }
        Some(tool)
    }

    /// A tool whose view is an A2UI surface (`_meta.ui.resourceUri` names an
    /// `application/a2ui+json` view, or, for an app-only tool the surface calls, none), as this
    /// client should see it in `tools/list`, or `None` when it must not see it: one definition
    /// for every kind of client.
    ///
    /// - A client that shows A2UI gets `tool` as it is, whatever else it lists: the surface is
    ///   what the server made for it.
    /// - Any other client gets it without the A2UI view and then as `fallback` says: the
    ///   card's way ([`Self::card_tool`]: cards, the card app, or text), or text alone (the
    ///   agent's tools, no app-only ones).
    #[must_use]
    pub fn a2ui_tool(&self, tool: Tool, fallback: A2uiFallback<'_>) -> Option<Tool> {
        if self.shows_a2ui() {
            return Some(tool);
        }
        let tool = without_view(tool);
        match fallback {
            A2uiFallback::Card { card_app_uri } => self.card_tool(tool, card_app_uri),
            A2uiFallback::Text => tool.is_model_visible().then_some(tool),
        }
    }

    /// Refuses a call to an A2UI tool this client must not see ([`Self::a2ui_tool`]).
    pub fn check_a2ui_call(
        &self,
        tool: &Tool,
        fallback: A2uiFallback<'_>,
    ) -> Result<(), Rejection> {
        if self.a2ui_tool(tool.clone(), fallback).is_some() {
            Ok(())
        } else {
            Err(Rejection::ClientCannotShow {
                tool: tool.name.clone(),
                needs: match fallback {
                    A2uiFallback::Card { .. } => "A2UI, cards or HTML apps",
                    A2uiFallback::Text => "A2UI",
                }
                .to_owned(),
            })
        }
    }

    /// Refuses a call to a tool this client must not see (an app-only tool called by a client
    /// that cannot show its view).
    pub fn check_call(&self, tool: &Tool, view_mime_type: Option<&str>) -> Result<(), Rejection> {
        if self.tool_for_client(tool.clone(), view_mime_type).is_some() {
            Ok(())
        } else {
            Err(Rejection::ClientCannotShow {
                tool: tool.name.clone(),
                needs: view_mime_type.unwrap_or("an MCP Apps UI").to_owned(),
            })
        }
    }
}

/// What a client that shows no A2UI gets instead of an A2UI tool's surface.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum A2uiFallback<'a> {
    /// The tool answers such clients with a card: to clients that show cards as it is, to
    /// clients that show only HTML opening the card app at `card_app_uri`, to the rest text.
    Card {
        /// Where the server offers the card app ([`crate::CARD_APP_URI`]).
        card_app_uri: &'a str,
    },
    /// The tool answers such clients with text; an app-only tool is hidden from them.
    Text,
}

/// `tool` without its view (`_meta.ui.resourceUri` and the legacy flat key); its visibility
/// stays.
fn without_view(mut tool: Tool) -> Tool {
    if let Some(mut ui) = tool.ui_meta()
        && ui.resource_uri.is_some()
        && let Some(meta) = tool.meta.as_mut()
    {
        ui.resource_uri = None;
        meta.remove(RESOURCE_URI_META_KEY);
        meta.remove(UI_META_KEY);
        if ui.visibility.is_some() || ui.problem.is_some() {
            ui.write_tool_meta(meta);
        }
        if meta.is_empty() {
            tool.meta = None;
        }
    }
    tool
}
