#!/usr/bin/env bash
# Runs the MCP conformance suite's client scenarios against client.mjs (our public API, built).
# Needs the packages built (`npm ci && npm test`, or `npx turbo run build`) and the npm registry.
#
# The suite needs Node >= 22, so Node 22 and the suite are installed from the committed
# package.json + package-lock.json into this folder's node_modules (`npm ci`, pinned, gitignored);
# the machine's Node is never changed. Only the suite runs on that Node 22: the client under test
# runs on the machine's Node, the one the rest of CI tests the library on.
#
# Prints one line per scenario and a total; exits 1 when any scenario fails. A scenario passes when
# every check is SUCCESS (a WARNING fails too), the client exits 0 (or 1 where the scenario expects a
# refusal: the iss-* and metadata-issuer-mismatch ones, scope-retry-limit) and does not time out,
# unless expected-failures.yml lists it (each entry with its reason).
#
# Environment: CONFORMANCE_TIMEOUT_MS (the client's limit per scenario, default 30000),
# CONFORMANCE_FILTER (an extended regex on "<spec version> <scenario>": run only those; default all),
# CONFORMANCE_RESULTS_DIR (where the suite writes checks.json, stdout.txt and stderr.txt per
# scenario; default a fresh temporary folder, removed when everything passed), CONFORMANCE_JOBS (how
# many scenarios run at once, default 4: each mostly waits on its client and server, every server
# listens on a port of its own (port 0), and each writes to its own folder; the lines print in the
# list's order).
set -euo pipefail

here="$(cd "$(dirname "$0")" && pwd)"
root="$(cd "$here/../.." && pwd)"
timeout_ms="${CONFORMANCE_TIMEOUT_MS:-30000}"
baseline="$here/expected-failures.yml"

# spec version, scenario: the client scenarios issue #15 names, per protocol revision, then the
# authorization ones of issue #16: the 2025-11-25 auth suite (`conformance list --client
# --spec-version 2025-11-25`, auth/*) and the 2026-07-28 issuer checks (RFC 9207 iss, metadata issuer);
# then issue #45's: the moving authorization server (SEP-2352) and the extension scenarios, which are
# on no spec timeline (`extension`: run without --spec-version) — Enterprise-Managed Authorization
# (SEP-990) and workload identity (SEP-1933). DPoP (SEP-1932) is an extension scenario too, run under
# each protocol revision: `extension@<version>` runs it with --spec-version <version> --force (the
# suite serves the MCP endpoint of that revision: stateless for 2026-07-28, sessions for 2025-11-25).
scenarios=(
  "2025-11-25 initialize"
  "2025-11-25 tools_call"
  "2025-11-25 sse-retry"
  "2025-11-25 elicitation-sep1034-client-defaults"
  "2026-07-28 tools_call"
  "2026-07-28 request-metadata"
  "2026-07-28 http-standard-headers"
  "2026-07-28 http-custom-headers"
  "2026-07-28 http-invalid-tool-headers"
  "2026-07-28 json-schema-ref-no-deref"
  "2026-07-28 json-schema-2020-12-preservation"
  "2026-07-28 sep-2322-client-request-state"
  "2025-11-25 auth/metadata-default"
  "2025-11-25 auth/metadata-var1"
  "2025-11-25 auth/metadata-var2"
  "2025-11-25 auth/metadata-var3"
  "2025-11-25 auth/basic-cimd"
  "2025-11-25 auth/scope-from-www-authenticate"
  "2025-11-25 auth/scope-from-scopes-supported"
  "2025-11-25 auth/scope-omitted-when-undefined"
  "2025-11-25 auth/scope-step-up"
  "2025-11-25 auth/scope-retry-limit"
  "2025-11-25 auth/token-endpoint-auth-basic"
  "2025-11-25 auth/token-endpoint-auth-post"
  "2025-11-25 auth/token-endpoint-auth-none"
  "2025-11-25 auth/pre-registration"
  "2026-07-28 auth/iss-supported"
  "2026-07-28 auth/iss-not-advertised"
  "2026-07-28 auth/iss-supported-missing"
  "2026-07-28 auth/iss-wrong-issuer"
  "2026-07-28 auth/iss-unexpected"
  "2026-07-28 auth/iss-normalized"
  "2026-07-28 auth/metadata-issuer-mismatch"
  "2026-07-28 auth/authorization-server-migration"
  "extension auth/enterprise-managed-authorization"
  "extension auth/wif-jwt-bearer"
  "extension@2025-11-25 auth/dpop"
  "extension@2025-11-25 auth/dpop-nonce"
  "extension@2026-07-28 auth/dpop"
  "extension@2026-07-28 auth/dpop-nonce"
)

