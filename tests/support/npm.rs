//! The npm packages the tests run (the public MCP example servers, the ext-apps SDK): `.ci/run`
//! installs them into `$MCPAPP_NPM_DIR`; without it they are looked for in `~/.cache/mcpapp-npm`.

use std::path::PathBuf;

pub use super::sdk::npm_dir;

/// The entry script of the `@modelcontextprotocol` server `package`, installed or not.
pub fn server_entry(package: &str) -> PathBuf {
    npm_dir()
        .join("node_modules/@modelcontextprotocol")
        .join(package)
        .join("dist/index.js")
}

/// The entry script of the reference server-everything, or `None` when it is not installed
/// (which fails the test in CI, where `.ci/run` installs it).
pub fn everything_entry() -> Option<String> {
    let entry = server_entry("server-everything");
    super::present("server-everything", entry.exists())
        .then(|| entry.to_string_lossy().into_owned())
}
