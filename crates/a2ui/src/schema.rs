//! The official A2UI v0.9 JSON schemas, compiled: a message's verdict is the schema's, as the
//! upstream test runner (ajv, draft 2020-12, formats asserted) gives it. The envelope refers
//! to its catalog as `catalog.json`; like the upstream runner, the catalog a surface uses is
//! given that name (in memory: the vendored files are never edited).
//!
//! A failing `oneOf` (the envelope's four kinds, a catalog's components, its functions) is
//! explained by the branch that came closest, so a finding says "`variant` must be one of …
//! at `/updateComponents/components/3/variant`" rather than "not valid under any of the
//! schemas" at the message.

use std::sync::OnceLock;

use jsonschema::error::ValidationErrorKind;
use jsonschema::{Draft, Registry, ValidationError, Validator};
use serde_json::Value;

use crate::catalog::{BASIC_CATALOG_JSON, CatalogKind, MINIMAL_CATALOG_JSON};
use crate::limits::truncate_text;

/// The vendored envelope schema (server to client), as published.
pub const SERVER_TO_CLIENT_JSON: &str = include_str!("../vendor/a2ui/json/server_to_client.json");
/// The vendored client-to-server schema, as published.
pub const CLIENT_TO_SERVER_JSON: &str = include_str!("../vendor/a2ui/json/client_to_server.json");
/// The vendored common types, as published.
pub const COMMON_TYPES_JSON: &str = include_str!("../vendor/a2ui/json/common_types.json");

/// The name under which the envelope looks for its catalog.
const CATALOG_ALIAS: &str = "https://a2ui.org/specification/v0_9/catalog.json";
const COMMON_TYPES_ID: &str = "https://a2ui.org/specification/v0_9/common_types.json";
const SERVER_TO_CLIENT_ID: &str = "https://a2ui.org/specification/v0_9/server_to_client.json";

/// The most violations reported per message.
pub const MAX_VIOLATIONS: usize = 20;
/// The longest violation message (a schema error can quote a large value).
const MAX_VIOLATION_TEXT: usize = 300;

/// One way a message does not fit the schema.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Violation {
    /// JSON pointer into the message.
    pub pointer: String,
    /// What is wrong, in the validator's words.
    pub message: String,
}

/// Why the schemas could not be compiled (only if a vendored file were damaged).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SchemaError(pub String);

/// The compiled schemas. See the module docs.
pub struct Schemas {
    basic: Validator,
    minimal: Validator,
    client: Validator,
}

impl std::fmt::Debug for Schemas {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("Schemas { basic, minimal, client }")
    }
}

impl Schemas {
    /// The vendored schemas, compiled once.
    ///
    /// # Panics
    ///
    /// Never for the vendored files, which a test compiles; [`Self::compile`] is the
    /// fallible form.
    #[must_use]
    #[expect(
        clippy::expect_used,
        reason = "the vendored schemas are fixed at build time and compiled by a test"
    )]
    pub fn official() -> &'static Self {
        static SCHEMAS: OnceLock<Schemas> = OnceLock::new();
        SCHEMAS.get_or_init(|| Self::compile().expect("the vendored A2UI schemas compile"))
    }

    /// Compiles the vendored schemas.
    pub fn compile() -> Result<Self, SchemaError> {
        Ok(Self {
            basic: envelope(BASIC_CATALOG_JSON)?,
            minimal: envelope(MINIMAL_CATALOG_JSON)?,
            client: jsonschema::options()
                .with_draft(Draft::Draft202012)
                .should_validate_formats(true)
                .build(&parse(CLIENT_TO_SERVER_JSON)?)
                .map_err(|e| SchemaError(e.to_string()))?,
        })
    }

    /// Whether a server-to-client message is valid for a surface using `catalog`.
    #[must_use]
    pub fn is_valid_server(&self, message: &Value, catalog: CatalogKind) -> bool {
        self.server(catalog).is_valid(message)
    }

    /// How a server-to-client message breaks the schema (empty: it is valid).
    #[must_use]
    pub fn check_server(&self, message: &Value, catalog: CatalogKind) -> Vec<Violation> {
        violations(self.server(catalog), message)
    }

    /// How a client-to-server message breaks the schema (empty: it is valid).
    #[must_use]
    pub fn check_client(&self, message: &Value) -> Vec<Violation> {
        violations(&self.client, message)
    }

    fn server(&self, catalog: CatalogKind) -> &Validator {
        match catalog {
            CatalogKind::Basic => &self.basic,
            CatalogKind::Minimal => &self.minimal,
        }
    }
}

