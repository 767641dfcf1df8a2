import { stdioServer } from "@toolnexus/fixtures";
import { afterEach, describe, expect, it, vi } from "vitest";
import { useSources } from "./support/harness.js";

const sources = useSources({ toolCache: null, autoRestart: { enabled: false }, env: {} });

const config = {
  mcpServers: {
    good: stdioServer("basic"),
    crashy: stdioServer("faulty", ["--mode", "exit-at-start"]),
    noenv: { ...stdioServer("basic"), env: { TOKEN: "${MISSING_TOKEN}" } },
  },
};

/** console.warn calls during `run`, one string per call; the real console.warn is restored after. */
function captureConsoleWarn() {
  const spy = vi.spyOn(console, "warn").mockImplementation(() => {});
  return () => spy.mock.calls.map((args) => args.map(String).join(" "));
}

afterEach(() => {
  vi.restoreAllMocks();
});

describe("servers that fail at load", () => {
  it("should write one line per failed server to console.warn when there is no onWarning", async () => {
    const warned = captureConsoleWarn();
    const source = await sources.load(config);

    expect(source.status).toStrictEqual({ good: "connected", crashy: "failed", noenv: "failed" });
    const lines = warned();
    expect(lines).toHaveLength(2);
    expect(lines[0]).toMatch(/^MCP server "crashy" failed to start: /);
    expect(lines[1]).toBe(
      'MCP server "noenv" failed to start: env.TOKEN references ${MISSING_TOKEN}, which is not set in the parent environment',
    );
    // One line each: the stderr tail stays in the snapshot.
    expect(lines.every((line) => !line.includes("\n"))).toBe(true);
  });

  it("should write nothing to the console when onWarning is given, which gets the same lines", async () => {
    const warned = captureConsoleWarn();
    const warnings: string[] = [];
    await sources.load(config, { onWarning: (message) => warnings.push(message) });

    expect(warned()).toStrictEqual([]);
    expect(warnings.filter((w) => w.includes("failed to start"))).toHaveLength(2);
  });

  it("should write nothing to the console when failOnStartupError rejects the load", async () => {
    const warned = captureConsoleWarn();
    const error = await sources.rejection(config, { failOnStartupError: true });

    expect(error).toMatchObject({ code: "STARTUP_FAILED" });
    expect(warned()).toStrictEqual([]);
  });
});

describe("one wording for a failed start", () => {
  it("should say 'failed to start' and name the server once for a missing env and a missing header variable", async () => {
    const source = await sources.load(
      {
        e: { ...stdioServer("basic"), env: { T: "${NOPE_ENV}" } },
        h: { url: "http://127.0.0.1:9/mcp", headers: { Authorization: "Bearer ${NOPE_HEADER}" } },
      },
      { onWarning: () => {} },
    );
    const lastErrors = Object.fromEntries(source.servers().map((s) => [s.name, s.lastError]));

    expect(lastErrors).toStrictEqual({
      e: 'MCP server "e" failed to start: env.T references ${NOPE_ENV}, which is not set in the parent environment',
      h: 'MCP server "h" failed to start: headers.Authorization references ${NOPE_HEADER}, which is not set in the parent environment',
    });
  });
});
