//! The app frame's Content Security Policy and `allow` attribute, built from the resource's
//! `_meta.ui` as the spec says, with every domain string checked first.
//!
//! Domain strings come from the MCP server unchecked. A value such as
//! `"https://a.com; script-src *"` would add a directive if it were pasted into the policy, and
//! `"*"` would allow every origin; so each entry must be a plain origin (see [`is_safe_origin`])
//! or it is dropped. The sandbox proxy page checks the policy string again before using it.

use mcpapp_protocol::{ResourceCsp, ResourcePermissions};

/// The policy when the resource declares no `csp` (the spec's restrictive default, with the
/// draft's `object-src 'none'` and explicit `frame-src`/`base-uri`).
pub const DEFAULT_POLICY: &str = "default-src 'none'; script-src 'self' 'unsafe-inline'; \
style-src 'self' 'unsafe-inline'; img-src 'self' data:; media-src 'self' data:; \
connect-src 'none'; frame-src 'none'; object-src 'none'; base-uri 'self'";

/// Longest domain entry accepted (a DNS name is at most 253 characters).
const MAX_ORIGIN_LEN: usize = 300;

/// The most bytes of origins one list keeps. The resource list is written five times into the
/// policy and the three others once each, so the whole policy stays under the 64 KiB the sandbox
/// proxy accepts (a longer one would be replaced by the restrictive default there, and the app
/// would silently lose every domain it declared).
const MAX_LIST_BYTES: usize = 6 * 1024;

/// Whether `value` is an origin safe to put into a CSP source list: `scheme://host[:port]` with
/// an optional trailing `/`, where the scheme is `http`, `https`, `ws` or `wss`, the host is a DNS
/// name (optionally starting with one `*.` label, followed by at least two labels) or an IPv4 address, and the port is digits or
/// `*`.
///
/// Anything else — a bare `*`, a scheme alone, a path, a query, quotes, `;`, commas or
/// whitespace — is refused, so an entry can never add a keyword or a directive.
#[must_use]
pub fn is_safe_origin(value: &str) -> bool {
    if value.is_empty() || value.len() > MAX_ORIGIN_LEN {
        return false;
    }
    let value = value.strip_suffix('/').unwrap_or(value);
    let Some((scheme, rest)) = value.split_once("://") else {
        return false;
    };
    if !matches!(
        scheme.to_ascii_lowercase().as_str(),
        "http" | "https" | "ws" | "wss"
    ) {
        return false;
    }
    let (host, port) = match rest.rsplit_once(':') {
        Some((host, port)) => (host, Some(port)),
        None => (rest, None),
    };
    if let Some(port) = port {
        let digits =
            !port.is_empty() && port.len() <= 5 && port.bytes().all(|b| b.is_ascii_digit());
        if !(digits || port == "*") {
            return false;
        }
    }
    let (wildcard, host) = match host.strip_prefix("*.") {
        Some(rest) => (true, rest),
        None => (false, host),
    };
    // A wildcard covers the subdomains of one named domain, never a whole top-level domain.
    if wildcard && !host.contains('.') {
        return false;
    }
    !host.is_empty()
        && host.len() <= 253
        && host.split('.').all(|label| {
            !label.is_empty()
                && label.len() <= 63
                && !label.starts_with('-')
                && !label.ends_with('-')
                && label
                    .bytes()
                    .all(|b| b.is_ascii_alphanumeric() || b == b'-')
        })
}

/// What an embedder lets apps' CSP domains name.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct CspOptions {
    /// Whether loopback and private-network origins (`localhost`, `127.0.0.0/8`, `10.0.0.0/8`,
    /// `172.16.0.0/12`, `192.168.0.0/16`, `169.254.0.0/16`, `0.0.0.0`) may be declared. Off by
    /// default: an app from a remote server has no business on the user's own machine or
    /// network (a development host turns it on for its local test servers).
    pub allow_private_origins: bool,
}

/// Whether the host of an origin accepted by [`is_safe_origin`] is the user's own machine or
/// private network.
#[must_use]
pub fn is_private_origin(origin: &str) -> bool {
    let rest = origin.split_once("://").map_or(origin, |(_, rest)| rest);
    let rest = rest.strip_suffix('/').unwrap_or(rest);
    let host = rest
        .rsplit_once(':')
        .map_or(rest, |(host, _)| host)
        .to_ascii_lowercase();
    let host = host.strip_prefix("*.").unwrap_or(&host);
    if host == "localhost" || host.ends_with(".localhost") {
        return true;
    }
    let Ok(ip) = host.parse::<std::net::Ipv4Addr>() else {
        return false;
    };
    ip.is_loopback() || ip.is_private() || ip.is_link_local() || ip.is_unspecified()
}

