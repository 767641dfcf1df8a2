#!/usr/bin/env bash
# Runs the LangChain adapter's test suite against the LOWEST `@langchain/core` and `langchain` its
# peer range claims (npm test runs it against the workspace's, the newest published when they were
# last bumped). Needs the packages built (`npm ci && npm test`, or `npx turbo run build`) and the npm
# registry.
#
# The lowest versions come from the committed package.json + package-lock.json in this folder,
# installed into its node_modules (`npm ci`, pinned, gitignored). The suite is the package's own (its
# src and test, no copy), run by the workspace's vitest on the machine's Node, with `@langchain/core`,
# `langchain` and `@langchain/langgraph` (and their subpaths) resolved from this folder by
# vitest.config.mjs. Nothing else in the suite imports them, and no test spawns a process that would.
#
# Exits non-zero when any test fails. Extra arguments go to vitest (e.g. a test file).
set -euo pipefail

here="$(cd "$(dirname "$0")" && pwd)"
root="$(cd "$here/../.." && pwd)"

# shellcheck source=../lib/pinned-tools.sh
source "$here/../lib/pinned-tools.sh"
require_built langchain-range
started=$SECONDS

install_pinned "$here"
version() { node -p 'require(process.argv[1]).version' "$here/node_modules/$1/package.json"; }
versions="@langchain/core $(version @langchain/core), langchain $(version langchain)"
echo "langchain-range: $versions; installed in $((SECONDS - started)) s"

cd "$root/packages/adapter-langchain"
node "$root/node_modules/vitest/vitest.mjs" run --config "$here/vitest.config.mjs" "$@"
echo "langchain-range: suite passed on $versions, $((SECONDS - started)) s in all"