fn parse(text: &str) -> Result<Value, SchemaError> {
    serde_json::from_str(text).map_err(|e| SchemaError(e.to_string()))
}

/// The envelope, compiled with `catalog` under the name `catalog.json`.
fn envelope(catalog: &str) -> Result<Validator, SchemaError> {
    let mut catalog = parse(catalog)?;
    if let Some(object) = catalog.as_object_mut() {
        object.insert("$id".to_owned(), Value::String(CATALOG_ALIAS.to_owned()));
    }
    let common = parse(COMMON_TYPES_JSON)?;
    let envelope = parse(SERVER_TO_CLIENT_JSON)?;
    let registry = Registry::new()
        .add(COMMON_TYPES_ID, common)
        .and_then(|r| r.add(CATALOG_ALIAS, catalog))
        .and_then(|r| r.add(SERVER_TO_CLIENT_ID, envelope.clone()))
        .and_then(jsonschema::RegistryBuilder::prepare)
        .map_err(|e| SchemaError(e.to_string()))?;
    jsonschema::options()
        .with_draft(Draft::Draft202012)
        .should_validate_formats(true)
        .with_registry(&registry)
        .build(&envelope)
        .map_err(|e| SchemaError(e.to_string()))
}

fn violations(validator: &Validator, message: &Value) -> Vec<Violation> {
    // Most messages are valid: the yes/no check stops at nothing and collects nothing.
    if validator.is_valid(message) {
        return Vec::new();
    }
    let mut out = Vec::new();
    for error in validator.iter_errors(message) {
        explain(&error, &mut out, 0);
        if out.len() >= MAX_VIOLATIONS {
            break;
        }
    }
    // A failed branch leaves every property unevaluated: "unevaluated properties" at an
    // object that has a more precise finding inside it says nothing more.
    let inner: Vec<String> = out.iter().map(|v| v.pointer.clone()).collect();
    out.retain(|v| {
        !(v.message.starts_with("Unevaluated properties")
            && inner.iter().any(|p| {
                p.strip_prefix(v.pointer.as_str())
                    .is_some_and(|rest| rest.starts_with('/'))
            }))
    });
    out.truncate(MAX_VIOLATIONS);
    out
}

/// Adds what `error` means: itself, or for a failed `oneOf`/`anyOf`, the closest branch's
/// errors (recursively, to a bounded depth).
fn explain(error: &ValidationError<'_>, out: &mut Vec<Violation>, depth: usize) {
    let branches = match error.kind() {
        ValidationErrorKind::OneOfNotValid { context } | ValidationErrorKind::AnyOf { context } => {
            Some(context)
        }
        _ => None,
    };
    if let (Some(branches), true) = (branches, depth < 8) {
        let at = error.instance_path().to_string();
        if let Some(message) = shallow_alternatives(branches, &at) {
            out.push(Violation {
                pointer: at,
                message: truncate_text(message, MAX_VIOLATION_TEXT),
            });
            return;
        }
        if let Some(best) = closest_branch(branches, &at) {
            for inner in best {
                explain(inner, out, depth + 1);
            }
            return;
        }
    }
    out.push(Violation {
        pointer: error.instance_path().to_string(),
        message: truncate_text(error.masked().to_string(), MAX_VIOLATION_TEXT),
    });
}

