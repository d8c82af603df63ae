//! Keyboard focus between egui and a child webview, as a user expects it: Tab in egui reaches
//! the app and Tab past the app's last control comes back to egui (Shift+Tab the other way); a
//! click in the app gives it the keyboard and a click in egui takes it back.
//!
//! The webview is another native window, so who gets the keys is the windowing system's
//! business: on X11 the focus is set on the webview's window or the embedder's explicitly
//! (a window manager only focuses top-level windows). Inside the page, the host page's two
//! edge elements around the app frame tell where focus enters and notice it leaving
//! (`mcpappFocus`, `mcpappFocusLeft` in `host.html`); the app, two cross-origin frames below,
//! cannot reach either.

use std::cell::Cell;
use std::rc::Rc;
use std::sync::{Arc, Mutex, PoisonError};

/// Which way the keyboard left the app.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum Leave {
    /// Tab past the app's last control.
    Forward,
    /// Shift+Tab before its first.
    Backward,
}

/// Gives the keyboard to the embedder's window `parent` after a press in egui, whether or not
/// a webview is known to hold it: a webview that went away while holding it (its app
/// recreated, say) can leave the keyboard with no window at all.
pub(super) fn pressed_in_egui(parent: Option<u32>) {
    platform::focus_window(parent);
}

/// The focus of one webview.
pub(super) struct Focus {
    /// Whether the webview holds the keyboard (given by Tab or taken by a click).
    pub(super) held: bool,
    /// Set when the user clicked into the webview, until the next frame reads it.
    clicked: Rc<Cell<bool>>,
    /// The host page's answer to "did the keyboard leave?", once it came.
    answer: Arc<Mutex<Option<String>>>,
    /// Whether a question is on its way.
    asking: bool,
}

impl Focus {
    /// Watches `webview` for clicks that give it the keyboard.
    pub(super) fn watch(webview: &wry::WebView) -> Self {
        let clicked = Rc::new(Cell::new(false));
        platform::on_click(webview, Rc::clone(&clicked));
        Self {
            held: false,
            clicked,
            answer: Arc::new(Mutex::new(None)),
            asking: false,
        }
    }

    /// Gives `webview` the keyboard, at the app's start (`forward`) or end.
    pub(super) fn give(&mut self, webview: &wry::WebView, forward: bool) {
        self.held = true;
        platform::focus_webview(webview);
        let _ = webview.evaluate_script(&format!(
            "window.mcpappFocus && window.mcpappFocus({forward})"
        ));
    }

    /// Gives the keyboard back to the embedder's window.
    pub(super) fn take_back(&mut self, webview: &wry::WebView, parent: Option<u32>) {
        if self.held {
            self.held = false;
            platform::focus_parent(webview, parent);
        }
    }

    /// Whether the user clicked into the webview since the last call (it holds the keyboard
    /// now).
    pub(super) fn was_clicked(&mut self) -> bool {
        let clicked = self.clicked.replace(false);
        if clicked {
            self.held = true;
        }
        clicked
    }

    /// Whether the keyboard left the app through one of its ends: asks the host page (the
    /// answer comes in a later frame) and reads the last answer.
    pub(super) fn left(&mut self, webview: &wry::WebView) -> Option<Leave> {
        let answer = self
            .answer
            .lock()
            .unwrap_or_else(PoisonError::into_inner)
            .take();
        if let Some(answer) = answer {
            self.asking = false;
            // The page's answer is a JSON string.
            match answer.trim_matches('"') {
                "forward" => return Some(Leave::Forward),
                "backward" => return Some(Leave::Backward),
                _ => {}
            }
        }
        if self.held && !self.asking {
            let slot = Arc::clone(&self.answer);
            let asked = webview.evaluate_script_with_callback(
                "window.mcpappFocusLeft ? window.mcpappFocusLeft() : ''",
                move |answer| {
                    *slot.lock().unwrap_or_else(PoisonError::into_inner) = Some(answer);
                },
            );
            self.asking = asked.is_ok();
        }
        None
    }
}

#[cfg(target_os = "linux")]
mod platform {
    //! X11: focus is set on windows explicitly (`SetInputFocus` over a connection of our own,
    //! x11rb: no unsafe code), since no window manager moves it between a window's children.

    use std::cell::{Cell, RefCell};
    use std::rc::Rc;

    use gtk::prelude::*;
    use wry::WebViewExtUnix as _;
    use x11rb::connection::Connection as _;
    use x11rb::protocol::xproto::{ConnectionExt as _, InputFocus};
    use x11rb::rust_connection::RustConnection;

    thread_local! {
        /// One connection to the display, opened on first use (the GUI thread's).
        static X: RefCell<Option<RustConnection>> = const { RefCell::new(None) };
    }

    /// Sets the keyboard focus on window `xid`.
    fn set_focus(xid: u32) {
        X.with(|x| {
            let mut x = x.borrow_mut();
            if x.is_none() {
                *x = RustConnection::connect(None).ok().map(|(conn, _)| conn);
            }
            let Some(conn) = x.as_ref() else { return };
            let focused = conn
                .set_input_focus(InputFocus::PARENT, xid, x11rb::CURRENT_TIME)
                .is_ok();
            if !focused || conn.flush().is_err() {
                tracing::debug!("could not move the keyboard focus to window {xid:#x}");
            }
        });
    }

    /// The X window of the web content itself. Not the container wry makes around it: keys
    /// sent to the container reach the page only while the pointer is over it.
    fn container(webview: &wry::WebView) -> Option<u32> {
        let window = webview.webview().window()?;
        let x11 = window.downcast::<gdkx11::X11Window>().ok()?;
        u32::try_from(x11.xid()).ok()
    }

    pub(super) fn focus_webview(webview: &wry::WebView) {
        if let Some(xid) = container(webview) {
            set_focus(xid);
        }
        let _ = webview.focus();
    }

    pub(super) fn focus_parent(_webview: &wry::WebView, parent: Option<u32>) {
        focus_window(parent);
    }

    pub(super) fn focus_window(window: Option<u32>) {
        if let Some(xid) = window {
            set_focus(xid);
        }
    }

    /// A press in the page gives its window the keyboard, and is noted in `clicked`.
    pub(super) fn on_click(webview: &wry::WebView, clicked: Rc<Cell<bool>>) {
        let xid = container(webview);
        webview.webview().connect_button_press_event(move |_, _| {
            if let Some(xid) = xid {
                set_focus(xid);
            }
            clicked.set(true);
            gtk::glib::Propagation::Proceed
        });
    }
}

#[cfg(not(target_os = "linux"))]
mod platform {
    //! Windows and macOS move focus between a window's child views on click themselves.

    use std::cell::Cell;
    use std::rc::Rc;

    pub(super) fn focus_webview(webview: &wry::WebView) {
        let _ = webview.focus();
    }

    pub(super) fn focus_parent(webview: &wry::WebView, _parent: Option<u32>) {
        let _ = webview.focus_parent();
    }

    pub(super) fn on_click(_webview: &wry::WebView, _clicked: Rc<Cell<bool>>) {}

    pub(super) fn focus_window(_window: Option<u32>) {}
}
