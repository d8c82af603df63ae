//! The official MCP Apps message schema, compiled: what a view sends its host and what a host
//! sends its views, checked against the JSON Schema the reference SDK publishes
//! (`@modelcontextprotocol/ext-apps`, vendored byte for byte in `vendor/ext-apps` with its
//! licence and checksums).
//!
//! A message is matched to its definition by method (`ui/initialize` is
//! `McpUiInitializeRequest`); a response by the method of the request it answers, which the
//! caller knows (it saw the request go by). Methods the MCP Apps schema does not define (core
//! MCP's `tools/call`, a host's extensions) are [`Verdict::NotCovered`], not failures.
//!
//! The schema is generated from the SDK's zod types, and one construct does not survive the
//! conversion: see [`ERRATA`], applied when the schema is compiled.
//!
//! ```
//! use mcpapp_apps_schema::{AppsSchema, Verdict};
//! use serde_json::json;
//!
//! let schema = AppsSchema::official();
//! let size = json!({"jsonrpc": "2.0", "method": "ui/notifications/size-changed",
//!                   "params": {"width": 320, "height": 240}});
//! assert!(matches!(schema.check_from_app(&size, None), Verdict::Valid { .. }));
//! let bad = json!({"jsonrpc": "2.0", "method": "ui/notifications/size-changed",
//!                  "params": {"height": "tall"}});
//! assert!(matches!(schema.check_from_app(&bad, None), Verdict::Invalid { .. }));
//! ```

mod errata;
mod methods;

use std::collections::BTreeMap;
use std::sync::OnceLock;

use serde_json::{Map, Value};

pub use errata::ERRATA;
pub use methods::{FROM_APP, FROM_HOST, RESULTS};

/// The version of `@modelcontextprotocol/ext-apps` whose schema is vendored.
pub const EXT_APPS_VERSION: &str = "2.0.4";

/// The vendored schema, as published.
pub const SCHEMA_JSON: &str = include_str!("../vendor/ext-apps/schema.json");

/// The most violations reported per message: a hostile message cannot make a report huge.
pub const MAX_VIOLATIONS: usize = 20;

/// Why the schema could not be compiled (only if the vendored file were damaged).
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum SchemaError {
    /// The vendored file is not JSON, or lacks `$defs`.
    #[error("the vendored MCP Apps schema is unreadable: {0}")]
    Unreadable(String),
    /// A definition does not compile.
    #[error("the definition `{definition}` of the MCP Apps schema does not compile: {reason}")]
    Definition {
        /// The definition's name.
        definition: String,
        /// The compiler's words.
        reason: String,
    },
}

/// What the schema says of a message.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Verdict {
    /// It fits its definition.
    Valid {
        /// The definition it was checked against.
        definition: &'static str,
    },
    /// It does not fit its definition.
    Invalid {
        /// The definition it was checked against.
        definition: &'static str,
        /// Where and why (at most [`MAX_VIOLATIONS`]).
        errors: Vec<Violation>,
    },
    /// The MCP Apps schema does not define it (a core MCP method, an extension).
    NotCovered,
}

/// One way a message does not fit.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Violation {
    /// A JSON pointer into the part checked: the message without `jsonrpc` and `id` for a
    /// request or notification, the `result` for a response.
    pub pointer: String,
    /// What is wrong, in the validator's words.
    pub message: String,
}

/// The compiled definitions. See the crate docs.
pub struct AppsSchema {
    validators: BTreeMap<&'static str, jsonschema::Validator>,
}

impl std::fmt::Debug for AppsSchema {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("AppsSchema")
            .field("definitions", &self.validators.keys().collect::<Vec<_>>())
            .finish()
    }
}

