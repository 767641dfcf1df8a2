#!/usr/bin/env bash
# Runs the AI SDK adapter's test suite against `ai` 7 on Node 22 (the workspace itself tests ai 6 on
# Node 20). Needs the packages built (`npm ci && npm test`, or `npx turbo run build`) and the npm registry.
#
# Node 22 and ai 7 come from the committed package.json + package-lock.json in this folder, installed
# into its node_modules (`npm ci`, pinned, gitignored); the machine's Node is never changed. The suite
# is the package's own (its src and test, no copy), run by the workspace's vitest on that Node 22, with
# `ai` and `ai/*` resolved to this folder's ai 7 twice over: vitest.config.mjs aliases them for the
# code vitest loads, and resolve-ai.mjs (a Node resolve hook, in NODE_OPTIONS) for everything Node
# loads itself — the workers' externals and the example scripts the suite spawns. The source is also
# typechecked against ai 7's types (tsconfig.json). EXPECTED_AI_MAJOR=7 makes test/ai-major.test.ts
# fail if ai 6 was loaded after all.
#
# Exits non-zero when the typecheck or any test fails. Extra arguments go to vitest (e.g. a test file).
set -euo pipefail

here="$(cd "$(dirname "$0")" && pwd)"
root="$(cd "$here/../.." && pwd)"
package="$root/packages/adapter-ai-sdk"

# shellcheck source=../lib/pinned-tools.sh
source "$here/../lib/pinned-tools.sh"
require_built ai-major
started=$SECONDS

install_pinned "$here"
node22="$here/node_modules/.bin/node"
ai_version="$(node -p 'require(process.argv[1]).version' "$here/node_modules/ai/package.json")"
echo "ai-major: ai $ai_version on Node $("$node22" --version); tools ready in $((SECONDS - started)) s"

"$node22" "$root/node_modules/typescript/bin/tsc" -p "$here/tsconfig.json"
echo "ai-major: the adapter's source typechecks against ai $ai_version"

cd "$package"
EXPECTED_AI_MAJOR=7 NODE_OPTIONS="--import=$here/resolve-ai.mjs ${NODE_OPTIONS:-}" \
  "$node22" "$root/node_modules/vitest/vitest.mjs" run --config "$here/vitest.config.mjs" "$@"
echo "ai-major: suite passed on ai $ai_version, $((SECONDS - started)) s in all"
