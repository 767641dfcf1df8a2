import { hostileServer, pidOf, stdioServer, waitFor } from "@toolnexus/fixtures";
import { describe, expect, it } from "vitest";
import { isMcpCoreError, type McpSource } from "../src/index.js";
import { printableSample } from "../src/printable-sample.js";
import { LineReader } from "../src/transport/line-reader.js";
import { UNREADABLE_RESPONSE } from "../src/transport/refused-response.js";
import { NOISE_QUIET_MS, StdoutNoise } from "../src/transport/stdout-noise.js";
import { useSources } from "./support/harness.js";

const sources = useSources({ toolCache: null });
const MiB = 1024 * 1024;

function tool(source: McpSource, name: string) {
  const found = source.tools.find((t) => t.name === name);
  if (!found) throw new Error(`no tool ${name}`);
  return found;
}

describe("LineReader", () => {
  const ping = '{"jsonrpc":"2.0","id":1,"method":"ping"}';

  it("should join a frame split across chunks and skip blank lines", () => {
    const reader = new LineReader(1024);
    expect(reader.push(Buffer.from(ping.slice(0, 10)))).toStrictEqual([]);
    const frames = reader.push(Buffer.from(`${ping.slice(10)}\r\n\n  \n`));
    expect(frames).toStrictEqual([{ kind: "message", message: JSON.parse(ping) }]);
  });

  it("should read CRLF lines within one chunk, skip lines of Unicode spaces, and keep a character split across chunks", () => {
    const reader = new LineReader(1024);
    const said = '{"jsonrpc":"2.0","method":"notifications/message","params":{"data":"café"}}';
    const bytes = Buffer.from(`${ping}\r\n\u00a0\u2028\t\r\n${said}\n`);
    const split = bytes.length - 5; // inside the two bytes of "é"
    expect(reader.push(bytes.subarray(0, split))).toStrictEqual([
      { kind: "message", message: JSON.parse(ping) },
    ]);
    expect(reader.push(bytes.subarray(split))).toStrictEqual([
      { kind: "message", message: JSON.parse(said) },
    ]);
  });

  it("should report a line that is not JSON-RPC, cut to the sample size", () => {
    const reader = new LineReader(1024, 5);
    expect(reader.push(Buffer.from(`hello world\n{"jsonrpc":"2.0"}\n`))).toStrictEqual([
      { kind: "invalid", text: "hello " },
      { kind: "invalid", text: '{"json' },
    ]);
  });

  it("should report an oversized line once, discard its rest, and read the next line", () => {
    const reader = new LineReader(100);
    expect(reader.push(Buffer.from("x".repeat(60)))).toStrictEqual([]);
    expect(reader.push(Buffer.from("x".repeat(60)))).toStrictEqual([{ kind: "oversized", bytes: 120 }]);
    expect(reader.push(Buffer.from("x".repeat(500)))).toStrictEqual([]);
    expect(reader.push(Buffer.from(`xxx\n${ping}\n`))).toStrictEqual([
      { kind: "message", message: JSON.parse(ping) },
    ]);
  });

  it("should take a result response as the JSON-RPC schema does, and nothing it refuses", () => {
    const reader = new LineReader(4096, 300);
    const valid = [
      '{"jsonrpc":"2.0","id":7,"result":{"content":[{"type":"text","text":"a"}]}}',
      '{"jsonrpc":"2.0","id":"s-1","result":{}}',
      '{"jsonrpc":"2.0","id":8,"result":{"_meta":{"k":1},"content":[]}}',
    ];
    // Refused, with no id a request can have, or not JSON-RPC 2.0 at all: noise.
    const refused = [
      '{"jsonrpc":"2.0","id":7.5,"result":{}}',
      '{"jsonrpc":"2.0","id":null,"result":{}}',
      '{"jsonrpc":"1.0","id":7,"result":{}}',
      '{"id":7,"result":{}}',
      '[{"jsonrpc":"2.0","id":7,"result":{}}]',
    ];
    const frames = reader.push(Buffer.from(`${[...valid, ...refused].join("\n")}\n`));
    expect(frames).toStrictEqual([
      ...valid.map((line) => ({ kind: "message", message: JSON.parse(line) })),
      ...refused.map((line) => ({ kind: "invalid", text: line })),
    ]);
  });

  it("should read a refused response with a request's id for what it carries, so its call settles", () => {
    const reader = new LineReader(4096, 300);
    const unreadable = { code: -32603, message: UNREADABLE_RESPONSE };
    const cases: Array<[string, unknown]> = [
      ['{"jsonrpc":"2.0","id":7,"result":{},"extra":1}', { jsonrpc: "2.0", id: 7, result: {} }],
      [
        '{"jsonrpc":"2.0","id":7,"result":{"_meta":"not an object"}}',
        { jsonrpc: "2.0", id: 7, result: { _meta: "not an object" } },
      ],
      [
        '{"jsonrpc":"2.0","id":"7","error":{"code":-1,"message":"no","data":1},"extra":1}',
        { jsonrpc: "2.0", id: "7", error: { code: -1, message: "no", data: 1 } },
      ],
      ['{"jsonrpc":"2.0","id":7,"result":[]}', { jsonrpc: "2.0", id: 7, error: unreadable }],
      ['{"jsonrpc":"2.0","id":7,"result":null}', { jsonrpc: "2.0", id: 7, error: unreadable }],
      ['{"jsonrpc":"2.0","id":7,"result":"text"}', { jsonrpc: "2.0", id: 7, error: unreadable }],
      ['{"jsonrpc":"2.0","id":7,"error":{"code":"x"}}', { jsonrpc: "2.0", id: 7, error: unreadable }],
    ];
    const frames = reader.push(Buffer.from(`${cases.map(([line]) => line).join("\n")}\n`));
    expect(frames).toStrictEqual(cases.map(([, message]) => ({ kind: "message", message })));
  });

  it("should accept a line of exactly the bound", () => {
    const reader = new LineReader(ping.length);
    expect(reader.push(Buffer.from(`${ping}\n`))).toHaveLength(1);
  });
});

