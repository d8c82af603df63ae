//! The app frame's CSP: any JSON as a resource's `_meta.ui` (read with
//! `ResourceUiMeta::from_meta`, as the host does) and, leniently, as a `csp` object whose domain
//! lists keep only their strings (a bare array stands for all four lists), so that the builder
//! sees every string the fuzzer makes → `csp::build_policy_with`, private origins allowed and not.
//!
//! Properties: nothing panics; every policy the builder makes is one the sandbox proxy accepts
//! as it is, checked by a mirror of `checkedPolicy` in `crates/html/assets/proxy.html` whose
//! directive names, keywords and origin pattern are read from that file (so the two cannot drift
//! apart unnoticed): printable ASCII, no `"<>&,\`, the ten directives once each in the builder's
//! order, `default-src 'none'`, every source a keyword or an origin. Beyond the proxy: every
//! origin in the policy is one of the declared entries (lower-cased, without a trailing `/`), a
//! private one only when allowed; `sanitize_csp_with` keeps only safe origins.
#![no_main]

use std::sync::LazyLock;

use libfuzzer_sys::fuzz_target;
use mcpapp_html::csp::{
    CspOptions, DEFAULT_POLICY, allow_attribute, build_policy_with, is_private_origin,
    is_safe_origin, sanitize_csp_with,
};
use mcpapp_protocol::{ResourceCsp, ResourceUiMeta};
use regex::Regex;
use serde_json::{Map, Value, json};

const PROXY: &str = include_str!("../../crates/html/assets/proxy.html");

/// The directives, in the order the builder writes them.
const ORDER: [&str; 10] = [
    "default-src",
    "script-src",
    "style-src",
    "connect-src",
    "img-src",
    "font-src",
    "media-src",
    "frame-src",
    "object-src",
    "base-uri",
];

/// What the proxy's `checkedPolicy` accepts, read from its source.
struct Proxy {
    directives: Vec<String>,
    keywords: Vec<String>,
    origin: Regex,
}

/// The double-quoted strings of the JavaScript statement that starts with `start`.
fn js_strings(start: &str) -> Vec<String> {
    let from = PROXY
        .find(start)
        .unwrap_or_else(|| panic!("proxy.html has no `{start}`"));
    let statement = &PROXY[from..from + PROXY[from..].find(");").expect("statement end")];
    statement
        .split('"')
        .skip(1)
        .step_by(2)
        .map(str::to_owned)
        .collect()
}

static PROXY_RULES: LazyLock<Proxy> = LazyLock::new(|| {
    let start = "const ORIGIN = /";
    let from = PROXY.find(start).expect("proxy.html has no ORIGIN pattern") + start.len();
    let end = PROXY[from..].find("/;\n").expect("ORIGIN pattern end");
    // The JavaScript literal escapes `/` as `\/`; Rust's regex does not need it.
    let pattern = PROXY[from..from + end].replace("\\/", "/");
    let proxy = Proxy {
        directives: js_strings("const DIRECTIVES = new Set(["),
        keywords: js_strings("const KEYWORDS = new Set(["),
        origin: Regex::new(&pattern).expect("the proxy's ORIGIN pattern"),
    };
    assert_eq!(
        proxy.directives.len(),
        ORDER.len(),
        "{:?}",
        proxy.directives
    );
    assert!(proxy.origin.is_match("https://a.example.com:443"));
    proxy
});

/// Whether the proxy's `checkedPolicy` keeps `policy` (rather than its default).
fn proxy_accepts(policy: &str) -> bool {
    let rules = &*PROXY_RULES;
    if policy.encode_utf16().count() > 65536
        || !policy
            .bytes()
            .all(|b| (0x21..=0x7e).contains(&b) || b == b' ')
        || policy.contains(['"', '<', '>', '&', ',', '\\'])
    {
        return false;
    }
    let mut seen: Vec<&str> = Vec::new();
    for part in policy.split(';') {
        let mut tokens = part.trim().split(' ');
        let name = tokens.next().unwrap_or_default();
        let sources: Vec<&str> = tokens.collect();
        if !rules.directives.iter().any(|d| d == name) || seen.contains(&name) || sources.is_empty()
        {
            return false;
        }
        seen.push(name);
        for source in &sources {
            if !rules.keywords.iter().any(|k| k == source) && !rules.origin.is_match(source) {
                return false;
            }
        }
        if name == "default-src" && sources != ["'none'"] {
            return false;
        }
    }
    seen.contains(&"default-src")
}

