#!/usr/bin/env bash
# Fills fuzz/corpus/<target>/ (the working corpus, not committed) with the seeds: the committed
# hand-made ones in fuzz/seeds/<target>/, plus the real cards and templates vendored in
# tests/corpus/ and examples/. Idempotent: it only adds files (named after their content), so
# what libFuzzer has found since is kept. Run from anywhere: `bash fuzz/seed.sh [CORPUS_DIR]`.
set -euo pipefail
cd "$(dirname "$0")"
ROOT="$PWD/.."
CORPUS="${1:-$PWD/corpus}"
AC="$ROOT/tests/corpus/adaptive-cards"

# Copies a file into the corpus of a target, named by its SHA-1 as libFuzzer names its own.
add() {
    local target="$1" file="$2"
    mkdir -p "$CORPUS/$target"
    cp "$file" "$CORPUS/$target/$(sha1sum <"$file" | cut -c1-40)"
}

for target in card_parse template_expand jsonrpc_envelope csp_builder canonical_json; do
    mkdir -p "$CORPUS/$target"
    for f in seeds/"$target"/*; do
        [ -f "$f" ] && add "$target" "$f"
    done
done

# card_parse: every real card, expanded template and card template (templates are cards too:
# unexpanded `${...}` strings are what a host may get).
for f in "$AC"/v1.*/*/*.json "$AC"/ConsolidatedElementSamples/*.json \
    "$AC"/Templates.expanded/*/*.json "$AC"/Templates/*/*.template.json \
    "$AC"/Templates/Elements/*.json "$ROOT"/examples/cards/*.json \
    "$ROOT"/examples/templates/*.template.json; do
    case "$f" in *.data.json) continue ;; esac
    add card_parse "$f"
done

# template_expand: TEMPLATE, a NUL byte, DATA; as the template tests pair them.
tmp="$(mktemp)"
trap 'rm -f "$tmp"' EXIT
pair() {
    { cat "$1"; printf '\0'; cat "$2"; } >"$tmp"
    add template_expand "$tmp"
}
for f in "$AC"/Templates/Elements/*.json; do
    case "$f" in */Template.data.json) continue ;; esac
    pair "$f" "$AC/Templates/Elements/Template.data.json"
done
for f in "$AC"/Templates/Scenarios/*.template.json; do
    pair "$f" "${f%.template.json}.data.json"
done
pair "$ROOT/examples/templates/forecast.template.json" "$ROOT/examples/templates/forecast.data.json"

# canonical_json: real JSON values up to its 4 KiB input limit (cards, card data).
for f in "$AC"/v1.*/*/*.json "$AC"/Templates/Scenarios/*.data.json "$ROOT"/examples/cards/*.json; do
    [ "$(wc -c <"$f")" -le 4096 ] && add canonical_json "$f"
done

for target in card_parse template_expand jsonrpc_envelope csp_builder canonical_json; do
    echo "$target: $(find "$CORPUS/$target" -type f | wc -l) inputs in $CORPUS/$target"
done
