# Step timing and side-by-side steps for .ci/run. Source it, then:
#
#   step NAME CMD...        runs CMD in the foreground; prints "ci: NAME: W s wall, U s user + S s sys"
#                           and returns CMD's status (a failed one is named: "ci: NAME FAILED")
#   start NAME CMD...       runs CMD in the background, its output held in a file
#   finish NAME...          waits for those started steps, in this order, printing each one's output
#                           whole (nothing interleaves); returns 1 when any of them failed
#
# The CPU seconds (user + sys, the step's processes and their children) tell how much of a step is
# work and how much waiting: a step whose CPU is far below its wall time can run beside another.

ci_logs="$(mktemp -d "${TMPDIR:-/tmp}/toolnexus-ci.XXXXXX")"
declare -A ci_pids=()

step() {
  local name=$1 status=0
  shift
  local TIMEFORMAT="ci: $name: %0R s wall, %0U s user + %0S s sys"
  # The timing line on stdout, in order with the step's output; the step's stderr stays stderr.
  { time "$@" 2>&4 || status=$?; } 4>&2 2>&1
  if [[ $status -ne 0 ]]; then echo "ci: $name FAILED (exit $status)"; fi
  return "$status"
}

start() {
  local name=$1
  shift
  (step "$name" "$@") >"$ci_logs/$name.log" 2>&1 &
  ci_pids[$name]=$!
}

finish() {
  local name status failed=0
  for name in "$@"; do
    status=0
    wait "${ci_pids[$name]}" || status=$?
    echo "::: $name"
    cat "$ci_logs/$name.log"
    if [[ $status -ne 0 ]]; then failed=1; fi
  done
  return "$failed"
}
