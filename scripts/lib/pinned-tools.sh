# Shared by the CI scripts that run a suite on pinned tools of their own (conformance, ai-major,
# langchain-range, isolated-vm; .ci/run installs them beside the timed lanes).
# Source it, then call the functions below. Each script's folder holds a committed package.json +
# package-lock.json and a gitignored node_modules.

# Exits 1 with a message unless the workspace's packages are built. $1: the script's name.
require_built() {
  if [[ ! -f "$root/packages/mcp-core/dist/index.js" ]]; then
    echo "$1: packages/mcp-core/dist is missing; run 'npm ci && npm test' (or 'npx turbo run build') first" >&2
    exit 1
  fi
}

# Installs the folder's pinned tools unless this exact lock file is already installed. $1: the folder.
install_pinned() {
  local lock_hash stamp
  lock_hash="$(sha256sum "$1/package-lock.json" | cut -d' ' -f1)"
  stamp="$1/node_modules/.installed-lock-sha256"
  if [[ ! -f "$stamp" || "$(cat "$stamp")" != "$lock_hash" ]]; then
    (cd "$1" && npm ci --no-audit --no-fund --loglevel=error)
    echo "$lock_hash" >"$stamp"
  fi
}
