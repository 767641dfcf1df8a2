#!/usr/bin/env bash
# Installs every published package the way a user gets it — `npm pack` of each, installed from the
# tarballs into a fresh app in a temporary folder — and checks three kinds of consumer against them:
#
#   1. CommonJS, plain JavaScript (cjs/require-entries.cjs): `require()` of every entry of every
#      package, then real calls through each against the `basic` fixture server. The packages are ES
#      modules; Node >= 20.19 (and >= 22.12) `require()`s them through the `default` condition of
#      their `exports`.
#   2. CommonJS, TypeScript (cjs/typed-consumer.ts in a `"type": "commonjs"` app, `module:
#      "nodenext"`, strict): typechecked, compiled to `require()` calls, run. TypeScript accepts a
#      `require` of an ES module under `nodenext` from 5.8 on; under `module: "node16"` it refuses
#      (TS1479: the file "cannot be imported with 'require'"; such a project uses `await import()`)
#      — this script checks that too, so the day TypeScript changes it is noticed.
#   3. A bundler's resolution (bundler/consumer.ts: `module: "esnext"`, `moduleResolution:
#      "bundler"`, strict): typechecked, built with tsc, run by Node.
#   4. Bundles (bundled/consumer.mjs): esbuild, Rollup, webpack and Vite (SSR, every dependency
#      bundled) each bundle it for Node with their defaults (bundled/bundle.mjs), and each bundle
#      starts and calls tools through every adapter. The bundlers are the app's devDependencies,
#      pinned below and installed from the registry (the workspace does not lock them).
#
# Why `check:package` runs attw with `--profile esm-only`: attw 0.18.5 judges "node16 (from CJS)"
# with its own TypeScript (5.6), for which a `require` that resolves to an ES module is an error, as
# it is on Node < 20.19. That verdict is right for those versions, where the packages do not run
# (`engines`: ^20.19.0 || >=22.12.0), and the esm-only profile leaves it out; what holds CommonJS
# consumers on the versions we support is this script.
#
# Third-party packages (the adapters' peers `ai`, `@langchain/core`, `langchain`; `typescript`,
# `@types/node`; every runtime dependency) are pinned at the versions of this checkout's
# package-lock.json (app-files.mjs writes the app's lockfile from it), so `npm ci` takes them from
# the npm cache the workspace's own `npm ci` filled, else from the registry.
#
# Needs the packages built (`npm ci && npm test`, or `npx turbo run build`). Exits non-zero when
# any step fails. CONSUMERS_KEEP=1 keeps the temporary folder (its path is printed).
set -euo pipefail

here="$(cd "$(dirname "$0")" && pwd)"
root="$(cd "$here/../.." && pwd)"

# shellcheck source=../lib/pinned-tools.sh
source "$here/../lib/pinned-tools.sh"
require_built consumers
started=$SECONDS

work="$(mktemp -d "${TMPDIR:-/tmp}/toolnexus-consumers.XXXXXX")"
if [[ "${CONSUMERS_KEEP:-}" == 1 ]]; then
  echo "consumers: keeping $work"
else
  trap 'rm -rf "$work"' EXIT
fi
mkdir -p "$work/tarballs" "$work/app"

tarballs=()
for package in mcp-core adapter-langchain adapter-ai-sdk adapter-toolnexus store-redis cli; do
  dir="$root/packages/$package"
  name="$(node -p 'require(process.argv[1]).name' "$dir/package.json")"
  file="$(cd "$dir" && npm pack --json --ignore-scripts --pack-destination "$work/tarballs" |
    node -e 'let s = ""; process.stdin.on("data", (d) => (s += d)).on("end", () => console.log(JSON.parse(s)[0].filename))')"
  tarballs+=("$name=$work/tarballs/$file")
done

app="$work/app"
bundlers=(esbuild@0.28.2 rollup@4.69.3 @rollup/plugin-node-resolve@16.0.3 @rollup/plugin-commonjs@29.0.3
  @rollup/plugin-json@6.1.0 webpack@5.113.0 vite@8.4.0)
node "$here/app-files.mjs" "$root" "$app" "${tarballs[@]}" -- \
  ai @langchain/core langchain typescript @types/node --dev "${bundlers[@]}"
# `install`, not `ci`: the lockfile pins everything but the bundlers, which npm adds to it.
(cd "$app" && npm install --prefer-offline --no-audit --no-fund --ignore-scripts --loglevel=error)
echo "consumers: ${#tarballs[@]} packages packed and installed into a fresh app in $((SECONDS - started)) s"

tsc="$app/node_modules/.bin/tsc"
fixture="$root/fixtures/basic/server.mjs"

cp -R "$here/cjs" "$here/bundler" "$here/bundled" "$app/"
node "$app/cjs/require-entries.cjs" "$fixture"

"$tsc" -p "$app/cjs/tsconfig.json"
node "$app/cjs/build/typed-consumer.js" "$fixture"

# The same file under `module: "node16"` must fail with TS1479 and nothing else.
node16_log="$work/node16.log"
if "$tsc" -p "$app/cjs/tsconfig.json" --module node16 --noEmit >"$node16_log" 2>&1; then
  echo "consumers: module node16 accepted a require() of an ES module; update the README and this script" >&2
  exit 1
fi
if ! grep -q "error TS1479" "$node16_log" || grep "error TS" "$node16_log" | grep -qv "error TS1479"; then
  echo "consumers: module node16 failed otherwise than with TS1479:" >&2
  cat "$node16_log" >&2
  exit 1
fi
echo "consumers: module node16 refuses require() of the packages (TS1479), as expected"

"$tsc" -p "$app/bundler/tsconfig.json"
node "$app/bundler/build/consumer.js" "$fixture"

bundled_at=$SECONDS
(cd "$app" && node bundled/bundle.mjs bundled/consumer.mjs bundled/out) |
  while IFS=$'\t' read -r bundler file ms; do
    echo "consumers: $bundler bundled the consumer in $ms"
    node "$file" "$fixture" "$bundler" </dev/null
  done
echo "consumers: bundles by esbuild, Rollup, webpack and Vite (SSR) built and ran in $((SECONDS - bundled_at)) s"

echo "consumers: CommonJS (JavaScript and TypeScript), bundler-resolved and bundled consumers passed, $((SECONDS - started)) s in all"
