//! Headless Chromium for tests and benchmarks: one browser, many tabs, evaluation in every
//! frame of a tab (the sandboxed app frame included).

use std::path::Path;
use std::process::Stdio;
use std::sync::Arc;
use std::time::{Duration, Instant};

use base64::Engine as _;
use serde_json::{Value, json};
use tempfile::TempDir;

use super::cdp::{Cdp, auto_attach};
use super::pipe;
use super::{find_chromium, running_as_root};
use crate::HtmlError;

/// How long Chromium may take to start and answer on its devtools pipe.
const LAUNCH_TIMEOUT: Duration = Duration::from_secs(30);

/// How long [`HeadlessChromium::open`] waits for the navigated page's first script context.
const NAVIGATION_CONTEXT_WAIT: Duration = Duration::from_secs(5);

/// How long an expression may take in one frame before that frame is left out.
const EVALUATE_TIMEOUT: Duration = Duration::from_secs(5);

/// A headless Chromium driven over the devtools protocol, with a fresh profile that is removed
/// when it goes. Launch once, open many tabs.
///
/// It is driven over `--remote-debugging-pipe`, never a devtools port: a port would let any
/// local user drive the browser (and every app in it) without a password. Page addresses,
/// with their session tokens, go over the pipe too, never on the command line. Unix only.
///
/// `--no-sandbox` is passed only when the process runs as root (Chromium refuses to start as
/// root otherwise); this presenter is for tests and CI, never for showing apps to a person.
pub struct HeadlessChromium {
    cdp: Arc<Cdp>,
    child: tokio::process::Child,
    _profile: TempDir,
}

impl std::fmt::Debug for HeadlessChromium {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("HeadlessChromium")
            .field("pid", &self.child.id())
            .finish_non_exhaustive()
    }
}

/// What an expression gave in one frame of a tab.
#[derive(Debug, Clone, PartialEq)]
pub struct FrameValue {
    /// The frame's URL (`about:srcdoc` for the app frame).
    pub url: String,
    /// The value (as JSON), or the text of what the expression threw.
    pub value: Result<Value, String>,
}

impl FrameValue {
    /// Whether the value is JavaScript-truthy (an exception is not).
    #[must_use]
    pub fn is_truthy(&self) -> bool {
        match &self.value {
            Ok(Value::Null | Value::Bool(false)) | Err(_) => false,
            Ok(Value::Number(n)) => n.as_f64().is_some_and(|n| n != 0.0 && !n.is_nan()),
            Ok(Value::String(s)) => !s.is_empty(),
            Ok(_) => true,
        }
    }
}

/// What kind of error a frame logged.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ConsoleKind {
    /// `console.error` (or a failed `console.assert`) in the page's code.
    ConsoleError,
    /// An exception nobody caught.
    Exception,
    /// The browser refused something the frame's Content Security Policy does not allow.
    CspViolation,
    /// Another error the browser logged for the frame (a failed load, say).
    BrowserError,
}

/// An error a frame of a tab logged, as the devtools protocol reported it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ConsoleEntry {
    /// What kind of error.
    pub kind: ConsoleKind,
    /// Its text (at most 2 KiB).
    pub text: String,
    /// The script or resource it is about, when known.
    pub url: String,
    /// The URL of the frame target that logged it when it was attached (`about:srcdoc` for a
    /// sandboxed app frame running in a process of its own), empty for the tab's own page.
    pub frame_url: String,
}

/// One tab of a [`HeadlessChromium`]. Closing it (or dropping it) closes the page.
pub struct Tab {
    cdp: Arc<Cdp>,
    target_id: String,
    session_id: String,
}

impl std::fmt::Debug for Tab {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Tab")
            .field("target_id", &self.target_id)
            .finish_non_exhaustive()
    }
}

impl HeadlessChromium {
    /// Starts Chromium (found by [`find_chromium`]) headless with a fresh temporary profile and
    /// connects to it.
    pub async fn launch() -> Result<Self, HtmlError> {
        let binary = find_chromium().ok_or(HtmlError::ChromiumNotFound)?;
        Self::launch_with(&binary).await
    }

    /// Like [`Self::launch`] with a given Chromium executable.
    pub async fn launch_with(binary: &Path) -> Result<Self, HtmlError> {
        let profile = tempfile::Builder::new()
            .prefix("mcpapp-chromium-")
            .tempdir()
            .map_err(|e| HtmlError::io("creating a Chromium profile directory", e))?;
        let mut command = tokio::process::Command::new(binary);
        command
            .arg("--headless")
            .arg("--remote-debugging-pipe")
            .arg(format!("--user-data-dir={}", profile.path().display()))
            .args([
                "--disable-gpu",
                "--no-first-run",
                "--no-default-browser-check",
                "--disable-background-networking",
                "--disable-component-update",
                "--disable-sync",
                "--disable-quic",
            ]);
        if running_as_root() {
            // Chromium will not start as root with its own sandbox; tests only.
            command.arg("--no-sandbox");
        }
        command
            .arg("about:blank")
            .stdin(Stdio::null())
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .kill_on_drop(true);
        let (mut child, cdp) = pipe::spawn(command, binary)?;
        // The first answer says the browser is up; an exit or silence says it is not.
        let version = tokio::time::timeout(
            LAUNCH_TIMEOUT,
            cdp.call(None, "Browser.getVersion", json!({})),
        )
        .await;
        match version {
            Ok(Ok(_)) => {}
            Ok(Err(error)) => {
                let status = child.try_wait().ok().flatten();
                return Err(match status {
                    Some(status) => HtmlError::Cdp(format!("Chromium exited at start ({status})")),
                    None => error,
                });
            }
            Err(_) => {
                return Err(HtmlError::Timeout(
                    "Chromium's first answer on its devtools pipe".to_owned(),
                ));
            }
        }
        Ok(Self {
            cdp: Arc::new(cdp),
            child,
            _profile: profile,
        })
    }

