/**
 * A setup file of every package's vitest config. The suites run with `isolate: false`: a worker
 * process runs one test file after another in the same module graph (measured on the core's suite:
 * 229 CPU-s against 326 with a fresh module graph per file, the imports 10 s against 99 s), so a
 * global a file changes and leaves behind reaches the files after it, in an order that changes from
 * run to run. This guard makes such a file fail itself, by name, instead: after the file's own
 * hooks it checks that the file left real timers, the environment it found, no extra listener for
 * process-wide errors and warnings, and no OpenTelemetry global (tracer, meter, propagator, context
 * manager) registered.
 * @module
 */
import { afterAll, vi } from "vitest";

/** Process events whose listeners a test file may add only for its own duration. */
const EVENTS = ["uncaughtException", "unhandledRejection", "warning"] as const;
/** Where @opentelemetry/api keeps its globals (`Symbol.for("opentelemetry.js.api.<major>")`). */
const OTEL_GLOBAL = Symbol.for("opentelemetry.js.api.1");

const envBefore = { ...process.env };
const listenersBefore = EVENTS.map((event) => process.listenerCount(event));

// Registered before the file's own hooks, so (after hooks run last-registered first) it runs last.
afterAll(() => {
  const left: string[] = [];
  if (vi.isFakeTimers()) {
    vi.useRealTimers();
    left.push("fake timers on (call vi.useRealTimers() in an after hook)");
  }
  const names = new Set([...Object.keys(envBefore), ...Object.keys(process.env)]);
  const changed = [...names].filter((name) => envBefore[name] !== process.env[name]);
  if (changed.length > 0) {
    for (const name of changed) {
      if (envBefore[name] === undefined) delete process.env[name];
      else process.env[name] = envBefore[name];
    }
    left.push(`process.env changed: ${changed.sort().join(", ")} (restore them after the test)`);
  }
  for (const [index, event] of EVENTS.entries()) {
    const added = process.listenerCount(event) - (listenersBefore[index] ?? 0);
    if (added > 0) left.push(`${added} more process "${event}" listener(s)`);
  }
  const otel = (globalThis as Record<symbol, Record<string, unknown> | undefined>)[OTEL_GLOBAL];
  const registered = Object.keys(otel ?? {}).filter((key) => key !== "version");
  if (registered.length > 0) {
    left.push(`OpenTelemetry globals registered: ${registered.join(", ")} (call trace.disable() etc.)`);
  }
  if (left.length > 0) {
    throw new Error(
      `this test file left a global behind for the files after it in the same worker: ${left.join("; ")}`,
    );
  }
});
