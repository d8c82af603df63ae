//! HTML apps drawn inside the embedder's window: one child webview (wry) per visible HTML app,
//! placed every frame on the rectangle its [`crate::AppView`] allocates.
//!
//! The webview only ever shows the bridge's host page: the same bridge, sandbox proxy and host
//! pipeline as every other presenter, so the security review does not change with the engine.
//! On top of that the webview itself refuses what an app has no business doing there: the top
//! document never leaves the bridge's pages (a navigation anywhere else is ignored), no new
//! window is ever opened (links go through `ui/open-link`), there is no IPC handler an app could
//! reach, and devtools are off.
//!
//! A child webview is a native window above egui's surface: egui cannot paint over it or clip
//! it. So the webview covers only the visible part of the app's rectangle (its intersection
//! with the scroll area's clip rectangle), and the host page shifts the app inside it by the
//! part cut off (`window.mcpappViewport`, ours, out of the app's reach: the app runs two
//! cross-origin frames below). A view scrolled wholly out of sight is hidden, and a view not
//! placed in a frame (its thread switched, its app no longer drawn) is hidden in the next.
//!
//! With [`Webviews::keep_warm`], one hidden webview holds a warm bridge's page (host page,
//! sandbox proxy and WebSocket up, no app yet): the next HTML app goes straight into it.

mod focus;

use std::collections::BTreeMap;

use egui::Rect;
use mcpapp_host::InstanceId;

use self::focus::{Focus, Leave};
use crate::{EguiHostError, HostHandle, HostedApp};
use wry::dpi::{PhysicalPosition, PhysicalSize};
use wry::raw_window_handle::HasWindowHandle;

/// The webviews of one window. Create it on the GUI thread (in eframe, in the app's creation
/// closure), call [`Webviews::begin_frame`] once per frame before drawing apps, and give it to
/// each [`crate::AppView`] with [`crate::AppView::in_window`].
pub struct Webviews {
    views: BTreeMap<InstanceId, Placed>,
    /// Warm pages loaded ahead of time, no app's yet (at most one waits; one just taken by an
    /// app waits here until the GUI knows that app).
    spares: Vec<Spare>,
    /// The pass in which views were last placed, and the previous one.
    pass: u64,
    /// The embedder's window (an X11 window id where there is one), to give the keyboard back
    /// to.
    parent: Option<u32>,
}

impl std::fmt::Debug for Webviews {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Webviews")
            .field("views", &self.views.keys().collect::<Vec<_>>())
            .finish_non_exhaustive()
    }
}

/// A hidden webview showing a warm bridge's page.
struct Spare {
    webview: wry::WebView,
    url: String,
}

/// Where the app sits inside its webview: the offset of the app's whole rectangle from the
/// webview's (≤ 0 when clipped) and its whole size, in physical pixels.
type Viewport = (i32, i32, u32, u32);

struct Placed {
    webview: wry::WebView,
    /// The page it shows: an app recreated under the same instance (a thread switched back)
    /// comes with a new bridge, and gets a new webview.
    url: String,
    /// The pass in which it was last placed.
    pass: u64,
    visible: bool,
    bounds: Option<(PhysicalPosition<i32>, PhysicalSize<u32>)>,
    /// The viewport last given to the host page.
    viewport: Option<Viewport>,
    /// Who has the keyboard, and the egui widget that stands for the app in egui's focus
    /// order.
    focus: Focus,
    focus_id: Option<egui::Id>,
    /// Whether its page was loaded ahead of time, before the app was known.
    ahead: bool,
}

impl Placed {
    fn new(webview: wry::WebView, url: String, ahead: bool) -> Self {
        let focus = Focus::watch(&webview);
        Self {
            ahead,
            webview,
            url,
            pass: 0,
            // Every webview is made shown (see `build`).
            visible: true,
            bounds: None,
            viewport: None,
            focus,
            focus_id: None,
        }
    }
}

