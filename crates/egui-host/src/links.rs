//! The one policy for opening a link an app or a server's question asks to open: checked by
//! the host's rules first ([`mcpapp_host::check_link`]: `http` or `https` only, no whitespace,
//! control or text-reordering characters, bounded length, a valid URL), then handed to the
//! operating system's opener as one argument ([`mcpapp_html::presenter::open_in_browser`]),
//! never through a shell.

use crate::EguiHostError;

/// Opens `url` in the user's browser if the host's rules allow it. Blocks only while the
/// opener starts (it does not wait for the browser).
pub fn open_link(url: &str) -> Result<(), EguiHostError> {
    mcpapp_host::check_link(url).map_err(|why| EguiHostError::Link(why.to_string()))?;
    let runtime = tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()
        .map_err(|e| EguiHostError::Link(format!("cannot start the opener: {e}")))?;
    runtime
        .block_on(mcpapp_html::presenter::open_in_browser(url))
        .map_err(|e| EguiHostError::Link(format!("cannot open the browser: {e}")))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn links_the_host_refuses_are_never_handed_to_the_opener() {
        for url in [
            "javascript:alert(1)",
            "file:///etc/passwd",
            "https://example.com/\u{202e}gpj.exe",
            "https://example.com/a b",
            "mailto:someone@example.com",
        ] {
            let refused = open_link(url).unwrap_err();
            let EguiHostError::Link(why) = &refused else {
                panic!("{refused:?}");
            };
            assert_eq!(
                Some(why.as_str()),
                mcpapp_host::check_link(url)
                    .err()
                    .map(|why| why.to_string())
                    .as_deref(),
                "{url}"
            );
        }
    }
}
