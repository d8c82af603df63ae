//! Deterministic fuzzing: the corpus templates, their expressions and their data are
//! mutated (truncations, character edits, type swaps) with a fixed-seed generator,
//! and every expansion must return `Ok` or `Err`, never panic or hang. Small limits
//! make the limit paths run too.
#![cfg(test)] // clippy.toml's allowances for tests hold in every function here

mod support;

use mcpapp_template::{ExpandOptions, Limits, expand, expand_with};
use serde_json::{Map, Value, json};

/// xorshift64*: small, deterministic, good enough to pick edits.
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        self.0.wrapping_mul(0x2545_F491_4F6C_DD1D)
    }

    fn below(&mut self, n: usize) -> usize {
        if n == 0 {
            0
        } else {
            usize::try_from(self.next() % u64::try_from(n).unwrap()).unwrap()
        }
    }

    fn pick<'a, T>(&mut self, items: &'a [T]) -> &'a T {
        &items[self.below(items.len())]
    }
}

/// Characters that matter to the lexer and the interpolation scanner.
const ALPHABET: &[char] = &[
    '$', '{', '}', '(', ')', '[', ']', '\'', '"', '`', '\\', '.', ',', '!', '&', '|', '<', '>',
    '=', '?', ':', '+', '-', '*', '/', '%', '^', ' ', '\n', 'a', 'x', '0', '9', '_', '@', '#', 'é',
    '€',
];

const SNIPPETS: &[&str] = &[
    "${",
    "}",
    "$data",
    "$index",
    "$root",
    "$when",
    "${$index}",
    "(",
    ")",
    "'",
    "=>",
    "select(",
    "formatDateTime(",
    "string(",
    "json(",
    "range(0, 99)",
    "substring(",
    "[0]",
    ".x",
    "\\${",
    "{a: 1}",
    "??",
    "null",
    "undefined",
];

fn mutate_text(rng: &mut Rng, text: &str) -> String {
    let mut chars: Vec<char> = text.chars().collect();
    for _ in 0..=rng.below(3) {
        let at = rng.below(chars.len() + 1);
        match rng.below(5) {
            0 => chars.truncate(at),
            1 => chars.insert(at, *rng.pick(ALPHABET)),
            2 if at < chars.len() => {
                chars.remove(at);
            }
            3 => {
                let snippet: Vec<char> = rng.pick(SNIPPETS).chars().collect();
                chars.splice(at..at, snippet);
            }
            _ => {
                let end = (at + rng.below(8)).min(chars.len());
                let copy: Vec<char> = chars[at..end].to_vec();
                chars.splice(at..at, copy);
            }
        }
    }
    chars.into_iter().collect()
}

fn random_value(rng: &mut Rng) -> Value {
    match rng.below(8) {
        0 => Value::Null,
        1 => json!(rng.below(3) == 0),
        2 => json!(-1.5),
        3 => json!(rng.below(1000)),
        4 => json!("${x}"),
        5 => json!([1, "a", null, {"k": []}]),
        6 => json!({"type": "TextBlock", "$data": "${$root}", "text": "${$index}"}),
        _ => json!(""),
    }
}

/// Applies a few random edits somewhere in `value`.
fn mutate_value(rng: &mut Rng, value: &mut Value, depth: usize) {
    match value {
        Value::String(s) if rng.below(3) > 0 || depth > 12 => *s = mutate_text(rng, s),
        Value::Array(items) if !items.is_empty() && depth < 30 => {
            let i = rng.below(items.len());
            match rng.below(6) {
                0 => {
                    items.remove(i);
                }
                1 => items.insert(i, random_value(rng)),
                _ => mutate_value(rng, &mut items[i], depth + 1),
            }
        }
        Value::Object(map) if !map.is_empty() && depth < 30 => {
            let keys: Vec<String> = map.keys().cloned().collect();
            let key = rng.pick(&keys).clone();
            match rng.below(8) {
                0 => {
                    map.remove(&key);
                }
                1 => {
                    map.insert(
                        rng.pick(&["$data", "$when", "text", "$index"]).to_string(),
                        random_value(rng),
                    );
                }
                _ => {
                    if let Some(child) = map.get_mut(&key) {
                        mutate_value(rng, child, depth + 1);
                    }
                }
            }
        }
        other => *other = random_value(rng),
    }
}

