//! Live reload: the folders of the files shown are watched (editors often save by writing a
//! new file and renaming it over the old one, which a watch on the file itself would lose),
//! and a file is re-read once its changes have settled for a moment.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::sync::mpsc;
use std::time::{Duration, Instant};

use notify::event::{AccessKind, AccessMode};
use notify::{EventKind, RecursiveMode, Watcher as _};

/// How long a file must stay unchanged before it is read again: an editor's save is often
/// several writes, and a half-written file is not worth a flash of errors.
pub const QUIET: Duration = Duration::from_millis(150);

/// Collects the paths that changed and tells which have been quiet long enough.
#[derive(Debug, Default)]
pub struct Debouncer {
    pending: BTreeMap<PathBuf, Instant>,
}

impl Debouncer {
    /// Notes a change of `path` at `now`.
    pub fn touch(&mut self, path: PathBuf, now: Instant) {
        self.pending.insert(path, now);
    }

    /// The paths unchanged for [`QUIET`] at `now`; they are forgotten.
    pub fn settled(&mut self, now: Instant) -> Vec<PathBuf> {
        let (done, waiting): (BTreeMap<_, _>, BTreeMap<_, _>) = std::mem::take(&mut self.pending)
            .into_iter()
            .partition(|(_, at)| now.saturating_duration_since(*at) >= QUIET);
        self.pending = waiting;
        done.into_keys().collect()
    }

    /// How long until the next path settles, if one is waiting.
    pub fn next_due(&self, now: Instant) -> Option<Duration> {
        self.pending
            .values()
            .map(|at| QUIET.saturating_sub(now.saturating_duration_since(*at)))
            .min()
    }
}

/// Watches folders and reports the files in them that changed, debounced.
pub struct FileWatcher {
    /// Kept alive for as long as changes are wanted.
    _watcher: Option<notify::RecommendedWatcher>,
    changes: mpsc::Receiver<PathBuf>,
    debouncer: Debouncer,
    /// Why live reload is off, if it is.
    pub error: Option<String>,
}

impl FileWatcher {
    /// What a preview window watches: the folders of its documents and of its host config file,
    /// each once; a change asks `ctx` for a repaint.
    pub fn for_preview(
        ctx: &eframe::egui::Context,
        document_folders: impl Iterator<Item = PathBuf>,
        host_config: Option<&Path>,
    ) -> Self {
        let mut folders: Vec<PathBuf> = document_folders
            .chain(host_config.and_then(|p| p.parent().map(PathBuf::from)))
            .collect();
        folders.sort();
        folders.dedup();
        let wake = ctx.clone();
        Self::start(&folders, move || wake.request_repaint())
    }

    /// Watches `folders` (not their subfolders); `wake` is called from the watcher's thread
    /// after each change, to get the window to poll.
    pub fn start(folders: &[PathBuf], wake: impl Fn() + Send + 'static) -> Self {
        let (tx, changes) = mpsc::channel();
        let handler = move |result: notify::Result<notify::Event>| {
            let Ok(event) = result else { return };
            if !is_change(event.kind) {
                return;
            }
            for path in event.paths {
                let _ = tx.send(path);
            }
            wake();
        };
        let mut error = None;
        let watcher = match notify::recommended_watcher(handler) {
            Ok(mut watcher) => {
                for folder in folders {
                    if let Err(e) = watcher.watch(folder, RecursiveMode::NonRecursive) {
                        error = Some(format!("cannot watch {}: {e}", folder.display()));
                    }
                }
                Some(watcher)
            }
            Err(e) => {
                error = Some(format!("live reload is off: {e}"));
                None
            }
        };
        Self {
            _watcher: watcher,
            changes,
            debouncer: Debouncer::default(),
            error,
        }
    }

    /// The files whose changes have settled, and how long until the next one will (the
    /// window asks to be woken then).
    pub fn poll(&mut self) -> (Vec<PathBuf>, Option<Duration>) {
        let now = Instant::now();
        while let Ok(path) = self.changes.try_recv() {
            self.debouncer.touch(path, now);
        }
        let settled = self.debouncer.settled(now);
        (settled, self.debouncer.next_due(now))
    }
}

/// The path change notifications name a file by: its folder resolved (symbolic links, `..`),
/// then its name. The file itself is not resolved, since it may not exist yet.
pub fn watch_path(path: &Path) -> PathBuf {
    let folder = match path.parent() {
        Some(p) if !p.as_os_str().is_empty() => p.to_owned(),
        _ => PathBuf::from("."),
    };
    let folder = std::fs::canonicalize(&folder).unwrap_or(folder);
    match path.file_name() {
        Some(name) => folder.join(name),
        None => folder,
    }
}

/// Whether an event can have changed a file's content (opening and reading cannot, and the
/// preview's own reads must not trigger reloads).
fn is_change(kind: EventKind) -> bool {
    match kind {
        EventKind::Create(_) | EventKind::Modify(_) | EventKind::Remove(_) | EventKind::Any => true,
        EventKind::Access(access) => matches!(access, AccessKind::Close(AccessMode::Write)),
        EventKind::Other => false,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn changes_settle_after_a_quiet_moment() {
        let start = Instant::now();
        let mut debouncer = Debouncer::default();
        debouncer.touch(PathBuf::from("a.json"), start);
        debouncer.touch(PathBuf::from("b.json"), start + Duration::from_millis(100));
        // A second write to a.json restarts its wait.
        debouncer.touch(PathBuf::from("a.json"), start + Duration::from_millis(120));
        assert!(
            debouncer
                .settled(start + Duration::from_millis(200))
                .is_empty()
        );
        assert_eq!(
            debouncer.next_due(start + Duration::from_millis(200)),
            Some(Duration::from_millis(50))
        );
        assert_eq!(
            debouncer.settled(start + Duration::from_millis(250)),
            vec![PathBuf::from("b.json")]
        );
        assert_eq!(
            debouncer.settled(start + Duration::from_millis(300)),
            vec![PathBuf::from("a.json")]
        );
        assert_eq!(debouncer.next_due(start), None);
    }

    #[test]
    fn reads_are_not_changes() {
        use notify::event::{CreateKind, ModifyKind};
        assert!(is_change(EventKind::Modify(ModifyKind::Any)));
        assert!(is_change(EventKind::Create(CreateKind::File)));
        assert!(is_change(EventKind::Access(AccessKind::Close(
            AccessMode::Write
        ))));
        assert!(!is_change(EventKind::Access(AccessKind::Open(
            AccessMode::Any
        ))));
        assert!(!is_change(EventKind::Access(AccessKind::Close(
            AccessMode::Read
        ))));
    }

    #[test]
    fn the_watcher_reports_a_write() {
        let dir = std::env::temp_dir().join(format!("mcpapp-watch-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let dir = std::fs::canonicalize(dir).unwrap();
        let mut watcher = FileWatcher::start(std::slice::from_ref(&dir), || {});
        assert!(watcher.error.is_none(), "{:?}", watcher.error);
        let file = dir.join("card.json");
        std::fs::write(&file, "{}").unwrap();
        let deadline = Instant::now() + Duration::from_secs(10);
        let mut seen = Vec::new();
        while Instant::now() < deadline && !seen.contains(&file) {
            std::thread::sleep(Duration::from_millis(50));
            seen.extend(watcher.poll().0);
        }
        assert!(seen.contains(&file), "{seen:?}");
    }
}
