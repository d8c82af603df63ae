//! The card rules that are not about JSON types: safe URLs, regexes that compile, sane ranges,
//! well-formed dates and times. Each rule is a plain function so the renderer and the server
//! can apply the same checks to values.

use std::fmt;

/// Where a URL is used, which decides the schemes allowed there.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum UrlUse {
    /// A link the user opens (`Action.OpenUrl`): `https`, `http`, `mailto`.
    Link,
    /// Something the host loads and shows (images, posters, media, icons): `https`, `http`,
    /// `data:`.
    Resource,
}

impl UrlUse {
    /// The schemes allowed for this use.
    pub fn allowed_schemes(self) -> &'static [&'static str] {
        match self {
            Self::Link => &["https", "http", "mailto"],
            Self::Resource => &["https", "http", "data"],
        }
    }
}

/// Schemes that run code or reach local or browser-internal resources. A card using one is
/// invalid: there is no honest reason for it, and a careless host would be exploited by it.
pub const DANGEROUS_SCHEMES: &[&str] = &[
    "javascript",
    "vbscript",
    "livescript",
    "file",
    "data",
    "blob",
    "filesystem",
    "about",
    "view-source",
    "chrome",
    "chrome-extension",
    "moz-extension",
    "resource",
    "jar",
];

/// Why a URL was refused.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum UrlProblem {
    /// It does not parse as a URL.
    Invalid(String),
    /// A relative URL. Resources may be relative to a base the host knows (Adaptive Cards'
    /// `imageBaseUrl`); links may not.
    Relative,
    /// A scheme that is never allowed (see [`DANGEROUS_SCHEMES`]).
    Unsafe {
        /// The scheme found (`javascript`).
        scheme: String,
        /// The use it was refused for.
        used_as: UrlUse,
    },
    /// A harmless scheme this host does not open, such as an app's own (`ms-cortana:`).
    Unsupported {
        /// The scheme found.
        scheme: String,
        /// The use it was refused for.
        used_as: UrlUse,
    },
}

impl UrlProblem {
    /// Whether the problem makes a card invalid, rather than just leaving the URL unused.
    pub fn is_error(&self, used_as: UrlUse) -> bool {
        match self {
            Self::Invalid(_) | Self::Unsafe { .. } => true,
            Self::Relative => used_as == UrlUse::Link,
            Self::Unsupported { .. } => false,
        }
    }
}

impl fmt::Display for UrlProblem {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let allowed = |used_as: UrlUse| {
            used_as
                .allowed_schemes()
                .iter()
                .map(|s| format!("`{s}:`"))
                .collect::<Vec<_>>()
                .join(", ")
        };
        match self {
            Self::Invalid(reason) => write!(f, "not a valid URL ({reason})"),
            Self::Relative => f.write_str("a relative URL"),
            Self::Unsafe { scheme, used_as } => write!(
                f,
                "a `{scheme}:` URL, which is never allowed; use {}",
                allowed(*used_as)
            ),
            Self::Unsupported { scheme, used_as } => write!(
                f,
                "a `{scheme}:` URL, which this host does not open; use {}",
                allowed(*used_as)
            ),
        }
    }
}

/// Checks a URL for its use. Parsing follows the WHATWG URL standard (as browsers do), so tricks
/// such as `" java\tscript:..."` are seen for what they are.
pub fn check_url(url: &str, used_as: UrlUse) -> Result<(), UrlProblem> {
    if plain_web_url(url) {
        // `https` and `http` are allowed for every use.
        return Ok(());
    }
    if url
        .get(..5)
        .is_some_and(|p| p.eq_ignore_ascii_case("data:"))
    {
        // Whatever follows `data:` parses (as an opaque path), so the scheme decides; the
        // full parse would only percent-encode a long payload to find that out.
        return if used_as == UrlUse::Resource {
            Ok(())
        } else {
            Err(UrlProblem::Unsafe {
                scheme: "data".to_owned(),
                used_as,
            })
        };
    }
    let parsed = match url::Url::parse(url) {
        Ok(parsed) => parsed,
        Err(url::ParseError::RelativeUrlWithoutBase) => return Err(UrlProblem::Relative),
        Err(e) => return Err(UrlProblem::Invalid(e.to_string())),
    };
    let scheme = parsed.scheme();
    if used_as.allowed_schemes().contains(&scheme) {
        Ok(())
    } else if DANGEROUS_SCHEMES.contains(&scheme) {
        Err(UrlProblem::Unsafe {
            scheme: scheme.to_owned(),
            used_as,
        })
    } else {
        Err(UrlProblem::Unsupported {
            scheme: scheme.to_owned(),
            used_as,
        })
    }
}

