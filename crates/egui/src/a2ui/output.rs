//! What a surface view reports back.

use mcpapp_a2ui::ActionMessage;

/// What the user did with a surface this frame that the embedder must act on.
#[derive(Debug, Clone, PartialEq)]
pub enum SurfaceEvent {
    /// A component's `event` action fired and its checks passed: the `action` message to send
    /// to the agent, its context resolved against the data model.
    Action(ActionMessage),
    /// An `openUrl` action (or a media link): the URL, checked by the card link rule
    /// (`https`, `http` or `mailto`). The embedder decides whether and how to open it.
    OpenUrl {
        /// The link.
        url: String,
    },
    /// An action was used while one of its component's checks failed: nothing is sent.
    Blocked {
        /// The component whose action was stopped.
        component: String,
        /// The first failing check's message (also shown at the component).
        message: String,
    },
}

/// The result of showing a surface for one frame.
#[derive(Debug)]
pub struct SurfaceOutput {
    /// The response covering the whole surface.
    pub response: egui::Response,
    /// What the user triggered this frame, if anything (the first thing of the frame).
    pub event: Option<SurfaceEvent>,
    /// Whether an input wrote a value into the surface's data model this frame.
    pub data_changed: bool,
}
