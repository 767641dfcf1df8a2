// Tracing of a task call (SPEC §21.1): its tasks/get and tasks/result are CLIENT spans under the
// call's tools/call span, and the server (the tasks fixture over HTTP, a real process) receives
// each request's own span context in _meta.
import { type HttpFixture, makeTempDir, readLog, removeTempDir, startHttpFixture } from "@toolnexus/fixtures";
import { afterAll, beforeAll, expect, it } from "vitest";
import { failOnUnhandledRejections, toolByRawName, useSources } from "./support/harness.js";
import { useInMemoryTracing } from "./support/in-memory-tracing.js";

failOnUnhandledRejections();

const sources = useSources({ toolCache: null, autoRestart: { enabled: false } });
const exporter = useInMemoryTracing();
let fixture: HttpFixture;
let logDir: string;
let log: string;

beforeAll(async () => {
  logDir = makeTempDir("trace-tasks-");
  log = `${logDir}/tasks.log`;
  fixture = await startHttpFixture("tasks", ["--log", log, "--work-ms", "600", "--stages", "2"]);
});
afterAll(async () => {
  await fixture.stop();
  removeTempDir(logDir);
});

it("should trace a task's polls under its tools/call span and send each poll's context", async () => {
  const source = await sources.loadServers({ t: { url: fixture.url } }, { taskStore: null });
  const result = await toolByRawName(source, "slow_task").execute({ label: "a" });
  expect(result.isError, result.text).toBe(false);
  const spans = exporter.getFinishedSpans();
  const [call] = spans.filter((s) => s.name === "tools/call slow_task");
  const polls = spans.filter((s) => s.name.startsWith("tasks/get"));
  expect(call).toBeDefined();
  expect(polls.length).toBeGreaterThan(0);
  const port = Number(new URL(fixture.url).port);
  for (const poll of polls) {
    // Named by the tool's raw MCP name (SPEC §21.1), not the model-facing `mcp__t__slow_task`.
    expect(poll.name).toBe("tasks/get slow_task");
    expect(poll.parentSpanContext?.spanId).toBe(call?.spanContext().spanId);
    const { "mcp.session.id": _session, "mcp.protocol.version": version, ...attributes } = poll.attributes;
    expect(version).toEqual(expect.any(String));
    expect(attributes).toEqual({
      "mcp.method.name": "tasks/get",
      "gen_ai.tool.name": "slow_task",
      "toolnexus.mcp.task.id": expect.any(String),
      "toolnexus.mcp.server": "t",
      "network.transport": "tcp",
      "network.protocol.name": "http",
      "server.address": "127.0.0.1",
      "server.port": port,
    });
  }
  const sent = readLog(log)
    .filter((e) => e.event === "task_get")
    .map((e) => e.traceparent);
  const expected = polls.map((p) => `00-${p.spanContext().traceId}-${p.spanContext().spanId}-01`);
  expect(new Set(sent)).toEqual(new Set(expected));
  const [traced] = readLog(log).filter((e) => e.event === "call_traced");
  expect(traced?.traceparent).toBe(`00-${call?.spanContext().traceId}-${call?.spanContext().spanId}-01`);
});