/// What follows the `https://` or `http://` of `url`; `None` for any other scheme.
fn strip_web_scheme(url: &str) -> Option<&str> {
    url.strip_prefix("https://")
        .or_else(|| url.strip_prefix("http://"))
}

/// Whether `url` is an `https://` or `http://` URL of the plainest kind, which the WHATWG parser
/// is sure to accept: an ASCII domain name (letters, digits, dots, hyphens; not all-numeric, no
/// punycode), an optional port, then any printable ASCII. Most card URLs are like this, and
/// recognising them here spares the full parse; anything else takes the full parse.
fn plain_web_url(url: &str) -> bool {
    let Some(rest) = strip_web_scheme(url) else {
        return false;
    };
    // Byte tests rather than `char` patterns, and no early exit over the whole URL (so the
    // compiler tests many bytes at once): this runs for every URL of every card.
    if !rest.bytes().fold(true, |ok, b| ok & b.is_ascii_graphic()) {
        return false;
    }
    let rest = rest.as_bytes();
    let authority_end = rest
        .iter()
        .position(|b| matches!(b, b'/' | b'?' | b'#'))
        .unwrap_or(rest.len());
    let authority = rest.get(..authority_end).unwrap_or_default();
    let (host, port) = match authority.iter().position(|b| *b == b':') {
        Some(i) => (
            authority.get(..i).unwrap_or_default(),
            authority.get(i + 1..).unwrap_or_default(),
        ),
        None => (authority, &[][..]),
    };
    let port_ok = port.is_empty()
        || (port.len() <= 5
            && port.iter().all(u8::is_ascii_digit)
            && port.iter().fold(0u32, |n, d| n * 10 + u32::from(d - b'0')) <= 65_535);
    let labels_ok = !host.is_empty()
        && host.split(|b| *b == b'.').all(|label| {
            !label.is_empty()
                && label
                    .iter()
                    .all(|b| b.is_ascii_alphanumeric() || *b == b'-')
                && !label
                    .get(..4)
                    .is_some_and(|p| p.eq_ignore_ascii_case(b"xn--"))
        });
    let last_has_letter = host
        .rsplit(|b| *b == b'.')
        .next()
        .is_some_and(|l| l.iter().any(u8::is_ascii_alphabetic));
    port_ok && labels_ok && last_has_letter
}

/// Checks that an input's `regex` is one this renderer (and the server) can apply. Adaptive
/// Cards regexes are JavaScript regexes; the common subset works the same, look-around and
/// back-references are refused.
pub fn check_regex(pattern: &str) -> Result<(), String> {
    if regex_surely_translates(pattern) {
        return Ok(());
    }
    regex_syntax::ParserBuilder::new()
        .build()
        .parse(pattern)
        .map(|_| ())
        .map_err(|e| {
            // The error's Display spans several lines with a caret diagram; the first
            // line of its kind is what a person needs in a one-line diagnostic.
            let text = e.to_string();
            text.lines()
                .rev()
                .find(|l| l.starts_with("error:"))
                .map_or(text.clone(), |l| {
                    l.trim_start_matches("error:").trim().to_owned()
                })
        })
}

