// Drift in the trace (SPEC §21.1): each drift the gate reports is a short INTERNAL span
// `toolnexus.mcp.tools.drift` under the `tools/list` request whose listing it gated (an approval's,
// under the host's active span), attributed with counts and the policy only. A real fixture whose
// tools change (fixtures/hostile/modes/rug-pull.mjs: its rug_pull tool rewrites read_note and adds
// sync_notes, then sends list_changed), pins in a temp dir.
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { type Span, SpanKind, SpanStatusCode, trace } from "@opentelemetry/api";
import { hostileServer, makeTempDir, removeTempDir, waitFor } from "@toolnexus/fixtures";
import { afterAll, describe, expect, it } from "vitest";
import type { LoadMcpOptions, McpDrift, McpSource } from "../src/index.js";
import { filePinStore } from "../src/stores.js";
import { failOnUnhandledRejections, useSources } from "./support/harness.js";
import { useInMemoryTracing } from "./support/in-memory-tracing.js";

failOnUnhandledRejections();

const S = "notes";
const DRIFT = "toolnexus.mcp.tools.drift";
const dirs: string[] = [];
afterAll(() => {
  for (const dir of dirs) removeTempDir(dir);
});
const sources = useSources({ toolCache: null, autoRestart: { enabled: false } });
const exporter = useInMemoryTracing();

function place() {
  const dir = makeTempDir("drift-trace-");
  dirs.push(dir);
  return { pins: filePinStore(join(dir, "pins")), state: join(dir, "state") };
}

interface Watched {
  source: McpSource;
  drifts: McpDrift[];
  /** The span active when each drift reached the host's onDrift. */
  activeAtDrift: (string | undefined)[];
}

/** Loads the rug-pull server inside the host's span `host load`. */
async function load(state: string, options: LoadMcpOptions): Promise<Watched> {
  const drifts: McpDrift[] = [];
  const activeAtDrift: (string | undefined)[] = [];
  let source: McpSource | undefined;
  await trace.getTracer("host").startActiveSpan("host load", async (span: Span) => {
    try {
      source = await sources.loadServers(
        { [S]: hostileServer("rug-pull", { arg: state }) },
        {
          ...options,
          onDrift: (_server, drift) => {
            drifts.push(drift);
            activeAtDrift.push(trace.getActiveSpan()?.spanContext().spanId);
          },
        },
      );
    } finally {
      span.end();
    }
  });
  return { source: source as McpSource, drifts, activeAtDrift };
}

async function pull(w: Watched): Promise<void> {
  const before = w.drifts.length;
  const result = await w.source.tools.find((t) => t.rawName === "rug_pull")?.execute({});
  expect(result?.isError).toBe(false);
  await waitFor(() => w.drifts.length > before, { timeoutMs: 20_000, message: "a drift event" });
}

const spansNamed = (name: string) => exporter.getFinishedSpans().filter((s) => s.name === name);
const byId = (spanId: string | undefined) =>
  exporter.getFinishedSpans().find((s) => s.spanContext().spanId === spanId);
const counts = (
  policy: string,
  c: Partial<Record<"added" | "removed" | "changed" | "held" | "blocked", number>>,
) => ({
  "toolnexus.mcp.server": S,
  "toolnexus.mcp.drift.policy": policy,
  "toolnexus.mcp.drift.added": c.added ?? 0,
  "toolnexus.mcp.drift.removed": c.removed ?? 0,
  "toolnexus.mcp.drift.changed": c.changed ?? 0,
  "toolnexus.mcp.drift.held": c.held ?? 0,
  "toolnexus.mcp.drift.blocked": c.blocked ?? 0,
});

describe("a drift the gate reports", () => {
  it("hold: a refresh's drift is a span under its tools/list request, counts and policy only", async () => {
    exporter.reset();
    const p = place();
    const w = await load(p.state, { drift: "hold", pinStore: p.pins });
    // A first listing is trusted on first use: no drift, no span.
    expect(spansNamed(DRIFT)).toEqual([]);
    await pull(w);
    const [span] = spansNamed(DRIFT);
    expect(spansNamed(DRIFT)).toHaveLength(1);
    expect(span?.kind).toBe(SpanKind.INTERNAL);
    expect(span?.status.code).toBe(SpanStatusCode.UNSET);
    // read_note changed, sync_notes added: both held; never a description or a schema.
    expect(span?.attributes).toEqual(counts("hold", { added: 1, changed: 1, held: 2 }));
    expect(span?.events).toEqual([]);
    // The host's onDrift ran inside it.
    expect(w.activeAtDrift.at(-1)).toBe(span?.spanContext().spanId);
    // Its parent is the refresh's page request, the last tools/list span, in that request's trace.
    const listing = byId(span?.parentSpanContext?.spanId);
    expect(listing?.name).toBe("tools/list");
    expect(listing?.kind).toBe(SpanKind.CLIENT);
    expect(span?.spanContext().traceId).toBe(listing?.spanContext().traceId);
    const lists = spansNamed("tools/list");
    expect(lists.at(-1)?.spanContext().spanId).toBe(listing?.spanContext().spanId);

    // An approval that leaves sync_notes waiting reports the rest: a span under the host's span.
    exporter.reset();
    await trace.getTracer("host").startActiveSpan("host approve", async (host: Span) => {
      try {
        expect(await w.source.approveDrift(S, ["read_note"])).toEqual(["read_note"]);
      } finally {
        host.end();
      }
    });
    const [approval] = spansNamed(DRIFT);
    expect(spansNamed(DRIFT)).toHaveLength(1);
    expect(approval?.attributes).toEqual(counts("hold", { added: 1, held: 1 }));
    expect(byId(approval?.parentSpanContext?.spanId)?.name).toBe("host approve");
    // Approving the rest leaves no drift: no span.
    exporter.reset();
    await w.source.approveDrift(S);
    expect(spansNamed(DRIFT)).toEqual([]);
  });

  it("block: the drift a load finds against stored pins is in the host's trace", async () => {
    const p = place();
    const first = await load(p.state, { pinStore: p.pins, drift: "block" });
    await first.source.close();
    writeFileSync(p.state, "rewrite");
    exporter.reset();
    const w = await load(p.state, { pinStore: p.pins, drift: "block" });
    expect(w.drifts).toHaveLength(1);
    expect(w.source.tools).toEqual([]);
    const [span] = spansNamed(DRIFT);
    expect(spansNamed(DRIFT)).toHaveLength(1);
    // Every listed tool withdrawn: counted as blocked, not held.
    expect(span?.attributes).toEqual(counts("block", { added: 1, changed: 1, blocked: 4 }));
    const listing = byId(span?.parentSpanContext?.spanId);
    expect(listing?.name).toBe("tools/list");
    const host = spansNamed("host load")[0];
    expect(byId(listing?.parentSpanContext?.spanId)?.name).toBe("host load");
    expect(span?.spanContext().traceId).toBe(host?.spanContext().traceId);
  });

  it("accept: a drift taken in at once is a span too, nothing held", async () => {
    exporter.reset();
    const p = place();
    const w = await load(p.state, {});
    await pull(w);
    const [span] = spansNamed(DRIFT);
    expect(spansNamed(DRIFT)).toHaveLength(1);
    expect(span?.attributes).toEqual(counts("accept", { added: 1, changed: 1 }));
    expect(byId(span?.parentSpanContext?.spanId)?.name).toBe("tools/list");
  });
});
