//! `ui/download-file`: an app asks to save files for the user (a sandboxed frame cannot). The
//! host checks what it sends (how many files, how large, names made safe, links only to web
//! addresses) and hands it to the embedder ([`HostEvent::DownloadFile`]), which asks the user
//! and answers with [`AppHost::download_done`]. Only one download per app waits at a time.
//! [`save_downloads`] writes the files where the user agreed, never over an existing file.

use std::path::{Path, PathBuf};

use base64::Engine as _;
use mcpapp_protocol::{ContentBlock, DownloadFileParams, JsonRpcError, RequestId, UiActionResult};
use serde_json::Value;

use super::{AppHost, HostEvent, InstanceId, wire};
use crate::Error;

/// The most files one download may hold.
pub const MAX_DOWNLOAD_FILES: usize = 16;

/// The most bytes one download may hold, all files together.
pub const MAX_DOWNLOAD_BYTES: usize = 32 * 1024 * 1024;

/// The longest file name kept (longer names are cut).
const MAX_NAME: usize = 120;

/// One file an app wants saved.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Download {
    /// A safe file name (no directories, no leading dot, no control characters).
    pub name: String,
    /// The mime type the app gave, if any.
    pub mime_type: Option<String>,
    /// The bytes, or the web address to fetch them from.
    pub content: DownloadContent,
}

/// What a [`Download`] holds.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum DownloadContent {
    /// The file itself (an embedded resource, text or decoded base64).
    Bytes(Vec<u8>),
    /// A link (`resource_link`) to an `http(s)` address: the browser fetches it.
    Link(String),
}

impl Download {
    /// Its size in bytes (0 for a link).
    #[must_use]
    pub fn size(&self) -> usize {
        match &self.content {
            DownloadContent::Bytes(bytes) => bytes.len(),
            DownloadContent::Link(_) => 0,
        }
    }
}

/// A file name that is safe to create in a folder: the last segment of `uri` (without query
/// or fragment), characters other than letters, digits, `.`, `-`, `_` and spaces replaced,
/// no leading dots, at most 120 characters; `download` when nothing is left.
#[must_use]
pub fn safe_file_name(uri: &str) -> String {
    let path = uri.split(['?', '#']).next().unwrap_or_default();
    let last = path.rsplit(['/', '\\']).next().unwrap_or_default();
    let cleaned: String = last
        .chars()
        .map(|c| {
            if c.is_alphanumeric() || matches!(c, '.' | '-' | '_' | ' ') {
                c
            } else {
                '_'
            }
        })
        .take(MAX_NAME)
        .collect();
    let trimmed = cleaned.trim().trim_start_matches('.').trim();
    if trimmed.is_empty() {
        "download".to_owned()
    } else {
        trimmed.to_owned()
    }
}

/// The files of a `ui/download-file`, checked, or why they are refused.
fn downloads(params: DownloadFileParams) -> Result<Vec<Download>, String> {
    if params.contents.is_empty() {
        return Err("nothing to download".to_owned());
    }
    if params.contents.len() > MAX_DOWNLOAD_FILES {
        return Err(format!(
            "{} files; at most {MAX_DOWNLOAD_FILES} are downloaded at once",
            params.contents.len()
        ));
    }
    let mut files: Vec<Download> = Vec::new();
    let mut total = 0usize;
    for (index, block) in params.contents.into_iter().enumerate() {
        let file = match block {
            ContentBlock::Resource(embedded) => {
                let resource = embedded.resource;
                let bytes = match (resource.text, resource.blob) {
                    (Some(text), _) => text.into_bytes(),
                    (None, Some(blob)) => base64::engine::general_purpose::STANDARD
                        .decode(blob.trim())
                        .map_err(|e| format!("contents/{index}: the blob is not base64: {e}"))?,
                    (None, None) => {
                        return Err(format!(
                            "contents/{index}: the resource has no text or blob"
                        ));
                    }
                };
                Download {
                    name: safe_file_name(&resource.uri),
                    mime_type: resource.mime_type,
                    content: DownloadContent::Bytes(bytes),
                }
            }
            ContentBlock::ResourceLink(link) => {
                super::check_link(&link.uri).map_err(|why| format!("contents/{index}: {why}"))?;
                let name = if link.name.trim().is_empty() {
                    safe_file_name(&link.uri)
                } else {
                    safe_file_name(&link.name)
                };
                Download {
                    name,
                    mime_type: link.mime_type,
                    content: DownloadContent::Link(link.uri),
                }
            }
            _ => {
                return Err(format!(
                    "contents/{index}: only resources and resource links can be downloaded"
                ));
            }
        };
        total = total.saturating_add(file.size());
        if total > MAX_DOWNLOAD_BYTES {
            return Err(format!(
                "the files are larger than {} MiB together",
                MAX_DOWNLOAD_BYTES / (1024 * 1024)
            ));
        }
        files.push(file);
    }
    Ok(files)
}