    /// The browser's process id (while it runs).
    #[must_use]
    pub fn pid(&self) -> Option<u32> {
        self.child.id()
    }

    /// Opens `url` in a new tab. The tab's frames (out-of-process ones included) are attached
    /// before the page starts loading, so every frame can be evaluated in.
    pub async fn open(&self, url: &str) -> Result<Tab, HtmlError> {
        self.open_tab(url, false).await
    }

    /// [`Self::open`] in a tab behind the one in front, which stays in front: for a warm page
    /// opened while an app runs (a tab behind draws no frames, so the app's must stay in
    /// front).
    pub async fn open_behind(&self, url: &str) -> Result<Tab, HtmlError> {
        self.open_tab(url, true).await
    }

    async fn open_tab(&self, url: &str, behind: bool) -> Result<Tab, HtmlError> {
        let created = self
            .cdp
            .call(
                None,
                "Target.createTarget",
                json!({ "url": "about:blank", "background": behind }),
            )
            .await?;
        let target_id = str_field(&created, "targetId")?;
        let attached = self
            .cdp
            .call(
                None,
                "Target.attachToTarget",
                json!({ "targetId": target_id, "flatten": true }),
            )
            .await?;
        let session_id = str_field(&attached, "sessionId")?;
        self.cdp.add_session(&session_id, &target_id);
        let session = Some(session_id.as_str());
        self.cdp.call(session, "Runtime.enable", json!({})).await?;
        self.cdp.call(session, "Log.enable", json!({})).await?;
        self.cdp
            .call(session, "Target.setAutoAttach", auto_attach())
            .await?;
        let before = self.newest_context(&session_id);
        self.cdp
            .call(session, "Page.navigate", json!({ "url": url }))
            .await?;
        // The tab is handed out once the navigated document can be evaluated in: before, an
        // evaluation could run in the blank page being replaced (and its result be lost with
        // it). A page that never gets a context still opens, after a bounded wait.
        let deadline = Instant::now() + NAVIGATION_CONTEXT_WAIT;
        while self.newest_context(&session_id) <= before && Instant::now() < deadline {
            tokio::time::sleep(Duration::from_millis(10)).await;
        }
        Ok(Tab {
            cdp: Arc::clone(&self.cdp),
            target_id,
            session_id,
        })
    }

    /// The id of the newest execution context of the tab `session` (0 for none).
    fn newest_context(&self, session: &str) -> i64 {
        self.cdp
            .contexts_under(session)
            .iter()
            .filter(|c| c.session == session)
            .map(|c| c.id)
            .max()
            .unwrap_or(0)
    }

    /// Closes the browser and waits for it to exit (killing it after a few seconds).
    pub async fn close(mut self) {
        let _ = tokio::time::timeout(
            Duration::from_secs(3),
            self.cdp.call(None, "Browser.close", json!({})),
        )
        .await;
        if tokio::time::timeout(Duration::from_secs(5), self.child.wait())
            .await
            .is_err()
        {
            let _ = self.child.kill().await;
        }
    }
}

impl Tab {
    /// Evaluates `expression` (a JavaScript expression; a promise is awaited) in every frame of
    /// the tab, and returns each frame's URL with the value (as JSON) or what it threw.
    ///
    /// The expression runs in the frame's own page context, under the frame's own rules: in
    /// the app frame it sees what the app sees.
    pub async fn evaluate_in_frames(&self, expression: &str) -> Result<Vec<FrameValue>, HtmlError> {
        let wrapped = format!(
            "(async () => {{ const url = String(location.href); \
             try {{ const value = await ({expression}\n); \
             return {{ url, value: value === undefined ? null : value }}; }} \
             catch (e) {{ return {{ url, error: String((e && e.stack) || e) }}; }} }})()"
        );
        let mut values = Vec::new();
        for context in self.cdp.contexts_under(&self.session_id) {
            let reply = tokio::time::timeout(
                EVALUATE_TIMEOUT,
                self.cdp.call(
                    Some(&context.session),
                    "Runtime.evaluate",
                    json!({
                        "expression": wrapped,
                        "contextId": context.id,
                        "returnByValue": true,
                        "awaitPromise": true,
                    }),
                ),
            )
            .await;
            // A frame that went away (or hangs while it goes) is not part of the answer.
            let Ok(Ok(reply)) = reply else { continue };
            if let Some(details) = reply.get("exceptionDetails") {
                values.push(FrameValue {
                    url: String::new(),
                    value: Err(details.to_string()),
                });
                continue;
            }
            let result = reply.pointer("/result/value").cloned().unwrap_or_default();
            let url = result
                .get("url")
                .and_then(Value::as_str)
                .unwrap_or_default()
                .to_owned();
            let value = match result.get("error").and_then(Value::as_str) {
                Some(error) => Err(error.to_owned()),
                None => Ok(result.get("value").cloned().unwrap_or(Value::Null)),
            };
            values.push(FrameValue { url, value });
        }
        Ok(values)
    }