/// Every sample template of the corpus with its data.
fn corpus_pairs() -> Vec<(Value, Value)> {
    support::templates()
        .into_iter()
        .map(|(_, template, data)| (template, data))
        .collect()
}

/// Every `${...}` expression text found in the corpus.
fn corpus_expressions(pairs: &[(Value, Value)]) -> Vec<String> {
    fn collect(value: &Value, out: &mut Vec<String>) {
        match value {
            Value::String(s) => {
                let mut rest = s.as_str();
                while let Some(start) = rest.find("${") {
                    let tail = &rest[start..];
                    let end = tail.find('}').map_or(tail.len(), |e| e + 1);
                    out.push(tail[..end].to_owned());
                    rest = &tail[end..];
                }
            }
            Value::Array(items) => items.iter().for_each(|v| collect(v, out)),
            Value::Object(map) => map.values().for_each(|v| collect(v, out)),
            _ => {}
        }
    }
    let mut out = Vec::new();
    for (template, _) in pairs {
        collect(template, &mut out);
    }
    out
}

fn small_limits() -> ExpandOptions<'static> {
    ExpandOptions {
        limits: Limits {
            max_depth: 20,
            max_output_nodes: 2_000,
            max_output_bytes: 64 * 1024,
            max_repetitions: 200,
            max_work: 200_000,
        },
        ..ExpandOptions::default()
    }
}

#[test]
fn mutated_corpus_templates_never_panic() {
    let pairs = corpus_pairs();
    assert_eq!(pairs.len(), 38);
    let mut rng = Rng(0x9E37_79B9_7F4A_7C15);
    let mut outcomes = [0usize; 2];
    for round in 0..30 {
        for (template, data) in &pairs {
            let mut template = template.clone();
            let mut data = data.clone();
            for _ in 0..=rng.below(4) {
                mutate_value(&mut rng, &mut template, 0);
            }
            if round % 3 == 0 {
                mutate_value(&mut rng, &mut data, 0);
            }
            let result = if round % 2 == 0 {
                expand(&template, &data)
            } else {
                expand_with(&template, &data, &small_limits()).map(|e| e.value)
            };
            outcomes[usize::from(result.is_err())] += 1;
        }
    }
    // Most mutants still expand; the point is that none of them panicked.
    assert!(outcomes[0] > outcomes[1], "ok/err = {outcomes:?}");
}

#[test]
fn mutated_expressions_never_panic() {
    let pairs = corpus_pairs();
    let expressions = corpus_expressions(&pairs);
    assert!(expressions.len() > 200, "{}", expressions.len());
    let mut rng = Rng(42);
    let data = pairs.iter().fold(Map::new(), |mut acc, (_, d)| {
        if let Value::Object(m) = d {
            acc.extend(m.clone());
        }
        acc
    });
    let data = Value::Object(data);
    for _ in 0..3000 {
        let seed = rng.pick(&expressions).clone();
        let a = mutate_text(&mut rng, &seed);
        let b = rng.pick(&expressions).clone();
        let template = json!({
            "single": a,
            "text": format!("x {a} y {b}"),
            "$when": if rng.below(4) == 0 { json!(a) } else { json!("${true}") },
            "rows": [{ "$data": if rng.below(3) == 0 { json!(b) } else { json!("${$root}") }, "v": a }],
        });
        let _ = expand_with(&template, &data, &small_limits());
    }
}

#[test]
fn truncated_template_strings_never_panic() {
    let pairs = corpus_pairs();
    for expression in corpus_expressions(&pairs) {
        let chars: Vec<char> = expression.chars().collect();
        for cut in 0..chars.len() {
            let text: String = chars[..cut].iter().collect();
            let _ = expand(
                &json!({ "a": text, "b": format!("{text} tail") }),
                &json!({}),
            );
        }
    }
}
