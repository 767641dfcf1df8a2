// A server's lifecycle in the traces (SPEC §21.1): a state change while a call is in flight is a
// span event on that call's tools/call span. The basic fixture over stdio (a real child process)
// is killed while its `slow` tool runs.
import { SpanStatusCode } from "@opentelemetry/api";
import { stdioServer } from "@toolnexus/fixtures";
import { expect, it } from "vitest";
import { failOnUnhandledRejections, toolByRawName, useSources } from "./support/harness.js";
import { useInMemoryTracing } from "./support/in-memory-tracing.js";

failOnUnhandledRejections();

const sources = useSources({ toolCache: null, autoRestart: { enabled: false } });
const exporter = useInMemoryTracing();

it("should add the server's state change to the span of the call it held up", async () => {
  const source = await sources.load({ mcpServers: { s: stdioServer("basic") } });
  const pid = source.servers()[0]?.pid as number;
  // Killed once the call is in flight: its first progress notification arrived.
  let progressed: () => void = () => {};
  const inFlight = new Promise<void>((resolve) => {
    progressed = resolve;
  });
  const call = toolByRawName(source, "slow", "s").execute(
    { ms: 20_000, steps: 100 },
    { onProgress: () => progressed() },
  );
  await inFlight;
  process.kill(pid, "SIGKILL");
  const result = await call;
  expect(result.isError).toBe(true);
  const [span] = exporter.getFinishedSpans().filter((s) => s.name === "tools/call slow");
  expect(span?.status.code).toBe(SpanStatusCode.ERROR);
  expect(span?.events.map((e) => [e.name, e.attributes])).toEqual([
    [
      "toolnexus.mcp.server.state",
      {
        "toolnexus.mcp.server.state": "error",
        "toolnexus.mcp.server.state.previous": "running",
        "toolnexus.mcp.server.state.reason": "crash",
      },
    ],
  ]);
});
