//! HTML apps shown headless (scripts, tests, CI): the browser, launched on first use, and what
//! the embedder can ask of an app in it: a screenshot, an expression evaluated in its frame.

use std::time::Duration;

use mcpapp_host::InstanceId;
use mcpapp_html::{HeadlessChromium, Presentation};
use serde_json::Value;

use super::Worker;

/// The URL of an app's own frame inside the host page (its HTML is the frame's `srcdoc`).
const APP_FRAME: &str = "about:srcdoc";

impl Worker {
    /// The headless browser, launched on first use.
    pub(super) async fn headless_browser(&mut self) -> Result<&HeadlessChromium, String> {
        if self.headless.is_none() {
            let browser = HeadlessChromium::launch()
                .await
                .map_err(|e| format!("headless Chromium: {e}"))?;
            self.headless = Some(browser);
        }
        self.headless
            .as_ref()
            .ok_or_else(|| "headless Chromium is gone".to_owned())
    }

    /// The headless tab `instance` is shown in.
    fn tab(&self, instance: InstanceId) -> Result<&mcpapp_html::Tab, String> {
        self.presentations
            .get(&instance)
            .and_then(Presentation::tab)
            .ok_or_else(|| "the app is not shown in a headless tab".to_owned())
    }

    /// A PNG of an HTML app in a headless tab, `height` CSS pixels tall when given.
    pub(super) async fn screenshot(
        &self,
        instance: InstanceId,
        height: Option<f64>,
    ) -> Result<Vec<u8>, String> {
        let tab = self.tab(instance)?;
        if let Some(height) = height.filter(|h| h.is_finite() && *h > 0.0) {
            // As tall as the app says it is (within reason), then a moment to lay out.
            #[expect(
                clippy::cast_possible_truncation,
                clippy::cast_sign_loss,
                reason = "clamped to 100..=4000 first"
            )]
            let height = height.ceil().clamp(100.0, 4000.0) as u32;
            tab.set_viewport(800, height)
                .await
                .map_err(|e| e.to_string())?;
            tokio::time::sleep(Duration::from_millis(300)).await;
        }
        tab.screenshot().await.map_err(|e| e.to_string())
    }

    /// Evaluates `expression` in the frame of the HTML app `instance` shown headless, under the
    /// app's own rules: its value as JSON, or what it threw.
    pub(super) async fn evaluate(
        &self,
        instance: InstanceId,
        expression: &str,
    ) -> Result<Value, String> {
        let frames = self
            .tab(instance)?
            .evaluate_in(APP_FRAME, expression)
            .await
            .map_err(|e| e.to_string())?;
        frames
            .into_iter()
            .next()
            .ok_or_else(|| "the app's frame is not loaded yet".to_owned())?
            .value
    }
}
