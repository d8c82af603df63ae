//! The JSON Schemas of the card format and of what this crate reports, generated from the
//! Rust types so they cannot drift.

use schemars::{Schema, generate::SchemaSettings};

use crate::diagnostic::Diagnostic;
use crate::model::Card;
use crate::values::InputValues;

fn generator() -> schemars::SchemaGenerator {
    SchemaSettings::draft2020_12().into_generator()
}

/// The JSON Schema of a card (`McpApp` or `AdaptiveCard` root).
pub fn card_schema() -> Schema {
    let mut schema = generator().into_root_schema_for::<Card>();
    schema.insert(
        "$id".into(),
        "https://mcpapp.dev/schemas/card.schema.json".into(),
    );
    schema.insert("title".into(), "MCP App card".into());
    schema
}

/// The JSON Schema of a list of diagnostics, as `mcpapp validate --json` prints them.
pub fn diagnostics_schema() -> Schema {
    generator().into_root_schema_for::<Vec<Diagnostic>>()
}

/// The JSON Schema of a card's input values, as views save them.
pub fn input_values_schema() -> Schema {
    generator().into_root_schema_for::<InputValues>()
}
