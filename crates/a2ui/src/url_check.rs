//! The one rule for URLs a surface may show or open (images, video, audio, `openUrl`, the
//! theme's icon): an absolute `https`, `http` or `mailto` URL. Everything else
//! (`javascript:`, `file:`, `data:`, relative paths, an app's own scheme) is refused.

use url::Url;

use crate::error::A2uiError;
use crate::limits::truncate_text;

/// The schemes allowed.
pub const ALLOWED_SCHEMES: [&str; 3] = ["https", "http", "mailto"];

/// The URL, parsed, when it is allowed.
pub fn check_url(text: &str) -> Result<Url, A2uiError> {
    let refuse = |reason: String| A2uiError::UnsafeUrl {
        url: truncate_text(text.to_owned(), 120),
        reason,
    };
    let url = Url::parse(text.trim()).map_err(|e| refuse(e.to_string()))?;
    if ALLOWED_SCHEMES.contains(&url.scheme()) {
        Ok(url)
    } else {
        Err(refuse(format!(
            "the scheme `{}` is not one of https, http, mailto",
            url.scheme()
        )))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn allows_web_and_mail_only() {
        assert!(check_url("https://example.com/a.png").is_ok());
        assert!(check_url("mailto:a@example.com").is_ok());
        assert!(check_url("javascript:alert(1)").is_err());
        assert!(check_url("file:///etc/passwd").is_err());
        assert!(check_url("data:image/png;base64,AAAA").is_err());
        assert!(check_url("/relative.png").is_err());
    }
}
