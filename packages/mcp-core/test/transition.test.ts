import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import type {
  EventType,
  LifecycleContext,
  LifecycleEvent,
  LifecycleState,
  Machine,
  StateKind,
} from "../src/machine/lifecycle-state.js";
import { publicState } from "../src/machine/lifecycle-state.js";
import { type Guard, TRANSITIONS, transition } from "../src/machine/transition.js";
import type { McpSession } from "../src/transport/session.js";

interface SpecRow {
  from: string;
  event: string;
  when: string;
  to: string;
  effects: string[];
}

/** The rows of SPEC §8.1's transition table (between its two markers). */
function specRows(): SpecRow[] {
  const spec = readFileSync(new URL("../../../SPEC.md", import.meta.url), "utf8");
  const table = spec.split("<!-- transition-table: start -->")[1]?.split("<!-- transition-table: end -->")[0];
  if (!table) throw new Error("SPEC.md has no transition table markers");
  const lines = table.trim().split("\n").slice(2);
  return lines.map((line) => {
    const cells = line
      .split("|")
      .slice(1, -1)
      .map((cell) => cell.trim().replaceAll("`", ""));
    const [from = "", event = "", when = "", to = "", effects = ""] = cells;
    return { from, event, when, to, effects: effects ? effects.split(/,\s*/) : [] };
  });
}

const session = { pid: 1 } as unknown as McpSession;
const error = new Error("boom");
const STATES: StateKind[] = ["stopped", "starting", "running", "error", "needs-auth", "closed"];
const EVENTS: EventType[] = ["start", "ready", "fail", "lost", "stop", "halt", "close", "auth-required"];
const GUARDS: Guard[] = ["", "restart due", "restarts spent", "no restart", "retry pending"];

const policy = { enabled: true, maxRetries: 3, initialDelayMs: 10, maxDelayMs: 40, stableAfterMs: 1000 };

/** The context for which `when` can hold: restarts due, spent, or off (the server never ran). */
function contextFor(when: Guard): LifecycleContext {
  return {
    policy,
    attempts: when === "restarts spent" ? policy.maxRetries : 0,
    restarts: 0,
    hasRun: when !== "no restart",
    lastError: undefined,
    envEntries: undefined,
  };
}

/** A machine in `kind` for which `when` can hold. */
function stateFor(kind: StateKind, when: Guard): Machine {
  return { state: lifecycleStateFor(kind, when), context: contextFor(when) };
}

function lifecycleStateFor(kind: StateKind, when: Guard): LifecycleState {
  switch (kind) {
    case "stopped":
      return { kind };
    case "starting":
      return { kind, attempt: 1, abort: new AbortController(), reason: "start" };
    case "running":
      return { kind, session, since: 0 };
    case "error":
      return {
        kind,
        error,
        gaveUp: false,
        retry: when === "retry pending" ? { attempt: 1, delayMs: 10 } : undefined,
      };
    case "needs-auth":
      return { kind, error, authorizationUrl: "https://as.example/authorize" };
    case "closed":
      return { kind };
  }
}

/** An event of `type` (what auto-restart does is the context's, see `contextFor`). */
function eventFor(type: EventType): LifecycleEvent {
  switch (type) {
    case "start":
      return { type, abort: new AbortController(), reason: "start" };
    case "ready":
      return { type, session, at: 0, envEntries: [] };
    case "fail":
      return { type, error, halted: false };
    case "lost":
      return { type, error, reason: "crash", halted: false };
    case "stop":
      return { type, reason: "stop" };
    case "auth-required":
      return { type, error, authorizationUrl: "https://as.example/authorize" };
    case "abandoned":
      return { type, error };
    default:
      return { type };
  }
}

describe("transition() and SPEC §8.1", () => {
  it("should have exactly SPEC's rows in its table, in SPEC's order", () => {
    const ours = TRANSITIONS.map((r) => ({ ...r, effects: [...r.effects] }));
    expect(ours).toEqual(specRows());
  });

  it("should move as each SPEC row says, with its effects in order", () => {
    for (const row of specRows()) {
      const when = row.when as Guard;
      const result = transition(stateFor(row.from as StateKind, when), eventFor(row.event as EventType));
      const where = `${row.from} × ${row.event} (${row.when || "always"})`;
      expect(result?.state.kind, where).toBe(row.to);
      expect(
        result?.effects.map((e) => e.type),
        where,
      ).toEqual(row.effects);
    }
  });

  it("should refuse every state × event pair SPEC has no row for", () => {
    const listed = new Set(specRows().map((r) => `${r.from}/${r.event}`));
    for (const kind of STATES) {
      for (const type of EVENTS) {
        if (listed.has(`${kind}/${type}`)) continue;
        for (const when of GUARDS) {
          expect(transition(stateFor(kind, when), eventFor(type)), `${kind} × ${type}`).toBeUndefined();
        }
      }
    }
  });

  it("should keep a failed first start failed: auto-restart applies only to a server that has run", () => {
    const first = stateFor("starting", "no restart");
    const result = transition(first, eventFor("fail"));
    expect(result?.state).toMatchObject({ kind: "error", gaveUp: false });
    expect(result?.state.kind === "error" && result.state.retry).toBeUndefined();
    expect(result?.reason).toBe("start-failed");
  });

  it("should carry the retry plan into the error state and say gave-up when the budget is spent", () => {
    const running = stateFor("running", "");
    const due = transition(running, eventFor("lost"));
    expect(due?.state).toMatchObject({ kind: "error", retry: { attempt: 1, delayMs: 10 }, gaveUp: false });
    expect(due?.reason).toBe("crash");
    const spent = transition(stateFor("running", "restarts spent"), eventFor("lost"));
    expect(spent?.state).toMatchObject({ kind: "error", gaveUp: true });
    expect(spent?.reason).toBe("gave-up");
  });

  it("should read closed as stopped from the outside", () => {
    expect(publicState({ kind: "closed" })).toBe("stopped");
  });
});
