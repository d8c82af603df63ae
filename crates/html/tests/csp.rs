//! The app frame's CSP and `allow` attribute, built from `_meta.ui` (spec §2.2, §5), and the
//! domain checks that keep server strings from adding directives.

#![cfg(test)] // clippy.toml's allowances for tests hold in every function here

use mcpapp_html::csp::{
    DEFAULT_POLICY, allow_attribute, build_policy, is_safe_origin, safe_origins, sanitize_csp,
};
use mcpapp_protocol::{ResourceCsp, ResourcePermissions};
use serde_json::json;

fn csp(value: serde_json::Value) -> ResourceCsp {
    serde_json::from_value(value).unwrap()
}

/// The directive `name` of `policy`, as written.
fn directive<'a>(policy: &'a str, name: &str) -> Option<&'a str> {
    policy
        .split(';')
        .map(str::trim)
        .find(|d| d.split(' ').next() == Some(name))
}

#[test]
fn no_csp_gives_the_restrictive_default() {
    assert_eq!(build_policy(None), DEFAULT_POLICY);
    for part in [
        "default-src 'none'",
        "script-src 'self' 'unsafe-inline'",
        "style-src 'self' 'unsafe-inline'",
        "img-src 'self' data:",
        "media-src 'self' data:",
        "connect-src 'none'",
        "frame-src 'none'",
        "object-src 'none'",
    ] {
        assert_eq!(
            directive(DEFAULT_POLICY, part.split(' ').next().unwrap()),
            Some(part)
        );
    }
}

#[test]
fn an_empty_csp_allows_nothing_outside() {
    let policy = build_policy(Some(&ResourceCsp::default()));
    assert_eq!(
        policy,
        "default-src 'none'; script-src 'self' 'unsafe-inline'; style-src 'self' 'unsafe-inline'; \
         connect-src 'self'; img-src 'self' data:; font-src 'self'; media-src 'self' data:; \
         frame-src 'none'; object-src 'none'; base-uri 'self'"
    );
}

#[test]
fn declared_domains_go_where_the_spec_says() {
    let policy = build_policy(Some(&csp(json!({
        "connectDomains": ["https://api.example.com", "wss://live.example.com:8443"],
        "resourceDomains": ["https://cdn.example.com", "https://*.fonts.example.org/"],
        "frameDomains": ["https://www.youtube.com"],
        "baseUriDomains": ["https://base.example.com"],
    }))));
    let r = "https://cdn.example.com https://*.fonts.example.org";
    let expected = [
        (
            "connect-src",
            "connect-src 'self' https://api.example.com wss://live.example.com:8443".to_owned(),
        ),
        (
            "script-src",
            format!("script-src 'self' 'unsafe-inline' {r}"),
        ),
        ("style-src", format!("style-src 'self' 'unsafe-inline' {r}")),
        ("img-src", format!("img-src 'self' data: {r}")),
        ("font-src", format!("font-src 'self' {r}")),
        ("media-src", format!("media-src 'self' data: {r}")),
        ("frame-src", "frame-src https://www.youtube.com".to_owned()),
        ("base-uri", "base-uri https://base.example.com".to_owned()),
        ("default-src", "default-src 'none'".to_owned()),
    ];
    for (name, value) in &expected {
        assert_eq!(directive(&policy, name), Some(value.as_str()), "{name}");
    }
    assert_eq!(directive(&policy, "object-src"), Some("object-src 'none'"));
}

#[test]
fn injection_attempts_and_wildcards_are_dropped() {
    let hostile = [
        "https://a.com; script-src *",
        "https://a.com script-src *",
        "*",
        "https://*",
        "https://*.com",
        "'unsafe-eval'",
        "'self'",
        "data:",
        "blob:",
        "https:",
        "javascript:alert(1)",
        "https://a.com/path",
        "https://a.com?x=1",
        "https://a.com#x",
        "https://a.com\n; connect-src *",
        "https://a.com\"><script>alert(1)</script>",
        "https://a.com,https://b.com",
        "https://user@a.com",
        "https://a.com:99999999",
        "https://a.com:",
        "ftp://a.com",
        "https://-a.com",
        "https://a..com",
        "",
        " https://a.com",
        "https://a.com ",
    ];
    for entry in hostile {
        assert!(!is_safe_origin(entry), "{entry:?} must be refused");
    }
    let mut declared: Vec<String> = hostile.iter().map(|s| (*s).to_owned()).collect();
    declared.push("https://ok.example.com".to_owned());
    let policy = build_policy(Some(&ResourceCsp {
        connect_domains: Some(declared.clone()),
        resource_domains: Some(declared.clone()),
        frame_domains: Some(declared.clone()),
        base_uri_domains: Some(declared),
        ..ResourceCsp::default()
    }));
    assert_eq!(
        directive(&policy, "connect-src"),
        Some("connect-src 'self' https://ok.example.com")
    );
    assert_eq!(
        directive(&policy, "frame-src"),
        Some("frame-src https://ok.example.com")
    );
    // Still exactly the ten directives, and nothing but origins and the fixed keywords.
    assert_eq!(policy.split(';').count(), 10, "{policy}");
    assert!(!policy.contains('*'), "{policy}");
    assert!(!policy.contains("unsafe-eval"), "{policy}");
}

