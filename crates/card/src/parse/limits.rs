//! Size limits. The byte limit is checked before anything else; the others while reading,
//! which stops at the first excess, so hostile input costs little.

/// The most a card may hold. The defaults suit cards from untrusted MCP servers.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Limits {
    /// The most bytes of JSON text (default 4 MiB).
    pub max_bytes: usize,
    /// The deepest nesting of objects and arrays (default 64).
    pub max_depth: usize,
    /// The most elements, actions and other typed objects (default 10,000).
    pub max_elements: usize,
    /// The longest string, in bytes (default 1 MiB).
    pub max_string_bytes: usize,
}

impl Default for Limits {
    fn default() -> Self {
        Self {
            max_bytes: 4 * 1024 * 1024,
            max_depth: 64,
            max_elements: 10_000,
            max_string_bytes: 1024 * 1024,
        }
    }
}