/// Whether `pattern` parses and is then sure to translate: the full parse turns the syntax
/// tree into character classes, which for `\w`, `\s`, `.` means building Unicode tables
/// (most of the cost of checking a card with a regex) only to throw them away. With Unicode
/// mode on and no flags to turn it off (no `(?`), translation can fail only on a Unicode class
/// (`\p`, `\P`) naming no property, as this crate enables every Unicode feature of
/// `regex-syntax`. A pattern that might fail takes the full parse, for its exact message.
fn regex_surely_translates(pattern: &str) -> bool {
    !may_set_flags_or_name_a_class(pattern)
        && regex_syntax::ast::parse::Parser::new()
            .parse(pattern)
            .is_ok()
}

/// Whether `pattern` has a group that may set flags (`(?`) or a named Unicode class (`\p`,
/// `\P`). Escapes are skipped, so an optional literal parenthesis (`\(?`, common in phone
/// number patterns) is not taken for a flag group. Within a bracketed class `(?` is literal,
/// and is taken for one anyway: the full parse then decides.
fn may_set_flags_or_name_a_class(pattern: &str) -> bool {
    let mut bytes = pattern.bytes().peekable();
    while let Some(b) = bytes.next() {
        match b {
            // The escaped byte is skipped; a multi-byte character's other bytes are never
            // ASCII, so they cannot be taken for syntax either.
            b'\\' => {
                if matches!(bytes.next(), Some(b'p' | b'P')) {
                    return true;
                }
            }
            b'(' if bytes.peek() == Some(&b'?') => return true,
            _ => {}
        }
    }
    false
}

/// A calendar date, as `Input.Date` values are written (`YYYY-MM-DD`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Date {
    /// The year.
    pub year: i32,
    /// The month, 1–12.
    pub month: u8,
    /// The day of the month, 1–31.
    pub day: u8,
}

impl Date {
    /// Reads `YYYY-MM-DD`; `None` unless it is a real date.
    pub fn parse(s: &str) -> Option<Self> {
        let mut parts = s.trim().splitn(3, '-');
        let (y, m, d) = (parts.next()?, parts.next()?, parts.next()?);
        if y.len() != 4 || m.len() != 2 || d.len() != 2 {
            return None;
        }
        let year: i32 = digits(y)?.try_into().ok()?;
        let month: u8 = digits(m)?.try_into().ok()?;
        let day: u8 = digits(d)?.try_into().ok()?;
        (1..=12).contains(&month).then_some(())?;
        (day >= 1 && day <= days_in_month(year, month)).then_some(())?;
        Some(Self { year, month, day })
    }
}

impl fmt::Display for Date {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{:04}-{:02}-{:02}", self.year, self.month, self.day)
    }
}

/// A time of day, as `Input.Time` values are written (`HH:MM`, seconds optional).
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Time {
    /// The hour, 0–23.
    pub hour: u8,
    /// The minute, 0–59.
    pub minute: u8,
    /// The second, 0–59.
    pub second: u8,
}

impl Time {
    /// Reads `HH:MM` or `HH:MM:SS`; `None` unless it is a real time of day.
    pub fn parse(s: &str) -> Option<Self> {
        let mut parts = s.trim().split(':');
        let h = parts.next()?;
        let m = parts.next()?;
        let sec = parts.next();
        if parts.next().is_some() || h.len() != 2 || m.len() != 2 {
            return None;
        }
        let hour: u8 = digits(h)?.try_into().ok()?;
        let minute: u8 = digits(m)?.try_into().ok()?;
        let second: u8 = match sec {
            Some(s) if s.len() == 2 => digits(s)?.try_into().ok()?,
            Some(_) => return None,
            None => 0,
        };
        (hour < 24 && minute < 60 && second < 60).then_some(Self {
            hour,
            minute,
            second,
        })
    }
}

impl fmt::Display for Time {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.second == 0 {
            write!(f, "{:02}:{:02}", self.hour, self.minute)
        } else {
            write!(f, "{:02}:{:02}:{:02}", self.hour, self.minute, self.second)
        }
    }
}

