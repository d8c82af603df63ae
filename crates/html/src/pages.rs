//! The two pages the bridge serves (our own HTML and JavaScript, in `assets/`), filled in with
//! the session's origins when served.

use serde_json::json;

use crate::csp::DEFAULT_POLICY;

const HOST_PAGE: &str = include_str!("../assets/host.html");
const PROXY_PAGE: &str = include_str!("../assets/proxy.html");

/// JSON for an inline `<script>`: `<`, `>` and `&` escaped so no value can close the script.
fn script_json(value: &serde_json::Value) -> String {
    value
        .to_string()
        .replace('<', "\\u003c")
        .replace('>', "\\u003e")
        .replace('&', "\\u0026")
}

/// The host page: relays between the bridge's WebSocket and the proxy frame at `proxy_origin`.
/// `nonce` must be the one in the page's CSP header.
pub(crate) fn host_page(nonce: &str, proxy_origin: &str) -> String {
    let config = json!({
        "proxyOrigin": proxy_origin,
        "proxyUrl": format!("{proxy_origin}/proxy"),
    });
    HOST_PAGE
        .replace("__NONCE__", nonce)
        .replace("__CONFIG__", &script_json(&config))
}

/// The host page's CSP header: its own nonce'd script and style, the WebSocket to the host
/// origin, the proxy frame, and no framing by anyone.
pub(crate) fn host_page_policy(nonce: &str, host_authority: &str, proxy_origin: &str) -> String {
    format!(
        "default-src 'none'; script-src 'nonce-{nonce}'; style-src 'nonce-{nonce}'; \
         connect-src ws://{host_authority}; frame-src {proxy_origin}; frame-ancestors 'none'; \
         base-uri 'none'; form-action 'none'"
    )
}

/// The sandbox proxy page, which accepts its parent only from `host_origin`.
pub(crate) fn proxy_page(host_origin: &str) -> String {
    let config = json!({
        "hostOrigin": host_origin,
        "defaultPolicy": DEFAULT_POLICY,
    });
    PROXY_PAGE.replace("__CONFIG__", &script_json(&config))
}
