//! Handing a host page's address to a browser without showing its session token to other
//! local users.
//!
//! The address carries the bridge's one-session token, and whoever connects first with it owns
//! the app. A command line is readable by every local user (`/proc/*/cmdline`), so the token
//! never goes on one: the browser is given a `file://` page instead, written where only this
//! user can read it (a fresh `0700` directory, a `0600` file), that sends it on to the real
//! address. The file is removed with the [`Handover`].

use std::fmt::Write as _;
use std::io::Write as _;
use std::path::{Path, PathBuf};

use tempfile::TempDir;

use crate::HtmlError;

/// A private page that forwards the browser to a host page address. Dropping it removes it.
#[derive(Debug)]
pub struct Handover {
    _dir: TempDir,
    path: PathBuf,
    file_url: String,
}

impl Handover {
    /// Writes the forwarding page for `url`.
    pub fn write(url: &str) -> Result<Self, HtmlError> {
        let mut builder = tempfile::Builder::new();
        builder.prefix("mcpapp-open-");
        #[cfg(unix)]
        {
            use std::os::unix::fs::PermissionsExt as _;
            builder.permissions(std::fs::Permissions::from_mode(0o700));
        }
        let dir = builder
            .tempdir()
            .map_err(|e| HtmlError::io("creating a directory for the page's address", e))?;
        let path = dir.path().join("open.html");
        let mut options = std::fs::OpenOptions::new();
        options.write(true).create_new(true);
        #[cfg(unix)]
        {
            use std::os::unix::fs::OpenOptionsExt as _;
            options.mode(0o600);
        }
        let mut file = options
            .open(&path)
            .map_err(|e| HtmlError::io(format!("creating {}", path.display()), e))?;
        file.write_all(forwarding_page(url).as_bytes())
            .map_err(|e| HtmlError::io(format!("writing {}", path.display()), e))?;
        let file_url = url::Url::from_file_path(&path)
            .map_err(|()| {
                HtmlError::io(
                    format!("naming {} as a file URL", path.display()),
                    std::io::Error::other("not an absolute path"),
                )
            })?
            .to_string();
        Ok(Self {
            _dir: dir,
            path,
            file_url,
        })
    }

    /// The `file://` address to give the browser: it names the page, not the token.
    #[must_use]
    pub fn file_url(&self) -> &str {
        &self.file_url
    }

    /// The page's path.
    #[must_use]
    pub fn path(&self) -> &Path {
        &self.path
    }
}

/// A page that goes on to `url` at once (a refresh, so no script is needed), with a link for
/// a browser that does not follow it.
fn forwarding_page(url: &str) -> String {
    let url = attribute(url);
    let mut page = String::from("<!doctype html><meta charset=\"utf-8\">");
    let _ = write!(
        page,
        "<meta http-equiv=\"refresh\" content=\"0;url={url}\"><meta name=\"referrer\" \
         content=\"no-referrer\"><title>Opening the app</title>\
         <p><a href=\"{url}\">Open the app</a></p>"
    );
    page
}

/// `text` escaped for a double-quoted HTML attribute.
fn attribute(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '"' => out.push_str("&quot;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            _ => out.push(c),
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_page_is_private_and_its_address_holds_no_token() {
        let url = "http://127.0.0.1:4000/host?token=0123abcd&x=\"<y>\"";
        let Ok(handover) = Handover::write(url) else {
            panic!("could not write the handover page");
        };
        assert!(handover.file_url().starts_with("file:///"));
        assert!(!handover.file_url().contains("0123abcd"));
        let text = std::fs::read_to_string(handover.path()).unwrap_or_default();
        assert!(text.contains(
            "content=\"0;url=http://127.0.0.1:4000/host?token=0123abcd&amp;x=&quot;&lt;y&gt;&quot;\""
        ));
        #[cfg(unix)]
        {
            use std::os::unix::fs::PermissionsExt as _;
            let mode =
                |p: &Path| std::fs::metadata(p).map_or(0, |m| m.permissions().mode() & 0o777);
            assert_eq!(mode(handover.path()), 0o600);
            assert_eq!(
                mode(handover.path().parent().unwrap_or(Path::new("/"))),
                0o700
            );
        }
        let path = handover.path().to_path_buf();
        drop(handover);
        assert!(!path.exists(), "removed with the handover");
    }
}
