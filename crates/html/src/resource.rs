//! An HTML MCP App as the bridge needs it: the document and the sandbox it asks for.

use base64::Engine as _;
use mcpapp_protocol::{
    HTML_MIME_TYPE, ReadResourceResult, ResourceContents, ResourceCsp, ResourcePermissions,
    ResourceUiMeta, SandboxCapability, mime_type_matches,
};
use serde_json::{Map, Value};

use crate::HtmlError;

/// An HTML MCP App: its HTML document and the `_meta.ui` settings the bridge applies.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct HtmlResource {
    /// The `ui://` URI it was read from (empty for a resource built in code).
    pub uri: String,
    /// The HTML document.
    pub html: String,
    /// The origins the app declared (`_meta.ui.csp`); `None` gets the restrictive default.
    pub csp: Option<ResourceCsp>,
    /// The browser permissions the app asked for (`_meta.ui.permissions`).
    pub permissions: Option<ResourcePermissions>,
    /// The dedicated origin the app asked for (`_meta.ui.domain`); the local bridge cannot
    /// grant one and keeps it for information only.
    pub domain: Option<String>,
    /// Whether the app wants the host to draw a border (`_meta.ui.prefersBorder`).
    pub prefers_border: Option<bool>,
}

impl HtmlResource {
    /// A resource made in code: this HTML, no declared origins, no permissions.
    #[must_use]
    pub fn new(html: impl Into<String>) -> Self {
        Self {
            html: html.into(),
            ..Self::default()
        }
    }

    /// The same resource with these declared origins.
    #[must_use]
    pub fn with_csp(mut self, csp: ResourceCsp) -> Self {
        self.csp = Some(csp);
        self
    }

    /// The same resource with these permissions.
    #[must_use]
    pub fn with_permissions(mut self, permissions: ResourcePermissions) -> Self {
        self.permissions = Some(permissions);
        self
    }

    /// The sandbox a bridge with these CSP options runs this app in, as the host tells the
    /// app (`hostCapabilities.sandbox`): the permissions granted (those this crate knows) and
    /// the origins its CSP allows (those the options let through).
    #[must_use]
    pub fn sandbox(&self, options: &crate::csp::CspOptions) -> SandboxCapability {
        SandboxCapability {
            permissions: self
                .permissions
                .as_ref()
                .map(crate::csp::sanitize_permissions),
            csp: Some(crate::csp::sanitize_csp_with(
                &self.csp.clone().unwrap_or_default(),
                options,
            )),
        }
    }

    /// What the app declared for its sandbox (CSP domains, permissions) that the host
    /// refuses with `options`, each with the reason: tell the user once, when the app opens.
    #[must_use]
    pub fn refusals(&self, options: &crate::csp::CspOptions) -> Vec<crate::csp::SandboxRefusal> {
        crate::csp::refusals(self.csp.as_ref(), self.permissions.as_ref(), options)
    }

    /// Reads the app from a `resources/read` result.
    ///
    /// The first content item with the mime type `text/html;profile=mcp-app` is the app; its
    /// body is `text`, or `blob` decoded from base64 as UTF-8. Its `_meta.ui` (or the legacy
    /// `meta.ui` some servers write) gives CSP, permissions, domain and border.
    pub fn from_read_result(read: &ReadResourceResult) -> Result<Self, HtmlError> {
        Self::from_read_result_with_listing(read, None)
    }

    /// [`Self::from_read_result`] for a result that is still JSON (`{contents: [...]}`), with
    /// an error that says what does not fit.
    pub fn from_json(result: &Value) -> Result<Self, HtmlError> {
        if result.get("contents").is_none_or(Value::is_null) {
            return Err(HtmlError::NoContents);
        }
        let read: ReadResourceResult = serde_json::from_value(result.clone())
            .map_err(|e| HtmlError::MalformedReadResult(e.to_string()))?;
        Self::from_read_result(&read)
    }

    /// Like [`Self::from_read_result`], with the `_meta` of the resource's `resources/list`
    /// entry as a fallback: the spec says the content item's `_meta.ui` wins, and hosts must
    /// look at both.
    pub fn from_read_result_with_listing(
        read: &ReadResourceResult,
        listing_meta: Option<&Map<String, Value>>,
    ) -> Result<Self, HtmlError> {
        if read.contents.is_empty() {
            return Err(HtmlError::NoContents);
        }
        let Some(item) = read.contents.iter().find(|item| {
            item.mime_type
                .as_deref()
                .is_some_and(|mime| mime_type_matches(mime, HTML_MIME_TYPE))
        }) else {
            let found = read
                .contents
                .iter()
                .map(|item| item.mime_type.as_deref().unwrap_or("none"))
                .collect::<Vec<_>>()
                .join(", ");
            return Err(HtmlError::WrongMimeType { found });
        };
        Self::from_contents(item, listing_meta)
    }

    /// Reads the app from one content item (see [`Self::from_read_result_with_listing`]); the
    /// mime type is not checked here.
    pub fn from_contents(
        item: &ResourceContents,
        listing_meta: Option<&Map<String, Value>>,
    ) -> Result<Self, HtmlError> {
        let uri = item.uri.clone();
        let html = match (&item.text, &item.blob) {
            (Some(text), _) => text.clone(),
            (None, Some(blob)) => {
                let bytes = base64::engine::general_purpose::STANDARD
                    .decode(blob.trim())
                    .map_err(|e| HtmlError::BadBase64 {
                        uri: uri.clone(),
                        reason: e.to_string(),
                    })?;
                String::from_utf8(bytes).map_err(|_| HtmlError::NotUtf8 { uri: uri.clone() })?
            }
            (None, None) => return Err(HtmlError::NoBody { uri }),
        };
        let meta = ResourceUiMeta::effective(item.meta_or_legacy(), listing_meta)
            .map_err(|source| HtmlError::BadUiMeta {
                uri: uri.clone(),
                source,
            })?
            .unwrap_or_default();
        Ok(Self {
            uri,
            html,
            csp: meta.csp,
            permissions: meta.permissions,
            domain: meta.domain,
            prefers_border: meta.prefers_border,
        })
    }
}