impl Webviews {
    /// Prepares child webviews for this process. On Linux this initializes GTK (once; WebKitGTK
    /// needs it) and needs an X11 display: wry's child webviews are X11 windows.
    pub fn new() -> Result<Self, EguiHostError> {
        platform::init()?;
        Ok(Self {
            views: BTreeMap::new(),
            spares: Vec::new(),
            pass: 0,
            parent: None,
        })
    }

    /// Starts a frame: runs the webviews' own event loop (GTK on Linux) and hides the views no
    /// [`crate::AppView`] placed in the last frame. While any view exists, asks egui for the
    /// next frame soon, so the webviews keep getting their events.
    ///
    /// It also moves the keyboard between egui and the webviews: a click into an app gives
    /// it the keyboard (and egui's focus to the app's place in egui's order), a press
    /// anywhere in egui takes it back, and Tab or Shift+Tab past either end of an app moves
    /// egui's focus on from the app.
    pub fn begin_frame(&mut self, ctx: &egui::Context) {
        platform::pump();
        let last = self.pass;
        self.pass = ctx.cumulative_pass_nr();
        let pressed_in_egui = ctx.input(|i| i.pointer.any_pressed());
        if pressed_in_egui && !self.views.is_empty() {
            focus::pressed_in_egui(self.parent);
        }
        for placed in self.views.values_mut() {
            if placed.pass < last && placed.visible {
                placed.visible = false;
                let _ = placed.webview.set_visible(false);
                placed.focus.take_back(&placed.webview, self.parent);
            }
            if placed.focus.was_clicked() {
                if let Some(id) = placed.focus_id {
                    ctx.memory_mut(|m| m.request_focus(id));
                }
            } else if pressed_in_egui {
                placed.focus.take_back(&placed.webview, self.parent);
            }
            if let Some(leave) = placed.focus.left(&placed.webview) {
                placed.focus.take_back(&placed.webview, self.parent);
                let direction = match leave {
                    Leave::Forward => egui::FocusDirection::Next,
                    Leave::Backward => egui::FocusDirection::Previous,
                };
                ctx.memory_mut(|m| m.move_focus(direction));
            }
        }
        if !self.views.is_empty() {
            ctx.request_repaint_after(std::time::Duration::from_millis(16));
        }
    }

    /// Gives the keyboard to the app of `instance`, at its start (`forward`, as Tab does) or
    /// its end (Shift+Tab); nothing when it has no webview or holds the keyboard already.
    pub(crate) fn give_focus(&mut self, instance: InstanceId, forward: bool) {
        if let Some(placed) = self.views.get_mut(&instance)
            && !placed.focus.held
            && placed.visible
        {
            placed.focus.give(&placed.webview, forward);
        }
    }

    /// Whether the app of `instance` holds the keyboard.
    #[must_use]
    pub fn has_focus(&self, instance: InstanceId) -> bool {
        self.views
            .get(&instance)
            .is_some_and(|placed| placed.focus.held)
    }

    /// Whether the webview of `instance` got its page ahead of time ([`Self::keep_warm`]), so
    /// the app went straight into a page already up.
    #[must_use]
    pub fn loaded_ahead(&self, instance: InstanceId) -> bool {
        self.views.get(&instance).is_some_and(|placed| placed.ahead)
    }

    /// Whether `instance` has a webview.
    #[must_use]
    pub fn contains(&self, instance: InstanceId) -> bool {
        self.views.contains_key(&instance)
    }

    /// Keeps the webview of `instance` where it is this frame, as if placed there again: for a
    /// frame that only measures its content (an egui window's first, sizing pass), whose
    /// rectangle is not where the app will be. Hiding and showing a child webview around such
    /// a frame left WebKitGTK's surface black until something redrew the page.
    pub(crate) fn keep(&mut self, instance: InstanceId, ctx: &egui::Context) {
        if let Some(placed) = self.views.get_mut(&instance) {
            placed.pass = ctx.cumulative_pass_nr();
        }
    }

    /// Destroys the webview of `instance` (its app closed); its bridge session ends with it.
    pub fn remove(&mut self, instance: InstanceId) {
        self.views.remove(&instance);
    }

