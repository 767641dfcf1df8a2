#!/usr/bin/env bash
# Runs code mode's isolated-vm executor test (packages/mcp-core/test/code-mode-isolated-vm.test.ts:
# the escape battery every executor shares, and isolated-vm's own cases) against the real
# isolated-vm. Needs the npm registry and a native build's tools (python3, make, a C++ compiler and
# Node's headers; isolated-vm's install builds it with node-gyp, about 100 CPU-s, since no prebuilt
# binary can be downloaded here).
#
# isolated-vm is an optional peer of @toolnexus/mcp-core, not a dependency of the workspace (every
# `npm ci` would build it): the pinned version comes from the committed package.json +
# package-lock.json in this folder, installed into its node_modules (`npm ci`, gitignored), and
# vitest.config.mjs resolves the executor's `import("isolated-vm")` to it. `npm test` leaves the file
# out; this script is how it runs (CI's installed lane), so it is never a skipped test.
#
# Exits non-zero when any test fails. Extra arguments go to vitest.
set -euo pipefail

here="$(cd "$(dirname "$0")" && pwd)"
root="$(cd "$here/../.." && pwd)"

# shellcheck source=../lib/pinned-tools.sh
source "$here/../lib/pinned-tools.sh"
require_built isolated-vm
started=$SECONDS

install_pinned "$here"
version="$(node -p 'require(process.argv[1]).version' "$here/node_modules/isolated-vm/package.json")"
echo "isolated-vm: isolated-vm $version on Node $(node --version); installed in $((SECONDS - started)) s"

cd "$root/packages/mcp-core"
node "$root/node_modules/vitest/vitest.mjs" run --config "$here/vitest.config.mjs" "$@"
echo "isolated-vm: the executor's tests passed on isolated-vm $version, $((SECONDS - started)) s in all"
