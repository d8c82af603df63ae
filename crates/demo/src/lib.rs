//! `mcpapp demo`: a desktop MCP Apps host written only against mcpapp's public API, as an
//! embedder would write one. It doubles as the reference program for embedding.
//!
//! ```
//! use std::sync::Arc;
//!
//! use mcpapp_demo::{DemoApp, DemoOptions};
//! use mcpapp_host::store::MemoryStore;
//!
//! let mut demo = DemoApp::new(DemoOptions {
//!     servers: vec![], // `("flights".into(), ServerSpec::stdio(...))` for a real run
//!     store: Arc::new(MemoryStore::default()),
//!     setup: None,
//!     in_window: false,
//!     allow_private_origins: false,
//! });
//! assert_eq!(demo.conversation().threads.len(), 1);
//! assert!(demo.host().is_none()); // the host starts with the first frame
//!
//! // One frame, headless; `run` opens the same in an eframe window.
//! let ctx = egui::Context::default();
//! let mut frame = ctx.run_ui(egui::RawInput::default(), |ui| demo.ui(ui));
//! frame.textures_delta.clear(); // eframe would hand the font atlas and shapes to the GPU
//! assert!(demo.host().is_some());
//! drop(demo); // stops the host and joins its worker thread
//! ```
//!
//! - threads (new, switch): switching closes a thread's apps and brings them back with their
//!   saved state;
//! - a transcript where each tool call shows its app inline (cards natively, HTML apps behind
//!   the sandbox bridge), a workspace for apps in window mode, fullscreen;
//! - an agent without a model: a palette of the tools the model may call, each with a form
//!   made from its `inputSchema`; an app's `ui/message` becomes the user's message, and the
//!   host "responds" for a moment with the thread's apps locked;
//! - the duplicate policy for a second window of the same tool;
//! - the conversation and every app's state in one store, so a restart brings them back.
//!
//! [`DemoApp::ui`] draws it in any egui `Ui` (tests drive it with `egui_kittest`); [`run`]
//! opens it in a window.

mod app;
pub mod conversation;
mod embed;
mod palette;
mod questions;

pub use app::{DemoApp, DemoOptions};
pub use palette::{Chosen, Palette};

/// Opens the demo in a desktop window until it is closed.
pub fn run(options: DemoOptions) -> Result<(), String> {
    let native = eframe::NativeOptions {
        viewport: egui::ViewportBuilder::default()
            .with_title("mcpapp demo")
            .with_app_id("mcpapp-demo")
            .with_inner_size([1280.0, 820.0]),
        renderer: eframe::Renderer::Wgpu,
        ..eframe::NativeOptions::default()
    };
    eframe::run_native(
        "mcpapp demo",
        native,
        Box::new(move |_| {
            #[cfg(feature = "webview")]
            let in_window = options.in_window;
            Ok(Box::new(Window {
                demo: DemoApp::new(options),
                #[cfg(feature = "webview")]
                in_window,
            }))
        }),
    )
    .map_err(|e| format!("cannot open the demo window: {e}"))
}

/// The demo as an eframe app.
/// The demo, and whether HTML apps are drawn inside its window.
struct Window {
    demo: DemoApp,
    #[cfg(feature = "webview")]
    in_window: bool,
}

impl eframe::App for Window {
    fn ui(&mut self, ui: &mut egui::Ui, frame: &mut eframe::Frame) {
        #[cfg(feature = "webview")]
        if self.in_window {
            self.demo.ui_in_window(ui, frame);
            return;
        }
        let _ = frame;
        self.demo.ui(ui);
    }
}
