//! A connection's answers as JSON, shared by the host's tests and the binary's.

/// A connection's answers as JSON, for tests that look into them by path.
#[allow(dead_code, reason = "each test file uses what it needs")]
pub trait JsonAnswers {
    /// `call_tool`, the result as JSON.
    fn call_json(
        &self,
        name: &str,
        arguments: serde_json::Map<String, serde_json::Value>,
    ) -> impl Future<Output = Result<serde_json::Value, mcpapp_host::Error>>;
    /// `read_resource`, the result as JSON.
    fn read_json(
        &self,
        uri: &str,
    ) -> impl Future<Output = Result<serde_json::Value, mcpapp_host::Error>>;
}

impl JsonAnswers for mcpapp_host::mcp::McpConnection {
    async fn call_json(
        &self,
        name: &str,
        arguments: serde_json::Map<String, serde_json::Value>,
    ) -> Result<serde_json::Value, mcpapp_host::Error> {
        let result = self.call_tool(name, arguments).await?;
        Ok(serde_json::to_value(result).unwrap_or_default())
    }

    async fn read_json(&self, uri: &str) -> Result<serde_json::Value, mcpapp_host::Error> {
        let result = self.read_resource(uri).await?;
        Ok(serde_json::to_value(result).unwrap_or_default())
    }
}