/// The entries of `list` that are safe origins, in order, with the default [`CspOptions`]: see
/// [`safe_origins_with`].
#[must_use]
pub fn safe_origins(list: Option<&[String]>) -> Vec<String> {
    safe_origins_with(list, &CspOptions::default())
}

/// The entries of `list` that are safe origins (scheme and host in lower case, trailing `/`
/// removed, duplicates dropped), in order; private ones only if `options` allow them; at most
/// 6 KiB of them (the first ones). The refused ones are logged, and [`refusals`] says which
/// and why.
#[must_use]
pub fn safe_origins_with(list: Option<&[String]>, options: &CspOptions) -> Vec<String> {
    sift(list, *options).0
}

/// Why the host refused an entry of what an app declared for its sandbox.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[non_exhaustive]
pub enum RefusalReason {
    /// Not a plain origin (`scheme://host[:port]`): it could add a keyword or a directive.
    NotAnOrigin,
    /// An origin on the user's machine or private network, which the host does not allow
    /// ([`CspOptions::allow_private_origins`]).
    PrivateNetwork,
    /// Beyond the 6 KiB of origins one list keeps.
    OverLimit,
    /// A permission the host does not know, so cannot grant.
    UnknownPermission,
}

impl std::fmt::Display for RefusalReason {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(match self {
            Self::NotAnOrigin => "not a plain origin (scheme://host[:port])",
            Self::PrivateNetwork => {
                "an origin on this machine or a private network, which the host does not allow \
                 (a host for developing apps can allow private origins)"
            }
            Self::OverLimit => "beyond the 6 KiB of origins one list keeps",
            Self::UnknownPermission => "not a permission the host knows",
        })
    }
}

/// One entry an app declared for its sandbox (a CSP domain, a permission) that the host
/// refused, and why: told to the user once per app, so an app that cannot reach its backend
/// is not a mystery.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SandboxRefusal {
    /// Where it was declared: `connectDomains`, `resourceDomains`, `frameDomains`,
    /// `baseUriDomains` or `permissions`.
    pub field: &'static str,
    /// The entry as the server wrote it (untrusted: print it escaped, as [`Display`] does).
    ///
    /// [`Display`]: std::fmt::Display
    pub entry: String,
    /// Why it was refused.
    pub reason: RefusalReason,
}

impl std::fmt::Display for SandboxRefusal {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        // Escaped and cut: the entry comes from the server.
        let entry: String = self.entry.chars().take(120).collect();
        let cut = if entry.len() < self.entry.len() {
            "…"
        } else {
            ""
        };
        write!(
            f,
            "refused {} entry {:?}{cut}: {}",
            self.field, entry, self.reason
        )
    }
}

/// Everything in `csp` and `permissions` that the host refuses with `options`, in the order
/// declared.
#[must_use]
pub fn refusals(
    csp: Option<&ResourceCsp>,
    permissions: Option<&ResourcePermissions>,
    options: &CspOptions,
) -> Vec<SandboxRefusal> {
    let mut refused = Vec::new();
    if let Some(csp) = csp {
        for (field, list) in [
            ("connectDomains", &csp.connect_domains),
            ("resourceDomains", &csp.resource_domains),
            ("frameDomains", &csp.frame_domains),
            ("baseUriDomains", &csp.base_uri_domains),
        ] {
            refused.extend(
                sift(list.as_deref(), *options)
                    .1
                    .into_iter()
                    .map(|(entry, reason)| SandboxRefusal {
                        field,
                        entry,
                        reason,
                    }),
            );
        }
    }
    if let Some(permissions) = permissions {
        refused.extend(permissions.extra.keys().map(|key| SandboxRefusal {
            field: "permissions",
            entry: key.clone(),
            reason: RefusalReason::UnknownPermission,
        }));
    }
    refused
}

/// The safe origins of `list` (see [`safe_origins_with`]) and the entries refused, with why.
fn sift(
    list: Option<&[String]>,
    options: CspOptions,
) -> (Vec<String>, Vec<(String, RefusalReason)>) {
    let mut kept: Vec<String> = Vec::new();
    let mut refused = Vec::new();
    let mut bytes = 0;
    // Once a list is full, the rest of it is refused: the first origins are the ones kept.
    let mut full = false;
    for entry in list.unwrap_or_default() {
        if !is_safe_origin(entry) {
            tracing::warn!(entry, "dropped a CSP domain that is not a plain origin");
            refused.push((entry.clone(), RefusalReason::NotAnOrigin));
            continue;
        }
        if !options.allow_private_origins && is_private_origin(entry) {
            tracing::warn!(
                entry,
                "dropped a CSP domain on the user's machine or private network"
            );
            refused.push((entry.clone(), RefusalReason::PrivateNetwork));
            continue;
        }
        // One spelling: the proxy checks the policy with a lower-case pattern, so `HTTPS://`
        // must not get there as it was written.
        let origin = entry
            .strip_suffix('/')
            .unwrap_or(entry)
            .to_ascii_lowercase();
        if kept.contains(&origin) {
            continue;
        }
        if full || bytes + origin.len() + 1 > MAX_LIST_BYTES {
            full = true;
            refused.push((entry.clone(), RefusalReason::OverLimit));
            continue;
        }
        bytes += origin.len() + 1;
        kept.push(origin);
    }
    if full {
        tracing::warn!(
            kept = kept.len(),
            "dropped the CSP domains beyond {MAX_LIST_BYTES} bytes of one list"
        );
    }
    (kept, refused)
}