    /// Keeps a warm page loaded in a hidden webview of `parent`, so that the next HTML app
    /// appears without waiting for its page (see [`HostHandle::keep_html_warm`]), and forgets
    /// the webviews of apps that are gone. Call it once per frame after [`HostHandle::poll`];
    /// without it, each app's page loads when its view is first drawn.
    ///
    /// # Errors
    ///
    /// When the warm page's webview cannot be made (the apps still show, loaded when drawn).
    pub fn keep_warm(
        &mut self,
        handle: &mut HostHandle,
        parent: &dyn HasWindowHandle,
    ) -> Result<(), String> {
        handle.keep_html_warm();
        let warm = handle.warm_page().map(|page| page.url.clone());
        for spare in std::mem::take(&mut self.spares) {
            // A warm page an app has taken becomes that app's webview.
            let taken = handle
                .apps()
                .find(|app| !app.is_closed() && app.html_url() == Some(spare.url.as_str()))
                .map(HostedApp::instance);
            if let Some(instance) = taken {
                self.views
                    .entry(instance)
                    .or_insert_with(|| Placed::new(spare.webview, spare.url, true));
            } else if warm.as_deref() == Some(spare.url.as_str()) {
                self.spares.push(spare);
            }
            // Otherwise its bridge is gone: dropping the webview ends the page.
        }
        self.views
            .retain(|instance, _| handle.app(*instance).is_some_and(|app| !app.is_closed()));
        let Some(url) = warm else { return Ok(()) };
        let loaded = self.spares.iter().any(|spare| spare.url == url)
            || self.views.values().any(|placed| placed.url == url);
        if !loaded {
            let allowed = handle
                .warm_page()
                .map(|page| vec![origin_of(&page.url), page.proxy_origin.clone()])
                .unwrap_or_default();
            // Shown, but far outside the window (a child window is clipped to its parent):
            // a webview made hidden can come up mapped at GTK's default size on top of egui.
            let away = (
                PhysicalPosition::new(-20_000, -20_000),
                PhysicalSize::new(1, 1),
            );
            let webview = build(parent, &url, allowed, away)?;
            self.spares.push(Spare { webview, url });
        }
        Ok(())
    }

    /// Shows the page `url` of `instance` on the visible part of `rect` (egui points), creating
    /// the webview the first time as a child of `parent` (or taking the warm page showing that
    /// address). `allowed` are the origins the webview may navigate to (the bridge's host and
    /// proxy pages).
    pub(crate) fn place(
        &mut self,
        request: &Placement<'_>,
        ctx: &egui::Context,
    ) -> Result<(), String> {
        self.parent = self.parent.or_else(|| platform::window_id(request.parent));
        let pixels = ctx.pixels_per_point();
        let shown = request.rect.intersect(request.clip);
        let visible = request.visible && shown.width() >= 1.0 && shown.height() >= 1.0;
        let whole = physical(request.rect, pixels);
        let bounds = if visible {
            physical(shown, pixels)
        } else {
            whole
        };
        let viewport = (
            whole.0.x - bounds.0.x,
            whole.0.y - bounds.0.y,
            whole.1.width,
            whole.1.height,
        );
        let pass = ctx.cumulative_pass_nr();
        let current = self
            .views
            .get(&request.instance)
            .is_some_and(|placed| placed.url == request.url);
        if !current {
            // Dropping the old webview (if any) ends its page first.
            self.views.remove(&request.instance);
            let (webview, ahead) = match self.spares.iter().position(|s| s.url == request.url) {
                Some(index) => (self.spares.swap_remove(index).webview, true),
                None => (
                    build(request.parent, request.url, request.allowed.clone(), bounds)?,
                    false,
                ),
            };
            self.views.insert(
                request.instance,
                Placed::new(webview, request.url.to_owned(), ahead),
            );
        }
        let Some(placed) = self.views.get_mut(&request.instance) else {
            return Ok(());
        };
        placed.pass = pass;
        placed.focus_id = Some(request.focus_id);
        if placed.bounds != Some(bounds) {
            placed.bounds = Some(bounds);
            placed
                .webview
                .set_bounds(wry_rect(bounds))
                .map_err(|e| e.to_string())?;
        }
        if placed.viewport != Some(viewport) {
            placed.viewport = Some(viewport);
            let (x, y, width, height) = viewport;
            // The host page may not have run its script yet: the call waits for it there.
            placed
                .webview
                .evaluate_script(&format!(
                    "window.mcpappViewport && window.mcpappViewport({x}, {y}, {width}, {height})"
                ))
                .map_err(|e| e.to_string())?;
        }
        if placed.visible != visible {
            placed.visible = visible;
            if !visible {
                placed.focus.take_back(&placed.webview, self.parent);
            }
            placed
                .webview
                .set_visible(visible)
                .map_err(|e| e.to_string())?;
        }
        Ok(())
    }
}