/// The strings of a list, or of every list when `value` is a bare array.
fn strings(value: Option<&Value>) -> Option<Vec<String>> {
    match value? {
        Value::Array(items) => Some(
            items
                .iter()
                .filter_map(Value::as_str)
                .map(str::to_owned)
                .collect(),
        ),
        Value::String(s) => Some(vec![s.clone()]),
        _ => None,
    }
}

fn lenient_csp(value: &Value) -> ResourceCsp {
    match value {
        Value::Array(_) => {
            let all = strings(Some(value));
            ResourceCsp {
                connect_domains: all.clone(),
                resource_domains: all.clone(),
                frame_domains: all.clone(),
                base_uri_domains: all,
                extra: Map::new(),
            }
        }
        Value::Object(map) => {
            let map = map.get("csp").and_then(Value::as_object).unwrap_or(map);
            ResourceCsp {
                connect_domains: strings(map.get("connectDomains")),
                resource_domains: strings(map.get("resourceDomains")),
                frame_domains: strings(map.get("frameDomains")),
                base_uri_domains: strings(map.get("baseUriDomains")),
                extra: Map::new(),
            }
        }
        _ => ResourceCsp::default(),
    }
}

fn check(csp: &ResourceCsp) {
    let declared: Vec<String> = [
        &csp.connect_domains,
        &csp.resource_domains,
        &csp.frame_domains,
        &csp.base_uri_domains,
    ]
    .into_iter()
    .flatten()
    .flatten()
    .map(|d| d.strip_suffix('/').unwrap_or(d).to_ascii_lowercase())
    .collect();
    for allow_private_origins in [false, true] {
        let options = CspOptions {
            allow_private_origins,
        };
        let policy = build_policy_with(Some(csp), &options);
        assert!(proxy_accepts(&policy), "the proxy refuses {policy:?}");
        let names: Vec<&str> = policy
            .split("; ")
            .map(|d| d.split(' ').next().unwrap_or_default())
            .collect();
        assert_eq!(names, ORDER, "{policy:?}");
        for source in policy.split("; ").flat_map(|d| d.split(' ').skip(1)) {
            if PROXY_RULES.keywords.iter().any(|k| k == source) {
                continue;
            }
            assert!(
                declared.iter().any(|d| d == source),
                "{source:?} was not declared: {policy:?}"
            );
            assert!(is_safe_origin(source), "{source:?} in {policy:?}");
            assert!(
                allow_private_origins || !is_private_origin(source),
                "{source:?} is private: {policy:?}"
            );
        }
        let clean = sanitize_csp_with(csp, &options);
        assert!(clean.extra.is_empty());
        for list in [
            &clean.connect_domains,
            &clean.resource_domains,
            &clean.frame_domains,
            &clean.base_uri_domains,
        ] {
            for origin in list.iter().flatten() {
                assert!(is_safe_origin(origin), "{origin:?} kept by sanitize_csp");
            }
        }
    }
}

fuzz_target!(|data: &[u8]| {
    let Ok(value) = serde_json::from_slice::<Value>(data) else {
        return;
    };
    check(&lenient_csp(&value));
    let meta = match json!({ "ui": value.clone() }) {
        Value::Object(meta) => meta,
        _ => return,
    };
    if let Ok(Some(ui)) = ResourceUiMeta::from_meta(&meta) {
        if let Some(csp) = &ui.csp {
            check(csp);
        }
        let _ = allow_attribute(ui.permissions.as_ref());
    }
    assert!(proxy_accepts(DEFAULT_POLICY));
});
