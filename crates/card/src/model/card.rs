//! The root of a card.

use compact_str::CompactString;
use serde_json::Map;

use super::{Action, BoxProps, Element};
use crate::enums::CardKind;

model_struct! {
    /// A card: `{"type": "McpApp", "body": [...], "actions": [...]}`, or an Adaptive Card.
    pub struct Card {
        /// `McpApp` or `AdaptiveCard`; both mean the same.
        #[serde(rename = "type")]
        pub kind: CardKind,
        /// The Adaptive Cards schema version the card is written for (`"1.6"`); optional for
        /// `McpApp` cards, where it defaults to 1.6.
        pub version: Option<CompactString>,
        /// The JSON Schema the author's editor used; ignored.
        #[serde(rename = "$schema")]
        pub schema: Option<CompactString>,
        /// The content, top to bottom.
        #[serde(default, skip_serializing_if = "Vec::is_empty")]
        pub body: Vec<Element>,
        /// The buttons at the bottom.
        #[serde(default, skip_serializing_if = "Vec::is_empty")]
        pub actions: Vec<Action>,
        /// The card's action (a click anywhere), style, alignment, background, height and
        /// direction.
        #[serde(flatten)]
        pub box_props: BoxProps,
        /// Text for hosts that cannot render the card.
        pub fallback_text: Option<CompactString>,
        /// What a speech host says for the card.
        pub speak: Option<CompactString>,
        /// The card's language (BCP 47).
        pub lang: Option<CompactString>,
        // This and the next two are boxed: seldom there, they would otherwise make every card
        // (and every move of one) larger by nearly 300 bytes.
        /// How the card refreshes itself (Universal Actions).
        pub refresh: Option<Box<Refresh>>,
        /// Sign-in for Universal Actions.
        pub authentication: Option<Box<Authentication>>,
        /// Metadata about the card.
        pub metadata: Option<Box<Metadata>>,
        /// An mcpapp extension: the card is the app's last word (a final answer, a receipt). A
        /// host that shows it ends the app (`ui/notifications/close-ws-app`): inline, the card
        /// stays in the conversation as history; in a window, the window goes. Adaptive Cards
        /// hosts ignore it.
        pub is_final: Option<bool>,
    }
    extra;
}

impl Card {
    /// Whether the card is the app's last word ([`Card::is_final`]).
    #[must_use]
    pub fn is_final(&self) -> bool {
        self.is_final == Some(true)
    }

    /// An empty `McpApp` card.
    pub fn new() -> Self {
        Self {
            kind: CardKind::McpApp,
            version: None,
            schema: None,
            body: Vec::new(),
            actions: Vec::new(),
            box_props: BoxProps::default(),
            fallback_text: None,
            speak: None,
            lang: None,
            refresh: None,
            authentication: None,
            metadata: None,
            is_final: None,
            extra: Map::new(),
        }
    }
}

impl Default for Card {
    fn default() -> Self {
        Self::new()
    }
}

model_struct! {
    /// How a card asks to be refreshed.
    #[derive(Default)]
    pub struct Refresh {
        /// The `Action.Execute` to invoke.
        pub action: Option<Box<Action>>,
        /// The users for whom the refresh happens automatically.
        #[serde(default, skip_serializing_if = "Vec::is_empty")]
        pub user_ids: Vec<CompactString>,
        /// When the card expires (ISO 8601).
        pub expires: Option<CompactString>,
    }
    extra;
}

model_struct! {
    /// Sign-in information for Universal Actions.
    #[derive(Default)]
    pub struct Authentication {
        /// Text asking the user to sign in.
        pub text: Option<CompactString>,
        /// The OAuth connection name.
        pub connection_name: Option<CompactString>,
        /// Token exchange information.
        pub token_exchange_resource: Option<TokenExchangeResource>,
        /// Sign-in buttons.
        #[serde(default, skip_serializing_if = "Vec::is_empty")]
        pub buttons: Vec<AuthCardButton>,
    }
    extra;
}

model_struct! {
    /// Token exchange information for single sign-on.
    pub struct TokenExchangeResource {
        /// The resource's id.
        pub id: CompactString,
        /// The resource's URI.
        pub uri: CompactString,
        /// The identity provider's id.
        pub provider_id: CompactString,
    }
}

model_struct! {
    /// A sign-in button.
    pub struct AuthCardButton {
        /// The button type (`"signin"`).
        #[serde(rename = "type")]
        pub kind: CompactString,
        /// The value, such as a sign-in URL.
        pub value: Option<CompactString>,
        /// The button's text.
        pub title: Option<CompactString>,
        /// An image for the button.
        pub image: Option<CompactString>,
    }
}

model_struct! {
    /// Metadata about a card.
    #[derive(Default)]
    pub struct Metadata {
        /// Where the card can be seen on the web.
        pub web_url: Option<CompactString>,
    }
    extra;
}
