#!/usr/bin/env bash
# Re-vendors the official MCP Apps message schema: `dist/src/generated/schema.json` of the npm
# package `@modelcontextprotocol/ext-apps` (the SDK's JSON Schema of every `ui/` message), and
# the package's licence. `mcpapp-apps-schema` compiles it; `mcpapp check` and the host's tests
# validate messages with it.
#
#   bash crates/apps-schema/vendor/ext-apps/vendor.sh           # check: the vendored files are npm's
#   bash crates/apps-schema/vendor/ext-apps/vendor.sh --update  # take npm's files and new sums
set -euo pipefail
VERSION=2.0.4
here="$(cd "$(dirname "$0")" && pwd)"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
(cd "$work" && npm pack "@modelcontextprotocol/ext-apps@$VERSION" --silent >/dev/null \
    && tar xzf "modelcontextprotocol-ext-apps-$VERSION.tgz")
cp "$work/package/dist/src/generated/schema.json" "$work/schema.json"
cp "$work/package/LICENSE" "$work/LICENSE"
files="schema.json LICENSE"
if [ "${1:-}" = "--update" ]; then
    for f in $files; do cp "$work/$f" "$here/$f"; done
    (cd "$here" && sha256sum $files > SHA256SUMS)
    echo "vendored @modelcontextprotocol/ext-apps@$VERSION's schema into $here"
else
    (cd "$work" && sha256sum -c "$here/SHA256SUMS")
    (cd "$here" && sha256sum -c SHA256SUMS)
    echo "the vendored schema is @modelcontextprotocol/ext-apps@$VERSION's"
fi
