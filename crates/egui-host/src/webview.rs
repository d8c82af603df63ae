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
//! A child webview is a native window above egui's surface: it cannot be partly covered or
//! clipped by egui. So a view is shown only while its whole rectangle is inside the visible
//! part of the `Ui` (the scroll area's clip rectangle) and hidden otherwise (the `AppView`
//! draws its frame there instead), and a view not placed in a frame (scrolled away, its thread
//! switched, its app no longer drawn) is hidden in the next.

use std::collections::BTreeMap;

use egui::Rect;
use mcpapp_host::InstanceId;
use wry::dpi::{PhysicalPosition, PhysicalSize};
use wry::raw_window_handle::HasWindowHandle;

/// Why HTML apps cannot be shown inside the window here (the embedder falls back to a
/// browser window and says why in one line).
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("HTML apps cannot be shown inside the window: {0}")]
pub struct WebviewUnavailable(pub String);

/// The webviews of one window. Create it on the GUI thread (in eframe, in the app's creation
/// closure), call [`Webviews::begin_frame`] once per frame before drawing apps, and give it to
/// each [`crate::AppView`] with [`crate::AppView::in_window`].
pub struct Webviews {
    views: BTreeMap<InstanceId, Placed>,
    /// The pass in which views were last placed, and the previous one.
    pass: u64,
}

impl std::fmt::Debug for Webviews {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Webviews")
            .field("views", &self.views.keys().collect::<Vec<_>>())
            .finish_non_exhaustive()
    }
}

struct Placed {
    webview: wry::WebView,
    /// The page it shows: an app recreated under the same instance (a thread switched back)
    /// comes with a new bridge, and gets a new webview.
    url: String,
    /// The pass in which it was last placed.
    pass: u64,
    visible: bool,
    bounds: Option<(PhysicalPosition<i32>, PhysicalSize<u32>)>,
}

impl Webviews {
    /// Prepares child webviews for this process. On Linux this initializes GTK (once; WebKitGTK
    /// needs it) and needs an X11 display: wry's child webviews are X11 windows.
    pub fn new() -> Result<Self, WebviewUnavailable> {
        platform::init()?;
        Ok(Self {
            views: BTreeMap::new(),
            pass: 0,
        })
    }

    /// Starts a frame: runs the webviews' own event loop (GTK on Linux) and hides the views no
    /// [`crate::AppView`] placed in the last frame. While any view exists, asks egui for the
    /// next frame soon, so the webviews keep getting their events.
    pub fn begin_frame(&mut self, ctx: &egui::Context) {
        platform::pump();
        let last = self.pass;
        self.pass = ctx.cumulative_pass_nr();
        for placed in self.views.values_mut() {
            if placed.pass < last && placed.visible {
                placed.visible = false;
                let _ = placed.webview.set_visible(false);
            }
        }
        if !self.views.is_empty() {
            ctx.request_repaint_after(std::time::Duration::from_millis(16));
        }
    }

    /// Whether `instance` has a webview.
    #[must_use]
    pub fn contains(&self, instance: InstanceId) -> bool {
        self.views.contains_key(&instance)
    }

    /// Destroys the webview of `instance` (its app closed); its bridge session ends with it.
    pub fn remove(&mut self, instance: InstanceId) {
        self.views.remove(&instance);
    }

    /// Shows the page `url` of `instance` at `rect` (egui points) when `visible`, creating the
    /// webview the first time as a child of `parent`. `allowed` are the origins the webview
    /// may navigate to (the bridge's host and proxy pages).
    pub(crate) fn place(
        &mut self,
        request: &Placement<'_>,
        ctx: &egui::Context,
    ) -> Result<(), String> {
        let pixels = ctx.pixels_per_point();
        let bounds = physical(request.rect, pixels);
        let pass = ctx.cumulative_pass_nr();
        let current = self
            .views
            .get(&request.instance)
            .is_some_and(|placed| placed.url == request.url);
        if !current {
            // Dropping the old webview (if any) ends its page first.
            self.views.remove(&request.instance);
            let webview = build(request, bounds)?;
            self.views.insert(
                request.instance,
                Placed {
                    webview,
                    url: request.url.to_owned(),
                    pass,
                    visible: request.visible,
                    bounds: Some(bounds),
                },
            );
            return Ok(());
        }
        let Some(placed) = self.views.get_mut(&request.instance) else {
            return Ok(());
        };
        placed.pass = pass;
        if placed.bounds != Some(bounds) {
            placed.bounds = Some(bounds);
            placed
                .webview
                .set_bounds(wry_rect(bounds))
                .map_err(|e| e.to_string())?;
        }
        if placed.visible != request.visible {
            placed.visible = request.visible;
            placed
                .webview
                .set_visible(request.visible)
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
    pub(crate) rect: Rect,
    pub(crate) visible: bool,
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

/// A child webview that shows `url` and nothing else.
fn build(
    request: &Placement<'_>,
    bounds: (PhysicalPosition<i32>, PhysicalSize<u32>),
) -> Result<wry::WebView, String> {
    let allowed = request.allowed.clone();
    wry::WebViewBuilder::new()
        .with_url(request.url)
        .with_bounds(wry_rect(bounds))
        .with_visible(request.visible)
        .with_devtools(false)
        .with_clipboard(false)
        // Frames load `about:srcdoc` (the app) and the bridge's two origins; nothing else
        // ever becomes a document in this webview.
        .with_navigation_handler(move |url| navigation_allowed(&url, &allowed))
        .with_new_window_req_handler(|_, _| wry::NewWindowResponse::Deny)
        .build_as_child(&Parent(request.parent))
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

#[cfg(target_os = "linux")]
mod platform {
    use super::WebviewUnavailable;

    /// GTK, once, on this (the GUI) thread; X11 only (wry's child webviews are X11 windows).
    pub(super) fn init() -> Result<(), WebviewUnavailable> {
        if std::env::var_os("DISPLAY").is_none() {
            return Err(WebviewUnavailable(
                "no X11 display (a Wayland-only session); run under XWayland with DISPLAY set"
                    .to_owned(),
            ));
        }
        if gtk::is_initialized_main_thread() {
            return Ok(());
        }
        gtk::init().map_err(|e| WebviewUnavailable(format!("GTK did not start: {e}")))
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
    use super::WebviewUnavailable;

    /// Nothing to start: the system webview runs on the window's own event loop.
    #[expect(clippy::unnecessary_wraps, reason = "the Linux version can fail")]
    pub(super) fn init() -> Result<(), WebviewUnavailable> {
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