impl AppHost {
    /// An app's `ui/download-file`: checked, then handed to the embedder; answered later by
    /// [`Self::download_done`].
    pub(super) fn download_file(
        &mut self,
        instance: InstanceId,
        params: DownloadFileParams,
        id: &RequestId,
    ) -> Result<(), JsonRpcError> {
        if self
            .instances
            .get(&instance)
            .is_some_and(|i| i.download.is_some())
        {
            return Err(JsonRpcError::invalid_request(
                "a download of this app is already waiting for the user",
            ));
        }
        let files = downloads(params).map_err(JsonRpcError::invalid_params)?;
        if let Some(i) = self.instances.get_mut(&instance) {
            i.download = Some(id.clone());
        }
        self.event(HostEvent::DownloadFile {
            instance,
            request: id.to_value(),
            files,
        });
        Ok(())
    }

    /// The embedder's answer to [`HostEvent::DownloadFile`]: saved (`Ok`), or not (`Err` with
    /// why: the user said no, or writing failed; the reason is logged, the app only learns
    /// that it failed).
    pub fn download_done(
        &mut self,
        instance: InstanceId,
        request: &Value,
        outcome: Result<(), &str>,
    ) {
        let Some(i) = self.instances.get_mut(&instance) else {
            return;
        };
        let Some(id) = i.download.take() else {
            return;
        };
        if id.to_value() != *request {
            i.download = Some(id);
            return;
        }
        if let Err(why) = &outcome {
            self.log(
                Some(instance),
                mcpapp_protocol::LoggingLevel::Info,
                format!("download not saved: {why}"),
            );
        }
        let result = UiActionResult {
            is_error: Some(outcome.is_err()),
            ..UiActionResult::default()
        };
        self.send_view_now(instance, wire::reply(id, Ok(wire::result(&result))));
    }
}

/// Writes the files (links are skipped: open them in the browser) into `folder`, each under
/// its name or, when taken, `name (2)`, `name (3)`…; never over an existing file. Returns the
/// paths written.
///
/// # Errors
/// [`Error::Io`] naming the folder or file that could not be created or written.
pub fn save_downloads(folder: &Path, files: &[Download]) -> Result<Vec<PathBuf>, Error> {
    let io = |path: &Path| {
        let path = path.to_owned();
        move |source| Error::Io { path, source }
    };
    std::fs::create_dir_all(folder).map_err(io(folder))?;
    let mut written = Vec::new();
    for file in files {
        let DownloadContent::Bytes(bytes) = &file.content else {
            continue;
        };
        let name = safe_file_name(&file.name);
        let (stem, extension) = match name.rsplit_once('.') {
            Some((stem, ext)) if !stem.is_empty() => (stem.to_owned(), format!(".{ext}")),
            _ => (name.clone(), String::new()),
        };
        let mut saved = None;
        for n in 1..=1000 {
            let candidate = if n == 1 {
                folder.join(&name)
            } else {
                folder.join(format!("{stem} ({n}){extension}"))
            };
            // `create_new` fails on an existing file: nothing is ever overwritten.
            match std::fs::OpenOptions::new()
                .write(true)
                .create_new(true)
                .open(&candidate)
            {
                Ok(mut out) => {
                    std::io::Write::write_all(&mut out, bytes).map_err(io(&candidate))?;
                    saved = Some(candidate);
                    break;
                }
                Err(e) if e.kind() == std::io::ErrorKind::AlreadyExists => {}
                Err(e) => return Err(io(&candidate)(e)),
            }
        }
        let no_free_name = || {
            let why = format!("no free name for {name} (up to 1000 tried)");
            io(folder)(std::io::Error::new(std::io::ErrorKind::AlreadyExists, why))
        };
        written.push(saved.ok_or_else(no_free_name)?);
    }
    Ok(written)
}

/// The user's downloads folder: the platform's (on Linux the XDG user directory), else
/// `Downloads` in the home folder (created when first saved into); `None` without a home.
#[must_use]
pub fn downloads_folder() -> Option<PathBuf> {
    let dirs = directories::UserDirs::new()?;
    Some(
        dirs.download_dir()
            .map_or_else(|| dirs.home_dir().join("Downloads"), Path::to_path_buf),
    )
}
