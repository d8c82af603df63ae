//! The npm packages the tests run (the public MCP example servers, the ext-apps SDK): `.ci/run`
//! installs them into `$MCPAPP_NPM_DIR`; without it they are looked for in `~/.cache/mcpapp-npm`.

use std::path::PathBuf;

/// The folder whose `node_modules` holds the packages.
pub fn npm_dir() -> PathBuf {
    std::env::var_os("MCPAPP_NPM_DIR").map_or_else(
        || PathBuf::from(std::env::var_os("HOME").unwrap()).join(".cache/mcpapp-npm"),
        PathBuf::from,
    )
}

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
    if !entry.exists() {
        assert!(
            std::env::var_os("CI").is_none(),
            "server-everything is not installed: .ci/run installs it"
        );
        return None;
    }
    Some(entry.to_string_lossy().into_owned())
}