#[test]
fn plain_origins_are_accepted() {
    for ok in [
        "https://example.com",
        "https://example.com/",
        "http://127.0.0.1:8080",
        "http://localhost:3000",
        "wss://live.example.com",
        "ws://127.0.0.1:9",
        "https://*.example.com",
        "https://example.com:*",
        "HTTPS://Example.COM",
    ] {
        assert!(is_safe_origin(ok), "{ok:?} should be accepted");
    }
}

#[test]
fn sanitizing_keeps_safe_origins_once_and_drops_the_rest() {
    let list = vec![
        "https://a.com/".to_owned(),
        "https://a.com".to_owned(),
        "*".to_owned(),
        "https://b.com".to_owned(),
    ];
    assert_eq!(
        safe_origins(Some(&list)),
        ["https://a.com", "https://b.com"]
    );
    let clean = sanitize_csp(&csp(json!({
        "connectDomains": ["https://a.com; script-src *", "https://b.com"],
        "wasmUnsafeEval": true,
    })));
    assert_eq!(
        clean.connect_domains,
        Some(vec!["https://b.com".to_owned()])
    );
    assert_eq!(clean.resource_domains, None);
    assert!(
        clean.extra.is_empty(),
        "non-standard members are not passed on"
    );
}

#[test]
fn permissions_become_the_allow_attribute() {
    assert_eq!(allow_attribute(None), "");
    assert_eq!(allow_attribute(Some(&ResourcePermissions::default())), "");
    let all: ResourcePermissions = serde_json::from_value(json!({
        "camera": {}, "microphone": {}, "geolocation": {}, "clipboardWrite": {}, "usb": {}
    }))
    .unwrap();
    assert_eq!(
        allow_attribute(Some(&all)),
        "camera; microphone; geolocation; clipboard-write"
    );
    let some: ResourcePermissions =
        serde_json::from_value(json!({"clipboardWrite": {}, "geolocation": {}})).unwrap();
    assert_eq!(allow_attribute(Some(&some)), "geolocation; clipboard-write");
}

#[test]
fn private_origins_need_the_embedders_opt_in_and_schemes_are_written_one_way() {
    let list: Vec<String> = [
        "http://127.0.0.1:8080",
        "http://localhost:3000",
        "https://app.localhost",
        "http://10.1.2.3",
        "http://172.20.0.1",
        "http://192.168.1.1",
        "http://169.254.169.254",
        "http://0.0.0.0",
        "HTTPS://API.Example.COM",
        "https://172.15.0.1",
    ]
    .iter()
    .map(|s| (*s).to_owned())
    .collect();
    assert_eq!(
        safe_origins(Some(&list)),
        ["https://api.example.com", "https://172.15.0.1"]
    );
    let open = mcpapp_html::csp::CspOptions {
        allow_private_origins: true,
    };
    assert_eq!(
        mcpapp_html::csp::safe_origins_with(Some(&list), &open).len(),
        10
    );
    // An upper-case scheme reaches the policy in lower case (the proxy's check is exact): it
    // no longer resets the whole policy to the default.
    let policy = build_policy(Some(&ResourceCsp {
        connect_domains: Some(vec!["HTTPS://API.Example.COM".to_owned()]),
        ..ResourceCsp::default()
    }));
    assert!(
        policy.contains("connect-src 'self' https://api.example.com;"),
        "{policy}"
    );
}

#[test]
fn however_many_domains_are_declared_the_policy_fits_the_proxys_limit() {
    let many: Vec<String> = (0..3_000)
        .map(|i| format!("https://cdn-number-{i:05}.example-content-delivery.com"))
        .collect();
    let declared = ResourceCsp {
        connect_domains: Some(many.clone()),
        resource_domains: Some(many.clone()),
        frame_domains: Some(many.clone()),
        base_uri_domains: Some(many),
        ..ResourceCsp::default()
    };
    let policy = build_policy(Some(&declared));
    // The sandbox proxy replaces a policy over 65,536 characters by its restrictive default.
    assert!(policy.len() < 65_536, "{} characters", policy.len());
    // The first domains are kept, in order; the rest are dropped.
    let resources = directive(&policy, "img-src").unwrap();
    assert!(resources.contains("https://cdn-number-00000.example-content-delivery.com"));
    assert!(!resources.contains("https://cdn-number-02999."));
}
