//! HTML apps on the worker: the warm bridge kept for the next app, an app shown by the
//! presenter, and the windows the user closed.

use mcpapp_host::InstanceId;
use mcpapp_html::{LocalBridge, Presenter};

use super::{Update, Worker};
use crate::{EguiHostError, HostUpdate, ShowHtmlIn, WarmPage};

impl Worker {
    /// Starts a warm bridge when none waits: shown in a headless tab at once when apps are
    /// shown headless (always kept warm), else handed to the GUI's webview when it asked for
    /// one ([`HostHandle::keep_html_warm`](crate::HostHandle::keep_html_warm)).
    pub(super) async fn warm_up(&mut self) {
        let headless = matches!(self.show_html_in, ShowHtmlIn::Headless);
        if !(self.keep_warm || headless) || self.spare.is_some() {
            return;
        }
        let bridge = match LocalBridge::warm(self.bridge.clone()).await {
            Ok(bridge) => bridge,
            // A cold start still works; the next app will try again.
            Err(e) => {
                tracing::warn!("no warm HTML page: {e}");
                return;
            }
        };
        if headless {
            match self.headless_browser().await {
                Ok(browser) => match browser.present_behind(&bridge.url()).await {
                    Ok(shown) => self.spare_shown = Some(shown),
                    Err(e) => {
                        tracing::warn!("no warm HTML page: {e}");
                        return;
                    }
                },
                Err(e) => {
                    tracing::warn!("no warm HTML page: {e}");
                    return;
                }
            }
        } else {
            self.send(Update::Warm(WarmPage {
                url: bridge.url(),
                proxy_origin: bridge.proxy_origin().to_owned(),
            }));
        }
        self.spare = Some(bridge);
    }

    /// Shows an HTML app with the presenter (once: the bridge takes one session).
    pub(super) async fn present(&mut self, instance: InstanceId) {
        if self.presentations.contains_key(&instance) {
            self.tell(HostUpdate::Presented {
                instance,
                result: Ok(()),
            });
            return;
        }
        let Some(url) = self.html.get(&instance).cloned() else {
            self.tell(HostUpdate::Presented {
                instance,
                result: Err(EguiHostError::Browser(
                    "the app is not an open HTML app".to_owned(),
                )),
            });
            return;
        };
        let presented = match &self.show_html_in {
            ShowHtmlIn::Custom(presenter) => presenter.present(&url).await,
            ShowHtmlIn::Desktop => {
                mcpapp_html::presenter::desktop_presenter()
                    .present(&url)
                    .await
            }
            ShowHtmlIn::Headless => match self.headless_browser().await {
                Ok(browser) => browser.present(&url).await,
                Err(error) => {
                    self.tell(HostUpdate::Presented {
                        instance,
                        result: Err(EguiHostError::Browser(error)),
                    });
                    return;
                }
            },
        };
        let result = match presented {
            Ok(presentation) => {
                self.presentations.insert(instance, presentation);
                Ok(())
            }
            Err(e) => Err(EguiHostError::Browser(format!(
                "{e}; open this address in a browser yourself: {url}"
            ))),
        };
        self.tell(HostUpdate::Presented { instance, result });
    }

    /// Windows of our own that the user closed since the last look.
    pub(super) fn watch_windows(&mut self) {
        let mut closed = Vec::new();
        for (instance, presentation) in &mut self.presentations {
            if !presentation.is_detached() && !presentation.is_open() {
                closed.push(*instance);
            }
        }
        for instance in closed {
            self.presentations.remove(&instance);
            self.tell(HostUpdate::PresentationClosed { instance });
        }
    }
}