/// When no branch gets past the value itself (a string where a number, a binding or a call
/// was allowed; an envelope with none of the message kinds), one finding says what would
/// have fitted, instead of one branch's complaint.
fn shallow_alternatives(branches: &[Vec<ValidationError<'static>>], at: &str) -> Option<String> {
    let all_shallow = branches
        .iter()
        .all(|errors| errors.iter().all(|e| reach(e, 0) <= at.len()));
    if !all_shallow {
        return None;
    }
    let kinds: Vec<&str> = branches
        .iter()
        .flatten()
        .filter_map(|e| match e.kind() {
            ValidationErrorKind::Required { property } => property
                .as_str()
                .filter(|p| crate::message::SERVER_KINDS.contains(p)),
            _ => None,
        })
        .collect();
    if kinds.len() == branches.len() {
        return Some(format!(
            "a message has exactly one of {}",
            crate::message::SERVER_KINDS.join(", ")
        ));
    }
    let mut reasons: Vec<String> = Vec::new();
    for e in branches.iter().flatten() {
        let reason = e.masked().to_string();
        if !reasons.contains(&reason) {
            reasons.push(reason);
        }
    }
    Some(format!("no allowed form fits: {}", reasons.join("; or ")))
}

/// How far into the value an error reaches (its pointer's length), looking inside the
/// branches of a failed `oneOf`/`anyOf`.
fn reach(error: &ValidationError<'_>, depth: usize) -> usize {
    let own = error.instance_path().to_string().len();
    match error.kind() {
        ValidationErrorKind::OneOfNotValid { context } | ValidationErrorKind::AnyOf { context }
            if depth < 8 =>
        {
            context
                .iter()
                .flatten()
                .map(|e| reach(e, depth + 1))
                .max()
                .unwrap_or(own)
                .max(own)
        }
        _ => own,
    }
}

/// The branch that came closest: one whose discriminating `const` (a message kind's key, a
/// component's `component`, a function's `call`) matched, else the one whose errors reach
/// deepest into the value, fewest errors first.
fn closest_branch<'e>(
    branches: &'e [Vec<ValidationError<'static>>],
    at: &str,
) -> Option<&'e Vec<ValidationError<'static>>> {
    let score = |errors: &Vec<ValidationError<'static>>| {
        let discriminator_failed = errors.iter().any(|e| {
            let path = e.instance_path().to_string();
            let shallow = path.len() <= at.len() + 1
                || path
                    .strip_prefix(at)
                    .is_some_and(|rest| rest.matches('/').count() == 1);
            let wrong_kind = matches!(
                e.kind(),
                ValidationErrorKind::Constant { .. } | ValidationErrorKind::Required { .. }
            );
            shallow && wrong_kind && is_discriminator(e)
        });
        let deepest = errors.iter().map(|e| reach(e, 0)).max().unwrap_or(0);
        (!discriminator_failed, deepest, usize::MAX - errors.len())
    };
    branches
        .iter()
        .filter(|errors| !errors.is_empty())
        .max_by_key(|errors| score(errors))
}

/// Whether an error is about the member that tells a union's branches apart.
fn is_discriminator(error: &ValidationError<'_>) -> bool {
    let path = error.instance_path().to_string();
    let last = path.rsplit('/').next().unwrap_or_default();
    match error.kind() {
        ValidationErrorKind::Constant { .. } => matches!(last, "component" | "call"),
        ValidationErrorKind::Required { property } => property.as_str().is_some_and(|p| {
            matches!(
                p,
                "createSurface" | "updateComponents" | "updateDataModel" | "deleteSurface"
            )
        }),
        _ => false,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn compiles_and_judges() {
        let schemas = Schemas::compile().unwrap();
        let good = json!({"version": "v0.9", "deleteSurface": {"surfaceId": "s"}});
        assert!(schemas.check_server(&good, CatalogKind::Basic).is_empty());
        let bad = json!({"version": "v0.9", "updateComponents": {"surfaceId": "s", "components": [
            {"id": "root", "component": "Text", "text": "hi", "variant": "huge"}]}});
        let found = schemas.check_server(&bad, CatalogKind::Basic);
        assert!(!found.is_empty());
        assert!(
            found
                .iter()
                .any(|v| v.pointer == "/updateComponents/components/0/variant"),
            "{found:?}"
        );
    }

    #[test]
    fn unions_are_explained_by_what_would_fit() {
        let schemas = Schemas::compile().unwrap();
        let misspelt = json!({"version": "v0.9", "updateComponent": {"surfaceId": "s"}});
        let found = schemas.check_server(&misspelt, CatalogKind::Basic);
        assert!(
            found[0].message.starts_with("a message has exactly one of"),
            "{found:?}"
        );
        let wrong = json!({"version": "v0.9", "updateComponents": {"surfaceId": "s", "components": [
            {"id": "t", "component": "Text",
             "text": {"call": "formatNumber", "args": {"value": "x"}, "returnType": "string"}}]}});
        let found = schemas.check_server(&wrong, CatalogKind::Basic);
        assert_eq!(found.len(), 1, "{found:?}");
        assert_eq!(
            found[0].pointer,
            "/updateComponents/components/0/text/args/value"
        );
        assert!(found[0].message.contains("\"number\""), "{found:?}");
    }
}