describe("stdout noise", () => {
  it("should escape control characters and cut long samples", () => {
    expect(printableSample("a\x1b[0m\tb\n", 200)).toBe("a\\x1b[0m\\tb\\n");
    expect(printableSample("abcdef", 3)).toBe("abc…");
  });

  it("should report one warning per burst, a new burst after a quiet period", () => {
    const reports: string[] = [];
    const noise = new StdoutNoise((sample) => reports.push(sample));
    noise.skip("first", 0);
    noise.skip("second", NOISE_QUIET_MS - 1);
    noise.skip("third", 2 * NOISE_QUIET_MS - 2);
    expect(reports).toStrictEqual(["first"]);
    noise.skip("fourth", 3 * NOISE_QUIET_MS - 2);
    expect(reports).toStrictEqual(["first", "fourth"]);
    expect(noise.firstSample).toBe("first");
  });
});

describe("oversized stdout frames", () => {
  it("should return a valid 12 MiB result", async () => {
    // A frame under maxFrameBytes arrives whole; the result bound (default 8 MiB) is raised past it.
    const source = await sources.load(
      { mcpServers: { h: hostileServer("huge-line", { arg: 12 * MiB }) } },
      { maxResultBytes: 16 * MiB },
    );

    const result = await tool(source, "mcp__h__big").execute({});

    expect(result.isError).toBe(false);
    expect(result.text.length).toBe(12 * MiB);
  });

  it("should fail the call with FRAME_TOO_LARGE and restart the server, never throwing on the host", async () => {
    const source = await sources.load(
      { mcpServers: { h: hostileServer("huge-line", { arg: 2 * MiB }) } },
      { maxFrameBytes: MiB, autoRestart: { initialDelayMs: 50 } },
    );
    const firstPid = pidOf(source, "h");

    const result = await tool(source, "mcp__h__big").execute({});

    expect(result.error).toMatchObject({ kind: "unavailable", code: "FRAME_TOO_LARGE" });
    expect(result.text).toContain("maxFrameBytes");
    await waitFor(() => source.state("h") === "running" && pidOf(source, "h") !== firstPid, {
      message: "huge-line server restarted",
    });
    expect(source.servers()[0]?.restarts).toBe(1);
    expect((await tool(source, "mcp__h__echo").execute({ text: "after" })).text).toBe("after");
  });

  it("should reject maxFrameBytes that is not an integer of at least 1024", async () => {
    await expect(sources.load({ mcpServers: {} }, { maxFrameBytes: 10 })).rejects.toThrow(
      'loadMcp option "maxFrameBytes": expected an integer ≥ 1024, got 10',
    );
  });
});

describe("a child that does not read its stdin", () => {
  it("should fail calls fast with STDIN_BACKLOG_FULL once the backlog reaches maxFrameBytes", async () => {
    const source = await sources.load(
      { mcpServers: { s: hostileServer("echo") } },
      { maxFrameBytes: MiB, autoRestart: { enabled: false } },
    );
    const pid = pidOf(source, "s") as number;
    process.kill(pid, "SIGSTOP");
    try {
      const echo = tool(source, "mcp__s__echo");
      const text = "y".repeat(256 * 1024);
      // Far longer than the test may take: only the bound can end these calls early.
      const calls = Array.from({ length: 12 }, () => echo.execute({ text }, { timeoutMs: 120_000 }));

      const last = await calls[11];

      expect(last?.error).toMatchObject({ kind: "unavailable", code: "STDIN_BACKLOG_FULL" });
      expect(last?.text).toContain('MCP server "s" is not reading its input');
    } finally {
      process.kill(pid, "SIGCONT");
    }
  });
});

describe("garbage on stdout", () => {
  it("should name the first bytes of the unparseable output in the start error", async () => {
    const outcome = await sources.rejection(
      { mcpServers: { g: { ...hostileServer("garbage-only"), timeout: 1000 } } },
      { failOnStartupError: true },
    );
    const cause = (outcome as Error).cause;

    expect(isMcpCoreError(cause) && cause.code).toBe("START_TIMEOUT");
    expect((cause as Error).message).toContain(
      "stdout (not JSON-RPC): Starting server... \\x1b[32mready\\x1b[0m\\tport=none",
    );
  });

  it("should report skipped stdout lines through onWarning, with their first bytes", async () => {
    const warnings: string[] = [];
    const source = await sources.load(
      { mcpServers: { noisy: stdioServer("faulty", ["--mode", "garbage-stdout"]) } },
      { onWarning: (message) => warnings.push(message) },
    );
    await tool(source, "mcp__noisy__echo").execute({ text: "one" });

    const noise = warnings.filter((w) => w.includes("not JSON-RPC"));
    expect(noise[0]).toBe(
      'MCP server "noisy" wrote a line that is not JSON-RPC to stdout: garbage at start: this is not JSON',
    );
    // Dozens of garbage lines so far, one burst: far fewer warnings than lines.
    expect(noise.length).toBeLessThan(3);
  });
});