/// Where and what one app's webview shows this frame.
pub(crate) struct Placement<'a> {
    pub(crate) parent: &'a dyn HasWindowHandle,
    pub(crate) instance: InstanceId,
    pub(crate) url: &'a str,
    pub(crate) allowed: Vec<String>,
    /// The app's whole rectangle.
    pub(crate) rect: Rect,
    /// The part of the window the `Ui` may paint in (the scroll area's clip rectangle).
    pub(crate) clip: Rect,
    /// Whether the `Ui` is shown at all.
    pub(crate) visible: bool,
    /// The egui widget that stands for the app in egui's focus order.
    pub(crate) focus_id: egui::Id,
}

fn physical(rect: Rect, pixels_per_point: f32) -> (PhysicalPosition<i32>, PhysicalSize<u32>) {
    #[expect(
        clippy::cast_possible_truncation,
        reason = "window coordinates, rounded and clamped to what a window can have"
    )]
    let round = |v: f32| (v * pixels_per_point).round().clamp(-1.0e6, 1.0e6) as i32;
    let position = PhysicalPosition::new(round(rect.min.x), round(rect.min.y));
    let width = u32::try_from(round(rect.width()).max(1)).unwrap_or(1);
    let height = u32::try_from(round(rect.height()).max(1)).unwrap_or(1);
    (position, PhysicalSize::new(width, height))
}

fn wry_rect((position, size): (PhysicalPosition<i32>, PhysicalSize<u32>)) -> wry::Rect {
    wry::Rect {
        position: position.into(),
        size: size.into(),
    }
}

/// The embedder's window, sized for wry (which takes a `Sized` window).
struct Parent<'a>(&'a dyn HasWindowHandle);

impl HasWindowHandle for Parent<'_> {
    fn window_handle(
        &self,
    ) -> Result<wry::raw_window_handle::WindowHandle<'_>, wry::raw_window_handle::HandleError> {
        self.0.window_handle()
    }
}

/// A child webview of `parent` that shows `url` and nothing else, shown at `bounds` (hidden
/// later when it must be: a webview made hidden can come up mapped at GTK's default size).
fn build(
    parent: &dyn HasWindowHandle,
    url: &str,
    allowed: Vec<String>,
    bounds: (PhysicalPosition<i32>, PhysicalSize<u32>),
) -> Result<wry::WebView, String> {
    wry::WebViewBuilder::new()
        .with_url(url)
        .with_bounds(wry_rect(bounds))
        .with_visible(true)
        .with_devtools(false)
        .with_clipboard(false)
        // Frames load `about:srcdoc` (the app) and the bridge's two origins; nothing else
        // ever becomes a document in this webview.
        .with_navigation_handler(move |url| navigation_allowed(&url, &allowed))
        .with_new_window_req_handler(|_, _| wry::NewWindowResponse::Deny)
        .build_as_child(&Parent(parent))
        .map_err(|e| format!("cannot create a webview: {e}"))
}

