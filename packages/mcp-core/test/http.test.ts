import { createServer, type IncomingHttpHeaders, request } from "node:http";
import type { AddressInfo } from "node:net";
import { type HttpFixture, startHttpFixture } from "@toolnexus/fixtures";
import { afterAll, beforeAll, describe, expect, it, onTestFinished } from "vitest";
import type { LoadMcpOptions, McpSource } from "../src/index.js";
import { toolByName, useSources } from "./support/harness.js";
import { startSseServer } from "./support/sse-server.js";

interface RecordedRequest {
  method: string;
  headers: IncomingHttpHeaders;
}

interface RecordingProxy {
  readonly url: string;
  readonly requests: RecordedRequest[];
  close(): Promise<void>;
}

/** Forwards every request to `target` (streams included) and records its method and headers. */
async function startRecordingProxy(target: HttpFixture): Promise<RecordingProxy> {
  const requests: RecordedRequest[] = [];
  const server = createServer((req, res) => {
    requests.push({ method: req.method ?? "", headers: req.headers });
    const upstream = request(
      { host: "127.0.0.1", port: target.port, path: req.url, method: req.method, headers: req.headers },
      (answer) => {
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(res);
      },
    );
    upstream.on("error", () => {
      if (!res.headersSent) res.writeHead(502);
      res.end();
    });
    req.pipe(upstream);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/mcp`,
    requests,
    close: async () => {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

let fixture: HttpFixture;

beforeAll(async () => {
  fixture = await startHttpFixture("basic");
});

afterAll(async () => {
  await fixture?.stop();
});

const sources = useSources({ toolCache: null });

/** Loads one remote server named "web" (a 10 s timeout unless `server` sets one). */
const load = (server: Record<string, unknown>, options: LoadMcpOptions = {}) =>
  sources.load({ mcpServers: { web: { timeout: 10_000, ...server } } }, options);

/** A recording proxy in front of the fixture, closed when the test finishes (after its sources). */
async function proxy(): Promise<RecordingProxy> {
  const recording = await startRecordingProxy(fixture);
  onTestFinished(() => recording.close());
  return recording;
}

const echoOf = (source: McpSource) => toolByName(source, "mcp__web__echo");

describe("Streamable HTTP servers", () => {
  it("should load a server given by url and execute its tools", async () => {
    const source = await load({ url: fixture.url });

    expect(source.status).toStrictEqual({ web: "connected" });
    const [snapshot] = source.servers();
    expect(snapshot?.transport).toBe("http");
    expect(snapshot?.pid).toBeUndefined();
    expect(source.tools.map((t) => t.rawName)).toContain("add");
    await expect(echoOf(source).execute({ text: "over http" })).resolves.toMatchObject({
      isError: false,
      text: "over http",
    });
    const add = source.tools.find((t) => t.rawName === "add");
    await expect(add?.execute({ a: 2, b: 5 })).resolves.toMatchObject({
      structuredContent: { sum: 7 },
      text: "7",
    });
  });

  it("should expand $VAR references in headers and send them with every request", async () => {
    const recording = await proxy();
    const source = await load(
      {
        url: recording.url,
        headers: { Authorization: "Bearer ${MCP_TEST_TOKEN}", "X-Client": "core-tests" },
      },
      { env: { MCP_TEST_TOKEN: "tok-123" } },
    );
    await echoOf(source).execute({ text: "with headers" });

    const posts = recording.requests.filter((r) => r.method === "POST");
    // initialize, notifications/initialized, tools/list, tools/call
    expect(posts.length).toBeGreaterThanOrEqual(4);
    for (const { headers } of recording.requests) {
      expect(headers.authorization).toBe("Bearer tok-123");
      expect(headers["x-client"]).toBe("core-tests");
    }
  });

  it("should call a headers function for every request (rotating tokens)", async () => {
    const recording = await proxy();
    let calls = 0;
    const source = await load({
      url: recording.url,
      headers: () => {
        calls++;
        return { authorization: `Bearer rotating-${calls}` };
      },
    });
    await echoOf(source).execute({ text: "one" });
    await echoOf(source).execute({ text: "two" });

    const tokens = recording.requests.map((r) => r.headers.authorization);
    expect(tokens.length).toBeGreaterThanOrEqual(5);
    expect(new Set(tokens).size).toBe(tokens.length);
    expect(tokens.every((t) => /^Bearer rotating-\d+$/.test(t ?? ""))).toBe(true);
    expect(calls).toBeGreaterThanOrEqual(tokens.length);
  });

  it("should terminate the session with DELETE on stop and on close", async () => {
    const recording = await proxy();
    const source = await load({ url: recording.url });
    const sessionOf = (method: string) =>
      recording.requests.filter((r) => r.method === method).map((r) => r.headers["mcp-session-id"]);

    expect(sessionOf("DELETE")).toStrictEqual([]);
    const first = sessionOf("POST").at(-1);
    expect(first).toMatch(/\S/);

    await source.stop("web");
    expect(sessionOf("DELETE")).toStrictEqual([first]);

    await source.start("web");
    const second = sessionOf("POST").at(-1);
    expect(second).not.toBe(first);
    await source.close();
    expect(sessionOf("DELETE")).toStrictEqual([first, second]);
  });
});

describe("legacy SSE fallback", () => {
  it.each([404, 405] as const)(
    "should fall back to legacy SSE when the initial POST answers %i",
    async (postStatus) => {
      const sse = await startSseServer({ postStatus });
      onTestFinished(() => sse.close());
      const source = await load({ url: sse.url });

      expect(source.status).toStrictEqual({ web: "connected" });
      expect(sse.requests[0]).toStrictEqual({ method: "POST", path: "/mcp", status: postStatus });
      expect(sse.requests).toContainEqual({ method: "GET", path: "/mcp", status: 200 });
      await expect(echoOf(source).execute({ text: "legacy" })).resolves.toMatchObject({ text: "sse:legacy" });
      expect(sse.requests.filter((r) => r.path === "/messages").length).toBeGreaterThanOrEqual(3);
    },
  );

  it("should use legacy SSE directly for type sse", async () => {
    const sse = await startSseServer();
    onTestFinished(() => sse.close());
    const source = await load({ type: "sse", url: sse.url });

    expect(source.servers()[0]?.transport).toBe("sse");
    expect(sse.requests.filter((r) => r.path === "/mcp").map((r) => r.method)).toStrictEqual(["GET"]);
    await expect(echoOf(source).execute({ text: "direct" })).resolves.toMatchObject({ text: "sse:direct" });
  });
});
