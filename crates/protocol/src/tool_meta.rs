//! A tool's `_meta.ui`: which view renders its calls, and who may call it.

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};
use serde_json::{Map, Value};

use crate::constants::{RESOURCE_URI_META_KEY, UI_META_KEY};

open_enum! {
    /// Who may use a tool.
    pub enum Visibility {
        /// Listed to and callable by the agent.
        Model => "model",
        /// Callable by a view of the same server connection.
        App => "app",
    }
}

/// The MCP Apps metadata of a tool (`McpUiToolMeta`), the value of `_meta.ui`.
///
/// Read it with [`ToolUiMeta::from_tool_meta`], which also honours the deprecated flat
/// `_meta["ui/resourceUri"]`; write it with [`ToolUiMeta::write_tool_meta`], which emits both
/// keys as the reference SDK does so older hosts still find the view.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "camelCase")]
pub struct ToolUiMeta {
    /// The `ui://` resource rendering this tool's calls. App-only helper tools may have none.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub resource_uri: Option<String>,
    /// Who may use the tool; absent means `["model", "app"]` (not "nobody": hosts that read it
    /// as deny break app-only polling tools). An empty list means nobody.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub visibility: Option<Vec<Visibility>>,
    /// What was wrong with the metadata as the server wrote it, if anything (a visibility that
    /// is not an array of strings). Malformed metadata fails closed: such a tool is callable by
    /// nobody. Hosts report it; it is never written back.
    #[serde(skip)]
    #[schemars(skip)]
    pub problem: Option<String>,
}

impl ToolUiMeta {
    /// The visibility that applies when a tool declares none.
    pub const DEFAULT_VISIBILITY: [Visibility; 2] = [Visibility::Model, Visibility::App];

    /// Reads the MCP Apps metadata from a tool's whole `_meta` object.
    ///
    /// The nested `ui.resourceUri` wins over the legacy flat `ui/resourceUri`. Reading is
    /// member by member: a malformed URI (not a string) is ignored rather than discarding the
    /// rest. A malformed visibility (not an array, or an entry that is not a string) fails
    /// closed: nobody may use the tool (what the server meant cannot be known: `["app", 7]`
    /// was an app-only tool), and [`Self::problem`] says why.
    /// Returns `None` when neither key is present. The URI is returned as found; check the
    /// scheme with [`crate::is_ui_resource_uri`].
    #[must_use]
    pub fn from_tool_meta(meta: &Map<String, Value>) -> Option<Self> {
        let nested = meta.get(UI_META_KEY).and_then(Value::as_object);
        let legacy = meta.get(RESOURCE_URI_META_KEY);
        if nested.is_none() && legacy.is_none() {
            return None;
        }
        let nested_uri = nested
            .and_then(|ui| ui.get("resourceUri"))
            .and_then(Value::as_str);
        let legacy_uri = legacy.and_then(Value::as_str);
        let (visibility, problem) = match nested.and_then(|ui| ui.get("visibility")) {
            None => (None, None),
            Some(Value::Array(entries)) if entries.iter().all(Value::is_string) => (
                Some(
                    entries
                        .iter()
                        .filter_map(Value::as_str)
                        .map(Visibility::from)
                        .collect(),
                ),
                None,
            ),
            Some(other) => (
                Some(Vec::new()),
                Some(format!(
                    "`_meta.ui.visibility` must be an array of strings, not {}; \
                     neither the model nor apps may call the tool",
                    match other {
                        Value::Array(_) => "an array with a non-string entry",
                        other => crate::jsonrpc::json_kind(other),
                    }
                )),
            ),
        };
        Some(Self {
            resource_uri: nested_uri.or(legacy_uri).map(str::to_owned),
            visibility,
            problem,
        })
    }

    /// Writes this metadata into a tool's `_meta`: the nested `ui` object, plus the legacy flat
    /// key when there is a resource URI. Other members of `_meta` are left alone.
    pub fn write_tool_meta(&self, meta: &mut Map<String, Value>) {
        let mut ui = match meta.remove(UI_META_KEY) {
            Some(Value::Object(ui)) => ui,
            _ => Map::new(),
        };
        if let Some(uri) = &self.resource_uri {
            ui.insert("resourceUri".to_owned(), Value::from(uri.as_str()));
            meta.insert(RESOURCE_URI_META_KEY.to_owned(), Value::from(uri.as_str()));
        }
        if let Some(visibility) = &self.visibility {
            let entries = visibility
                .iter()
                .map(|entry| Value::from(entry.as_str()))
                .collect();
            ui.insert("visibility".to_owned(), Value::Array(entries));
        }
        meta.insert(UI_META_KEY.to_owned(), Value::Object(ui));
    }

    /// The visibility in effect, with the default applied.
    #[must_use]
    pub fn effective_visibility(&self) -> &[Visibility] {
        self.visibility
            .as_deref()
            .unwrap_or(&Self::DEFAULT_VISIBILITY)
    }

    /// Whether the agent may see and call the tool.
    #[must_use]
    pub fn is_model_visible(&self) -> bool {
        self.effective_visibility().contains(&Visibility::Model)
    }

    /// Whether a view of the same server may call the tool.
    #[must_use]
    pub fn is_app_visible(&self) -> bool {
        self.effective_visibility().contains(&Visibility::App)
    }
}