fn digits(s: &str) -> Option<u32> {
    if s.is_empty() || !s.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    s.parse().ok()
}

fn days_in_month(year: i32, month: u8) -> u8 {
    match month {
        4 | 6 | 9 | 11 => 30,
        2 if (year % 4 == 0 && year % 100 != 0) || year % 400 == 0 => 29,
        2 => 28,
        _ => 31,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn links_allow_web_and_mail_only() {
        assert!(check_url("https://example.com/a", UrlUse::Link).is_ok());
        assert!(check_url("mailto:someone@example.com", UrlUse::Link).is_ok());
        for bad in [
            "javascript:alert(1)",
            " JavaScript:alert(1)",
            "java\tscript:alert(1)",
            "file:///etc/passwd",
            "data:text/html,<script>alert(1)</script>",
            "vbscript:msgbox",
        ] {
            assert!(
                matches!(check_url(bad, UrlUse::Link), Err(UrlProblem::Unsafe { .. })),
                "{bad:?} passed"
            );
        }
        assert_eq!(
            check_url("/relative/path", UrlUse::Link),
            Err(UrlProblem::Relative)
        );
        assert!(UrlProblem::Relative.is_error(UrlUse::Link));
        assert!(!UrlProblem::Relative.is_error(UrlUse::Resource));
        let app = check_url("ms-cortana:resume", UrlUse::Link).unwrap_err();
        assert!(matches!(app, UrlProblem::Unsupported { .. }));
        assert!(!app.is_error(UrlUse::Link));
        assert!(
            check_url("http://[::1", UrlUse::Link)
                .unwrap_err()
                .is_error(UrlUse::Link)
        );
    }

    #[test]
    fn resources_allow_data_but_not_mailto() {
        assert!(check_url("data:image/png;base64,iVBORw0KGgo=", UrlUse::Resource).is_ok());
        assert!(check_url("http://example.com/x.png", UrlUse::Resource).is_ok());
        assert!(matches!(
            check_url("mailto:a@b.c", UrlUse::Resource),
            Err(UrlProblem::Unsupported { .. })
        ));
        assert!(check_url("file:///x.png", UrlUse::Resource).is_err());
    }

    #[test]
    fn the_fast_path_only_takes_what_the_full_parser_takes() {
        let samples = [
            "https://example.com",
            "https://example.com/a/b?c=d#e",
            "http://a-b.example.co.uk:8080/x",
            "https://ex ample.com",
            "https://xn--a.com",
            "https://999.1.1.1",
            "https://1.2.3.4",
            "https://example.com:99999",
            "https://example..com",
            "https://.com",
            "https://user@example.com",
            "https://[::1]/",
            "https://exa_mple.com",
            "https://example.com/\\x",
            "http://",
            "https://-x-.com",
        ];
        for url in samples {
            if plain_web_url(url) {
                let parsed = url::Url::parse(url);
                assert!(
                    parsed
                        .as_ref()
                        .is_ok_and(|u| u.scheme() == "https" || u.scheme() == "http"),
                    "{url}: fast path accepted what the parser says is {parsed:?}"
                );
            }
        }
        assert!(plain_web_url("https://example.com/a.png"));
        assert!(!plain_web_url("https://xn--a.com"));
        assert!(!plain_web_url("https://999.1.1.1"));
    }

    /// The fast path as it was before it tested bytes: the two must agree.
    fn plain_web_url_before(url: &str) -> bool {
        let Some(rest) = strip_web_scheme(url) else {
            return false;
        };
        if !rest.bytes().all(|b| b.is_ascii_graphic()) {
            return false;
        }
        let authority_end = rest.find(['/', '?', '#']).unwrap_or(rest.len());
        let authority = rest.get(..authority_end).unwrap_or_default();
        let (host, port) = authority.split_once(':').unwrap_or((authority, ""));
        let port_ok = port.is_empty()
            || (port.len() <= 5
                && port.bytes().all(|b| b.is_ascii_digit())
                && port.parse::<u32>().is_ok_and(|p| p <= 65_535));
        let labels_ok = !host.is_empty()
            && host.split('.').all(|label| {
                !label.is_empty()
                    && label
                        .bytes()
                        .all(|b| b.is_ascii_alphanumeric() || b == b'-')
                    && !label
                        .get(..4)
                        .is_some_and(|p| p.eq_ignore_ascii_case("xn--"))
            });
        let last_has_letter = host
            .rsplit('.')
            .next()
            .is_some_and(|l| l.bytes().any(|b| b.is_ascii_alphabetic()));
        port_ok && labels_ok && last_has_letter
    }

    proptest::proptest! {
        #[test]
        fn byte_tests_agree_with_the_char_tests(url in "https?://[a-zA-Z0-9.:@_\\[\\]-]{0,24}([/?#][ -~]{0,12})?") {
            proptest::prop_assert_eq!(plain_web_url(&url), plain_web_url_before(&url), "{}", url);
        }

        #[test]
        fn fast_path_agrees_with_the_parser(url in "https?://[a-zA-Z0-9.:@_\\[\\]-]{0,24}([/?#][ -~]{0,12})?") {
            if plain_web_url(&url) {
                let parsed = url::Url::parse(&url);
                proptest::prop_assert!(
                    parsed.as_ref().is_ok_and(|u| u.scheme() == "https" || u.scheme() == "http"),
                    "{}: {:?}", url, parsed
                );
            }
        }
    }

    #[test]
    fn regexes() {
        assert!(check_regex("^[A-Z]{2}-\\d{4}$").is_ok());
        assert!(check_regex("(unclosed").is_err());
        assert!(check_regex("a(?=b)").is_err(), "look-ahead is refused");
    }

    #[test]
    fn regex_shortcut_agrees_with_the_full_parse() {
        let full = |p: &str| regex_syntax::ParserBuilder::new().build().parse(p).is_ok();
        for p in [
            "^[A-Z]{2}-\\d{4}$",
            "([A-Z])\\w+",
            "^.{8,20}$",
            "\\p{Greek}+",
            "\\p{NotAProperty}",
            "\\P{Script=Nope}",
            "(?-u:\\xFF)",
            "(?-u:.)",
            "(?i)straße",
            "[\\w&&\\d]",
            "a{2,1}",
            "(unclosed",
            "a(?=b)",
            "\\1",
            "",
            "\\\\p{L}",
            "\\\\\\p{NotAProperty}",
            "[(?i)]",
            "(?",
            "\\",
            "é\\p{L}",
            "\\é(?i)x",
        ] {
            assert_eq!(check_regex(p).is_ok(), full(p), "{p}");
            if regex_surely_translates(p) {
                assert!(full(p), "{p}");
            }
        }
        // An optional literal parenthesis is no flag group: such a pattern takes the shortcut.
        assert!(regex_surely_translates(
            "^\\(?([0-9]{3})\\)?[-.\\s]?([0-9]{3})[-.\\s]?([0-9]{4})$"
        ));
        assert!(
            !regex_surely_translates("\\\\(?i)x"),
            "an escaped backslash escapes nothing after it"
        );
    }

    #[test]
    fn dates_and_times() {
        assert_eq!(
            Date::parse("2024-02-29"),
            Some(Date {
                year: 2024,
                month: 2,
                day: 29
            })
        );
        assert_eq!(Date::parse("2023-02-29"), None);
        assert_eq!(Date::parse("2023-2-01"), None);
        assert!(Date::parse("2023-01-31") < Date::parse("2023-02-01"));
        assert_eq!(
            Time::parse("09:30").map(|t| t.to_string()),
            Some("09:30".into())
        );
        assert_eq!(Time::parse("24:00"), None);
        assert_eq!(Time::parse("9:30"), None);
        assert!(Time::parse("13:45:10").is_some());
    }
}