if [[ ! -f "$root/packages/mcp-core/dist/index.js" ]]; then
  echo "conformance: packages/mcp-core/dist is missing; run 'npm ci && npm test' (or 'npx turbo run build') first" >&2
  exit 1
fi
host_node="$(command -v node)"
started=$SECONDS

# shellcheck source=../lib/pinned-tools.sh
source "$here/../lib/pinned-tools.sh"
install_pinned "$here"
tools_bin="$here/node_modules/.bin"
echo "conformance: suite $(node -p 'require(process.argv[1]).version' "$here/node_modules/@modelcontextprotocol/conformance/package.json") on Node $("$tools_bin/node" --version), client on Node $("$host_node" --version); tools ready in $((SECONDS - started)) s"

results="${CONFORMANCE_RESULTS_DIR:-$(mktemp -d "${TMPDIR:-/tmp}/toolnexus-conformance.XXXXXX")}"
mkdir -p "$results"
# Hard stop per scenario beyond the client's own limit, in case the suite's server hangs on stop.
hard_limit_s=$((timeout_ms / 1000 + 60))

parallel="${CONFORMANCE_JOBS:-4}"

# One scenario: its verdict line in $results/lines/<index>, followed by its log when it failed.
run_scenario() {
  local index=$1 version=$2 scenario=$3
  local log="$results/$version-${scenario//\//-}.log" t0=$SECONDS status=0
  local revision=(--spec-version "$version")
  [[ $version != extension ]] || revision=()
  [[ $version != extension@* ]] || revision=(--spec-version "${version#extension@}" --force)
  PATH="$tools_bin:$PATH" timeout --kill-after=5 "$hard_limit_s" conformance client \
    --command "$host_node $here/client.mjs" --scenario "$scenario" "${revision[@]}" \
    --timeout "$timeout_ms" --expected-failures "$baseline" -o "$results/$version" >"$log" 2>&1 || status=$?
  sed -i 's/\x1b\[[0-9;]*m//g' "$log"
  local counts verdict=PASS
  counts="$(grep -m1 -oE 'Passed: [0-9]+/[0-9]+, [0-9]+ failed, [0-9]+ warnings' "$log" || echo "no result")"
  # With a baseline the suite's exit code looks at the checks only, so the client's own exit code
  # and timeout are read from its verdict line; a listed scenario may fail (its reason is in the file).
  if [[ $status -ne 0 ]]; then
    verdict=FAIL
  elif ! grep -q 'OVERALL: PASSED' "$log"; then
    if grep -qE "^[[:space:]]*-[[:space:]]*$scenario([:[:space:]]|$)" "$baseline"; then
      verdict=XFAIL
    else
      verdict=FAIL
    fi
  fi
  {
    printf '%-5s %-20s %-38s %-36s %3d s\n' "$verdict" "$version" "$scenario" "$counts" $((SECONDS - t0))
    [[ $verdict != FAIL ]] || sed 's/^/    | /' "$log"
  } >"$results/lines/$index"
}

mkdir -p "$results/lines"
ran=0
for entry in "${scenarios[@]}"; do
  [[ -z "${CONFORMANCE_FILTER:-}" || "$entry" =~ $CONFORMANCE_FILTER ]] || continue
  read -r version scenario <<<"$entry"
  while [[ $(jobs -rp | wc -l) -ge $parallel ]]; do wait -n || true; done
  run_scenario "$ran" "$version" "$scenario" &
  ran=$((ran + 1))
done
wait

failed=0
for ((index = 0; index < ran; index++)); do
  cat "$results/lines/$index"
  if grep -q '^FAIL ' "$results/lines/$index"; then failed=$((failed + 1)); fi
done

echo "conformance: $ran scenarios, $failed failed, $((SECONDS - started)) s in all"
if [[ $failed -gt 0 ]]; then
  echo "conformance: results kept in $results" >&2
  exit 1
fi
[[ -n "${CONFORMANCE_RESULTS_DIR:-}" ]] || rm -rf "$results"
