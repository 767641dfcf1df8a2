// The demo's narration: one line per event (elapsed time, who, state, what happened) cut to 80
// columns, a hard deadline that names what the demo was waiting for, and the check that closing
// left nothing running.

const WIDTH = 80;
const WHO_WIDTH = 7;
const STATE_WIDTH = 9;

/** Cuts `text` to `width` characters, marking the cut with an ellipsis. */
export function cut(text, width) {
  return text.length <= width ? text : `${text.slice(0, width - 1)}…`;
}

/**
 * A timeline that prints as it goes. `line(who, state, what, atMs?)` prints one event; `atMs` (ms
 * since the start) dates an event that happened before it could be printed.
 */
export function createTimeline({
  write = (text) => process.stdout.write(text),
  now = () => performance.now(),
} = {}) {
  const startedAt = now();
  const elapsedMs = () => now() - startedAt;
  const stamp = (ms) => `${(ms / 1000).toFixed(2)}s`.padStart(7);
  return {
    elapsedMs,
    header() {
      write(
        `${"time".padStart(7)}  ${"who".padEnd(WHO_WIDTH)} ${"state".padEnd(STATE_WIDTH)} what happened\n`,
      );
    },
    line(who, state, what, atMs = elapsedMs()) {
      const head = `${stamp(atMs)}  ${who.padEnd(WHO_WIDTH)} ${state.padEnd(STATE_WIDTH)} `;
      write(`${cut(head + what, WIDTH)}\n`);
    },
    /** A line outside the columns (the summary), also cut to the terminal width. */
    note(text) {
      write(`${cut(text, WIDTH)}\n`);
    },
  };
}

/**
 * The demo's hard deadline: `until(label, promise)` records what the demo waits for, and when
 * `ms` pass first the process prints that label and exits 1. `release()` unrefs the timer at the end,
 * so a leaked handle that keeps the process alive still ends it (with exit 1) instead of hanging.
 */
export function createDeadline(ms, { onExpire }) {
  let waitingFor = "the demo to start";
  const timer = setTimeout(() => onExpire(waitingFor), ms);
  return {
    until(label, promise) {
      waitingFor = label;
      return promise;
    },
    set waitingFor(label) {
      waitingFor = label;
    },
    release(label) {
      waitingFor = label;
      timer.unref();
    },
  };
}

/**
 * Counts of active resources (`process.getActiveResourcesInfo()`) by type. Node opens stdout's and
 * stderr's handles on first use (a pipe's shows as a `PipeWrap`); they are opened here first, so a
 * baseline holds them even when the first write to stderr comes later.
 */
export function activeResources() {
  void process.stdout;
  void process.stderr;
  const counts = new Map();
  for (const type of process.getActiveResourcesInfo()) counts.set(type, (counts.get(type) ?? 0) + 1);
  return counts;
}

/**
 * What is running now that was not at `baseline`: child processes, sockets, timers, pipes, as
 * `["ProcessWrap ×1", …]`. Empty when nothing leaked.
 */
export function leftRunning(baseline) {
  const left = [];
  for (const [type, count] of activeResources()) {
    const extra = count - (baseline.get(type) ?? 0);
    if (extra > 0) left.push(`${type} ×${extra}`);
  }
  return left;
}

/**
 * Resolves `[]` once nothing runs beyond `baseline`, or after `attempts` checks `intervalMs` apart
 * with what is still there. An exited child's handles close an event-loop turn or two after its
 * `exit`, so one immediate check could see them. No timer of this wait is armed while it checks.
 */
export async function handlesDrained(baseline, { attempts = 100, intervalMs = 20 } = {}) {
  for (let i = 1; ; i++) {
    const left = leftRunning(baseline);
    if (left.length === 0 || i === attempts) return left;
    await new Promise((resolve) => setTimeout(resolve, intervalMs));
  }
}