/// [`sanitize_csp_with`] with the default [`CspOptions`].
#[must_use]
pub fn sanitize_csp(csp: &ResourceCsp) -> ResourceCsp {
    sanitize_csp_with(csp, &CspOptions::default())
}

/// The resource's CSP with every list reduced to its safe origins ([`safe_origins_with`]) and
/// non-standard members removed: what the bridge tells the proxy.
#[must_use]
pub fn sanitize_csp_with(csp: &ResourceCsp, options: &CspOptions) -> ResourceCsp {
    let clean = |list: Option<&Vec<String>>| list.map(|l| safe_origins_with(Some(l), options));
    ResourceCsp {
        connect_domains: clean(csp.connect_domains.as_ref()),
        resource_domains: clean(csp.resource_domains.as_ref()),
        frame_domains: clean(csp.frame_domains.as_ref()),
        base_uri_domains: clean(csp.base_uri_domains.as_ref()),
        extra: serde_json::Map::new(),
    }
}

/// The app frame's policy for the resource's `_meta.ui.csp`, per the spec:
///
/// - absent: [`DEFAULT_POLICY`];
/// - present (R = resource domains): `default-src 'none'; script-src 'self' 'unsafe-inline' R;
///   style-src 'self' 'unsafe-inline' R; connect-src 'self' <connect>; img-src 'self' data: R;
///   font-src 'self' R; media-src 'self' data: R; frame-src <frame or 'none'>;
///   object-src 'none'; base-uri <baseUri or 'self'>`.
///
/// Only safe origins ([`is_safe_origin`]) get in; the rest are dropped.
#[must_use]
pub fn build_policy(csp: Option<&ResourceCsp>) -> String {
    build_policy_with(csp, &CspOptions::default())
}

/// [`build_policy`] with these [`CspOptions`].
#[must_use]
pub fn build_policy_with(csp: Option<&ResourceCsp>, options: &CspOptions) -> String {
    let Some(csp) = csp else {
        return DEFAULT_POLICY.to_owned();
    };
    let with = |base: &str, extra: &[String]| {
        let mut sources = base.to_owned();
        for origin in extra {
            sources.push(' ');
            sources.push_str(origin);
        }
        sources
    };
    let or = |fallback: &str, list: &[String]| {
        if list.is_empty() {
            fallback.to_owned()
        } else {
            list.join(" ")
        }
    };
    let resources = safe_origins_with(csp.resource_domains.as_deref(), options);
    let connect = safe_origins_with(csp.connect_domains.as_deref(), options);
    let frames = safe_origins_with(csp.frame_domains.as_deref(), options);
    let base_uris = safe_origins_with(csp.base_uri_domains.as_deref(), options);
    [
        "default-src 'none'".to_owned(),
        format!("script-src {}", with("'self' 'unsafe-inline'", &resources)),
        format!("style-src {}", with("'self' 'unsafe-inline'", &resources)),
        format!("connect-src {}", with("'self'", &connect)),
        format!("img-src {}", with("'self' data:", &resources)),
        format!("font-src {}", with("'self'", &resources)),
        format!("media-src {}", with("'self' data:", &resources)),
        format!("frame-src {}", or("'none'", &frames)),
        "object-src 'none'".to_owned(),
        format!("base-uri {}", or("'self'", &base_uris)),
    ]
    .join("; ")
}

/// The app frame's `allow` attribute for the permissions the resource asks for (the spec's
/// features `camera`, `microphone`, `geolocation`, `clipboard-write`, joined with `"; "`);
/// unknown permissions are ignored. Empty when nothing is asked for.
#[must_use]
pub fn allow_attribute(permissions: Option<&ResourcePermissions>) -> String {
    permissions
        .map(ResourcePermissions::policy_features)
        .unwrap_or_default()
        .join("; ")
}

/// The permissions with only the members this crate knows: what the bridge tells the proxy.
#[must_use]
pub fn sanitize_permissions(permissions: &ResourcePermissions) -> ResourcePermissions {
    ResourcePermissions {
        camera: permissions.camera,
        microphone: permissions.microphone,
        geolocation: permissions.geolocation,
        clipboard_write: permissions.clipboard_write,
        extra: serde_json::Map::new(),
    }
}
