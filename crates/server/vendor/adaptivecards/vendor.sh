#!/usr/bin/env bash
# Re-vendors the official Adaptive Cards JavaScript renderer (npm `adaptivecards`, MIT) that the
# card view served as an HTML MCP App embeds (`UiResource::card_app`). Hosts' default CSP
# forbids CDNs, so the page carries the renderer itself.
#
#   bash crates/server/vendor/adaptivecards/vendor.sh           # check: the vendored files are npm's
#   bash crates/server/vendor/adaptivecards/vendor.sh --update  # take npm's files and new sums
#
# Only the minified bundle and its licences are kept. The templating package
# (`adaptivecards-templating`) is not vendored: it needs `adaptive-expressions`, whose browser
# bundle alone is 4 MB; templates are filled on the server by `mcpapp-template` instead.
set -euo pipefail
VERSION=3.0.6
here="$(cd "$(dirname "$0")" && pwd)"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
(cd "$work" && npm pack "adaptivecards@$VERSION" --silent >/dev/null && tar xzf "adaptivecards-$VERSION.tgz")
files="adaptivecards.min.js adaptivecards.min.js.LICENSE.txt LICENSE"
cp "$work/package/dist/adaptivecards.min.js" "$work/package/dist/adaptivecards.min.js.LICENSE.txt" "$work/"
cp "$work/package/LICENSE" "$work/LICENSE"
if [ "${1:-}" = "--update" ]; then
    for f in $files; do cp "$work/$f" "$here/$f"; done
    (cd "$here" && sha256sum $files > SHA256SUMS)
    echo "vendored adaptivecards@$VERSION into $here"
else
    (cd "$work" && sha256sum -c "$here/SHA256SUMS")
    (cd "$here" && sha256sum -c SHA256SUMS)
    echo "the vendored adaptivecards@$VERSION is npm's"
fi
