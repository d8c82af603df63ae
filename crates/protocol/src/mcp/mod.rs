//! The slice of core MCP that views speak through the host: tool calls, resources, prompts,
//! logging, content blocks.
//!
//! Only what MCP Apps messages carry is modelled, and loosely: fields the host merely forwards
//! (annotations, icons, schemas) stay JSON, and unknown fields are kept so a forwarded value
//! reaches the view unchanged.

mod common;
mod content;
mod described;
mod logging;
mod prompt;
mod resource;
mod tool;

pub use common::{EmptyObject, Implementation, PaginatedParams};
pub use content::{
    AudioContent, ContentBlock, EmbeddedResource, ImageContent, TextContent, embedded_resources,
};
pub use logging::{CancelledParams, LoggingLevel, LoggingMessageParams, ProgressParams};
pub use prompt::{ListPromptsResult, Prompt, PromptArgument};
pub use resource::{
    ListResourceTemplatesResult, ListResourcesResult, ReadResourceParams, ReadResourceResult,
    Resource, ResourceContents, ResourceTemplate,
};
pub use tool::{CallToolParams, CallToolResult, ListToolsResult, Tool};
