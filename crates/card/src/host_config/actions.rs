//! Action buttons (`actions`): how many, how laid out, how `Action.ShowCard` opens.

use crate::enums::{ContainerStyle, Spacing, card_enum};

card_enum! {
    /// Where the card of an `Action.ShowCard` opens.
    ShowCardActionMode {
        /// Below the actions, inside the card.
        Inline = "inline",
        /// In a pop-up (the schema warns it may be deprecated; hosts may show it inline).
        Popup = "popup",
    }
}

card_enum! {
    /// How the buttons of an action set are laid out.
    Orientation {
        /// In a row.
        Horizontal = "horizontal",
        /// In a column.
        Vertical = "vertical",
    }
}

card_enum! {
    /// Where the buttons sit in their row (or column).
    ActionAlignment {
        /// At the start.
        Left = "left",
        /// Centred.
        Center = "center",
        /// At the end.
        Right = "right",
        /// Sharing the whole width equally.
        Stretch = "stretch",
    }
}

card_enum! {
    /// Where an action's icon goes relative to its title.
    IconPlacement {
        /// Above the title.
        AboveTitle = "aboveTitle",
        /// Before the title, on the same line.
        LeftOfTitle = "leftOfTitle",
    }
}

section! {
    /// Action buttons.
    pub struct ActionsConfig {
        /// The most primary actions shown; the others are dropped (or go to the overflow menu).
        pub max_actions: usize => count("maxActions"),
        /// The space between the card's body and its actions.
        pub spacing: Spacing => enumeration("spacing"),
        /// The space between two buttons, in pixels.
        pub button_spacing: f32 => px("buttonSpacing"),
        /// How `Action.ShowCard` opens.
        pub show_card: ShowCardConfig => section("showCard"),
        /// Whether the buttons are in a row or a column.
        pub actions_orientation: Orientation => enumeration("actionsOrientation"),
        /// Where the buttons sit.
        pub action_alignment: ActionAlignment => enumeration("actionAlignment"),
        /// Where icons go.
        pub icon_placement: IconPlacement => enumeration("iconPlacement"),
        /// The size of icons in pixels.
        pub icon_size: f32 => positive_px("iconSize"),
        /// Whether a card whose only action is an `Action.ShowCard` opens it from the start.
        pub pre_expand_single_show_card_action: bool => bool("preExpandSingleShowCardAction"),
    }
}

impl ActionsConfig {
    /// The official defaults: 5 actions, 20 px apart, in a row on the left, inline show
    /// cards, 16 px icons left of the title.
    pub const ADAPTIVE_CARDS: Self = Self {
        max_actions: 5,
        spacing: Spacing::Default,
        button_spacing: 20.0,
        show_card: ShowCardConfig::ADAPTIVE_CARDS,
        actions_orientation: Orientation::Horizontal,
        action_alignment: ActionAlignment::Left,
        icon_placement: IconPlacement::LeftOfTitle,
        icon_size: 16.0,
        pre_expand_single_show_card_action: false,
    };
}

section! {
    /// `Action.ShowCard`.
    #[derive(Copy)]
    pub struct ShowCardConfig {
        /// Inline or in a pop-up.
        pub action_mode: ShowCardActionMode => enumeration("actionMode"),
        /// The space above an inline card, in pixels.
        pub inline_top_margin: f32 => px("inlineTopMargin"),
        /// The container style of the shown card.
        pub style: ContainerStyle => enumeration("style"),
    }
}

impl ShowCardConfig {
    /// The official defaults: inline, 16 px below the buttons, emphasis style.
    pub const ADAPTIVE_CARDS: Self = Self {
        action_mode: ShowCardActionMode::Inline,
        inline_top_margin: 16.0,
        style: ContainerStyle::Emphasis,
    };
}