    /// Evaluates `expression` in every frame until one gives a truthy value, and returns it;
    /// [`HtmlError::Timeout`] after `timeout`.
    pub async fn wait_for(
        &self,
        expression: &str,
        timeout: Duration,
    ) -> Result<FrameValue, HtmlError> {
        let started = Instant::now();
        loop {
            if let Some(found) = self
                .evaluate_in_frames(expression)
                .await?
                .into_iter()
                .find(FrameValue::is_truthy)
            {
                return Ok(found);
            }
            if started.elapsed() > timeout {
                return Err(HtmlError::Timeout(format!("`{expression}` in some frame")));
            }
            tokio::time::sleep(Duration::from_millis(25)).await;
        }
    }

    /// Evaluates `expression` in the frames whose URL is `url` (`about:srcdoc` for the app).
    pub async fn evaluate_in(
        &self,
        url: &str,
        expression: &str,
    ) -> Result<Vec<FrameValue>, HtmlError> {
        Ok(self
            .evaluate_in_frames(expression)
            .await?
            .into_iter()
            .filter(|f| f.url == url)
            .collect())
    }

    /// Sets the size of the tab's viewport in CSS pixels (device scale 1, not mobile), as a
    /// window of that size would have; screenshots are then that size.
    pub async fn set_viewport(&self, width: u32, height: u32) -> Result<(), HtmlError> {
        self.cdp
            .call(
                Some(&self.session_id),
                "Emulation.setDeviceMetricsOverride",
                json!({
                    "width": width,
                    "height": height,
                    "deviceScaleFactor": 1,
                    "mobile": false,
                }),
            )
            .await
            .map(|_| ())
    }

    /// Makes this the tab in front. A tab behind another draws no frames and runs its
    /// animation frames late, so a warm tab opened behind the one in use is brought to the
    /// front when its app arrives.
    pub async fn bring_to_front(&self) -> Result<(), HtmlError> {
        self.cdp
            .call(Some(&self.session_id), "Page.bringToFront", json!({}))
            .await
            .map(|_| ())
    }

    /// A PNG of the tab's viewport as a person would see it: the host page with every frame
    /// composited into it, the out-of-process sandboxed app frame included. The tab is
    /// brought to the front first (one behind another draws nothing to capture).
    pub async fn screenshot(&self) -> Result<Vec<u8>, HtmlError> {
        self.bring_to_front().await?;
        let shot = self
            .cdp
            .call(
                Some(&self.session_id),
                "Page.captureScreenshot",
                json!({ "format": "png", "fromSurface": true }),
            )
            .await?;
        let data = str_field(&shot, "data")?;
        base64::engine::general_purpose::STANDARD
            .decode(data)
            .map_err(|e| HtmlError::Cdp(format!("the screenshot is not base64: {e}")))
    }

    /// Closes the tab and waits until the browser confirms.
    /// Bounded: a browser that does not answer within 3 s is not waited for.
    pub async fn close(self) -> Result<(), HtmlError> {
        let target = self.target_id.clone();
        tokio::time::timeout(
            Duration::from_secs(3),
            self.cdp
                .call(None, "Target.closeTarget", json!({ "targetId": target })),
        )
        .await
        .map_err(|_| HtmlError::Cdp("the browser did not close the tab in time".to_owned()))?
        .map(|_| ())
    }

    /// The errors the tab's frames logged so far, oldest first: `console.error`, uncaught
    /// exceptions, and the browser's error log (Content Security Policy violations, failed
    /// loads). At most 200 are kept, each cut to 2 KiB; they are gone once the tab is closed.
    #[must_use]
    pub fn console(&self) -> Vec<ConsoleEntry> {
        self.cdp.console_under(&self.session_id)
    }

    /// The devtools target id of the tab.
    #[must_use]
    pub fn target_id(&self) -> &str {
        &self.target_id
    }
}

impl Drop for Tab {
    fn drop(&mut self) {
        // Closing an already closed target is a harmless error reply nobody waits for.
        if self.cdp.target_of(&self.session_id).is_some() {
            self.cdp.send(
                None,
                "Target.closeTarget",
                &json!({ "targetId": self.target_id }),
            );
        }
    }
}

fn str_field(value: &Value, field: &str) -> Result<String, HtmlError> {
    value
        .get(field)
        .and_then(Value::as_str)
        .map(str::to_owned)
        .ok_or_else(|| HtmlError::Cdp(format!("the reply has no `{field}`: {value}")))
}
