//! Files for the unit tests, in a folder of their own per test group and process.

use std::path::PathBuf;

/// `content` written to `name` in the folder `mcpapp-preview-{group}-{pid}` of the temporary
/// folder (kept across calls of one group).
pub fn temp_file(group: &str, name: &str, content: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("mcpapp-preview-{group}-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join(name);
    std::fs::write(&path, content).unwrap();
    path
}