impl AppsSchema {
    /// The vendored schema, compiled once.
    ///
    /// # Panics
    ///
    /// Never for the vendored file, which a test compiles; [`Self::compile`] is the fallible
    /// form.
    #[must_use]
    #[expect(
        clippy::expect_used,
        reason = "the vendored schema is fixed at build time and compiled by a test"
    )]
    pub fn official() -> &'static Self {
        static SCHEMA: OnceLock<AppsSchema> = OnceLock::new();
        SCHEMA.get_or_init(|| Self::compile(SCHEMA_JSON).expect("the vendored schema compiles"))
    }

    /// Compiles a schema in the SDK's layout (`$defs` by definition name), with [`ERRATA`]
    /// applied. Only the definitions messages are checked against are compiled.
    pub fn compile(text: &str) -> Result<Self, SchemaError> {
        let mut document: Value =
            serde_json::from_str(text).map_err(|e| SchemaError::Unreadable(e.to_string()))?;
        errata::apply(&mut document);
        let defs = document
            .get("$defs")
            .and_then(Value::as_object)
            .ok_or_else(|| SchemaError::Unreadable("no `$defs`".to_owned()))?;
        let wanted = FROM_APP
            .iter()
            .chain(FROM_HOST)
            .map(|(_, d)| *d)
            .chain(RESULTS.iter().map(|(_, d)| *d));
        let mut validators = BTreeMap::new();
        for definition in wanted {
            if validators.contains_key(definition) {
                continue;
            }
            let schema = defs
                .get(definition)
                .ok_or_else(|| SchemaError::Definition {
                    definition: definition.to_owned(),
                    reason: "missing".to_owned(),
                })?;
            // Each definition stands alone: its `$ref`s point into its own `$defs`.
            let validator =
                jsonschema::validator_for(schema).map_err(|e| SchemaError::Definition {
                    definition: definition.to_owned(),
                    reason: e.to_string(),
                })?;
            validators.insert(definition, validator);
        }
        Ok(Self { validators })
    }

    /// A message a view sent to its host. `answered`: for a response, the method of the host
    /// request it answers.
    #[must_use]
    pub fn check_from_app(&self, message: &Value, answered: Option<&str>) -> Verdict {
        self.check(message, answered, FROM_APP)
    }

    /// A message a host sent to a view. `answered`: for a response, the method of the view
    /// request it answers.
    #[must_use]
    pub fn check_from_host(&self, message: &Value, answered: Option<&str>) -> Verdict {
        self.check(message, answered, FROM_HOST)
    }

    fn check(
        &self,
        message: &Value,
        answered: Option<&str>,
        sent: &[(&str, &'static str)],
    ) -> Verdict {
        if let Some(method) = message.get("method").and_then(Value::as_str) {
            let Some(definition) = lookup(sent, method) else {
                return Verdict::NotCovered;
            };
            // The definitions describe `{method, params}`: the envelope is JSON-RPC's.
            let mut body: Map<String, Value> = message.as_object().cloned().unwrap_or_default();
            body.remove("jsonrpc");
            body.remove("id");
            return self.validate(definition, &Value::Object(body));
        }
        let Some(result) = message.get("result") else {
            // An error answer has no schema of its own.
            return Verdict::NotCovered;
        };
        match answered.and_then(|method| lookup(RESULTS, method)) {
            Some(definition) => self.validate(definition, result),
            None => Verdict::NotCovered,
        }
    }

    fn validate(&self, definition: &'static str, instance: &Value) -> Verdict {
        let Some(validator) = self.validators.get(definition) else {
            return Verdict::NotCovered;
        };
        let errors: Vec<Violation> = validator
            .iter_errors(instance)
            .take(MAX_VIOLATIONS)
            .map(|e| Violation {
                pointer: e.instance_path().to_string(),
                message: e.to_string(),
            })
            .collect();
        if errors.is_empty() {
            Verdict::Valid { definition }
        } else {
            Verdict::Invalid { definition, errors }
        }
    }
}

fn lookup(table: &[(&str, &'static str)], method: &str) -> Option<&'static str> {
    table.iter().find(|(m, _)| *m == method).map(|(_, d)| *d)
}