/// Whether a document may load `url`: one of the bridge's origins (exactly, up to the path),
/// or the app's own `about:srcdoc`.
fn navigation_allowed(url: &str, allowed: &[String]) -> bool {
    url == "about:srcdoc"
        || url == "about:blank"
        || allowed.iter().any(|origin| {
            url.strip_prefix(origin.as_str())
                .is_some_and(|rest| rest.is_empty() || rest.starts_with('/'))
        })
}

/// `scheme://host:port` of a URL (everything before its path).
pub(crate) fn origin_of(url: &str) -> String {
    let after_scheme = url.find("://").map_or(0, |i| i + 3);
    let end = url
        .get(after_scheme..)
        .and_then(|rest| rest.find(['/', '?', '#']))
        .map_or(url.len(), |i| after_scheme + i);
    url.get(..end).unwrap_or(url).to_owned()
}

#[cfg(target_os = "linux")]
mod platform {
    use wry::raw_window_handle::{HasWindowHandle, RawWindowHandle};

    use crate::EguiHostError;

    /// GTK, once, on this (the GUI) thread; X11 only (wry's child webviews are X11 windows).
    pub(super) fn init() -> Result<(), EguiHostError> {
        if std::env::var_os("DISPLAY").is_none() {
            return Err(EguiHostError::WebviewUnavailable(
                "no X11 display (a Wayland-only session); run under XWayland with DISPLAY set"
                    .to_owned(),
            ));
        }
        if gtk::is_initialized_main_thread() {
            return Ok(());
        }
        gtk::init()
            .map_err(|e| EguiHostError::WebviewUnavailable(format!("GTK did not start: {e}")))
    }

    /// The X11 window id of `window`.
    pub(super) fn window_id(window: &dyn HasWindowHandle) -> Option<u32> {
        match window.window_handle().ok()?.as_raw() {
            RawWindowHandle::Xlib(handle) => u32::try_from(handle.window).ok(),
            RawWindowHandle::Xcb(handle) => Some(handle.window.get()),
            _ => None,
        }
    }

    /// Runs what GTK has pending (WebKitGTK's input, drawing and network events), without
    /// waiting.
    pub(super) fn pump() {
        if gtk::is_initialized_main_thread() {
            while gtk::events_pending() {
                gtk::main_iteration_do(false);
            }
        }
    }
}

#[cfg(not(target_os = "linux"))]
mod platform {
    use wry::raw_window_handle::HasWindowHandle;

    use crate::EguiHostError;

    /// No window id is needed: the system moves focus back to the parent itself.
    pub(super) fn window_id(_window: &dyn HasWindowHandle) -> Option<u32> {
        None
    }

    /// Nothing to start: the system webview runs on the window's own event loop.
    #[expect(clippy::unnecessary_wraps, reason = "the Linux version can fail")]
    pub(super) fn init() -> Result<(), EguiHostError> {
        Ok(())
    }

    /// Nothing to pump: the window's event loop delivers the webview's events.
    pub(super) fn pump() {}
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn only_the_bridges_pages_and_the_app_document_may_load() {
        let allowed = vec![
            "http://127.0.0.1:4000".to_owned(),
            "http://127.0.0.1:4001".to_owned(),
        ];
        for url in [
            "http://127.0.0.1:4000/host?token=abc",
            "http://127.0.0.1:4001/proxy",
            "about:srcdoc",
        ] {
            assert!(navigation_allowed(url, &allowed), "{url}");
        }
        for url in [
            "http://127.0.0.1:40001/host",
            "http://127.0.0.1:4000.evil.com/",
            "https://example.com/",
            "data:text/html,x",
            "file:///etc/passwd",
        ] {
            assert!(!navigation_allowed(url, &allowed), "{url}");
        }
    }

    #[test]
    fn rectangles_become_physical_pixels() {
        let rect = Rect::from_min_size(egui::pos2(10.5, 20.0), egui::vec2(300.0, 0.2));
        let (position, size) = physical(rect, 2.0);
        assert_eq!((position.x, position.y), (21, 40));
        assert_eq!((size.width, size.height), (600, 1));
    }
}
