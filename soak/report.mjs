// What a soak measures besides calls and chaos: process-level failures, memory, and the child
// processes it saw; and the invariants its report is judged by.

import { setFlagsFromString } from "node:v8";
import { runInNewContext } from "node:vm";
import { isAlive } from "@toolnexus/fixtures";

/** RSS / heap growth from the post-warm-up sample to the end that fails a long run, in percent. */
export const MAX_GROWTH_PERCENT = 10;
/** Runs shorter than this report memory growth but are not judged by it (warm-up dominates them). */
export const MIN_MINUTES_FOR_GROWTH = 10;

// A full GC before each memory sample makes start and end comparable (otherwise the figures say when
// V8 last collected, not what the process holds). `--expose-gc` set at run time keeps the command
// `node soak/run.mjs`.
setFlagsFromString("--expose-gc");
const gc = runInNewContext("gc");

/** Memory after a full GC, in MiB. */
export function memorySample() {
  gc();
  const { rss, heapUsed } = process.memoryUsage();
  const mib = (bytes) => Math.round((bytes / 2 ** 20) * 10) / 10;
  return { atMs: Math.round(performance.now()), rssMiB: mib(rss), heapUsedMiB: mib(heapUsed) };
}

/**
 * Counts unhandled rejections and uncaught exceptions of the soak process (the measuring
 * instrument: without these handlers the first one would end the run instead of being counted).
 */
export function watchProcessFailures() {
  const failures = { unhandledRejections: 0, uncaughtExceptions: 0, messages: [] };
  const note = (kind) => (error) => {
    failures[kind]++;
    if (failures.messages.length < 20) failures.messages.push(`${kind}: ${error?.stack ?? error}`);
  };
  const onRejection = note("unhandledRejections");
  const onException = note("uncaughtExceptions");
  process.on("unhandledRejection", onRejection);
  process.on("uncaughtException", onException);
  return {
    failures,
    stop() {
      process.off("unhandledRejection", onRejection);
      process.off("uncaughtException", onException);
    },
  };
}

/**
 * The live (not zombie) child processes of this process, from `/proc` (Linux): catches a child the
 * pid sampling never saw (spawned and left between two samples). Empty where there is no `/proc`.
 */
export function liveChildren() {
  let entries;
  try {
    entries = readdirSync("/proc").filter((name) => /^\d+$/.test(name));
  } catch {
    return [];
  }
  const children = [];
  for (const pid of entries) {
    try {
      // "pid (comm) state ppid …": comm may hold spaces, so read after its closing parenthesis.
      const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
      const [state, ppid] = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
      if (Number(ppid) === process.pid && state !== "Z") children.push(Number(pid));
    } catch {}
  }
  return children;
}

/** Every process id seen during the run (stdio children and HTTP servers). */
export function pidRegistry() {
  const pids = new Set();
  return {
    add(pid) {
      if (typeof pid === "number") pids.add(pid);
    },
    addFrom(source) {
      for (const s of source.servers()) if (s.pid !== undefined) pids.add(s.pid);
    },
    all: () => [...pids],
    /** Pids seen that are still alive, and any other live child of this process. */
    survivors: () => [...new Set([...[...pids].filter((pid) => isAlive(pid)), ...liveChildren()])],
  };
}

const growth = (from, to) => Math.round(((to - from) / from) * 1000) / 10;

/** The report's memory block: start, end, peak and growth in percent. */
export function memoryReport(start, end, samples) {
  return {
    start,
    end,
    peakRssMiB: Math.max(...samples.map((s) => s.rssMiB)),
    rssGrowthPercent: growth(start.rssMiB, end.rssMiB),
    heapGrowthPercent: growth(start.heapUsedMiB, end.heapUsedMiB),
    samples,
  };
}

/** The invariants a soak report must meet; each failed one named with its figure. */
export function failedInvariants(report) {
  const failed = [];
  const check = (ok, what) => {
    if (!ok) failed.push(what);
  };
  check(report.calls.hung === 0, `hung calls: ${report.calls.hung}`);
  check(report.calls.threw === 0, `execute rejected: ${report.calls.threw}`);
  check(report.calls.succeeded > 0, "no call succeeded");
  check(
    report.process.unhandledRejections === 0,
    `unhandled rejections: ${report.process.unhandledRejections}`,
  );
  check(report.process.uncaughtExceptions === 0, `uncaught exceptions: ${report.process.uncaughtExceptions}`);
  check(report.survivors.length === 0, `processes alive after close: ${report.survivors.join(", ")}`);
  check(report.closeError === undefined, `close() failed: ${report.closeError}`);
  if (report.minutes >= MIN_MINUTES_FOR_GROWTH) {
    check(
      report.memory.rssGrowthPercent < MAX_GROWTH_PERCENT,
      `RSS growth ${report.memory.rssGrowthPercent} %`,
    );
    check(
      report.memory.heapGrowthPercent < MAX_GROWTH_PERCENT,
      `heap growth ${report.memory.heapGrowthPercent} %`,
    );
  }
  return failed;
}
