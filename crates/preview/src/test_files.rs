//! Files for the unit tests, in a folder of their own per test group and process.

use std::path::PathBuf;

/// An empty folder `mcpapp-preview-{group}-{pid}` in the temporary folder.
pub fn temp_dir(group: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("mcpapp-preview-{group}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

/// `content` written to `name` in the folder of `group` (kept across calls of one group).
pub fn temp_file(group: &str, name: &str, content: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("mcpapp-preview-{group}-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join(name);
    std::fs::write(&path, content).unwrap();
    path
}
