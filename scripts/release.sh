#!/usr/bin/env bash
# The production release (docs/deploy.md, The release): the web client with its pre-rendered pages and
# the server, built once into dist/. `npm run build`, the Dockerfile's build stage and CI run this.
set -euo pipefail
cd "$(dirname "$0")/.."
# Run from npm or not, the build tools are the project's own, never a registry look-up.
PATH="$PWD/node_modules/.bin:$PATH"

# An older build's files (a chunk since renamed, a test since excluded) must not ship.
rm -rf dist
echo "Building the web client and its pre-rendered pages (webpack --mode production)…"
webpack --mode production
echo "Building the server (tsc -p tsconfig.server.json)…"
tsc -p tsconfig.server.json

# Tests, test support and the fake Google never ship (docs/configuration-google.md).
shipped_tests="$(find dist \( -name '*.test.*' -o -name '*.testing.*' -o -path '*/__tests__/*' \
  -o -path 'dist/server/testing/*' -o -path '*/fakeGoogle*' \) -print)"
if [ -n "$shipped_tests" ]; then
  echo "The release holds test code; it must not ship:" >&2
  echo "$shipped_tests" >&2
  exit 1
fi
echo "Release built in dist/ (dist/client, dist/server); run it with npm run start:prod (docs/deploy.md)."
