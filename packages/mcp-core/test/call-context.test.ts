// Per-call context (SPEC §23.1): a host's `tenant`, `_meta` and headers go out with the call, merged
// under the library's own keys. Real fixture servers of both eras (basic: 2025-11-25 on the v1 SDK;
// modern: 2026-07-28 on the v2 server package), stdio and Streamable HTTP; `trace_meta` answers
// the whole `_meta` and every header the server received. The host's context is treated as
// untrusted (it is often filled from what a user sent).
import { readLog, stdioServer } from "@toolnexus/fixtures";
import { describe, expect, it } from "vitest";
import {
  hostCallContext,
  type McpTenantContext,
  mapHostContext,
  resolveCallOptions,
} from "../src/adapter/index.js";
import type { McpCallContext, McpSource } from "../src/index.js";
import {
  failOnUnhandledRejections,
  httpFixture,
  tempDir,
  toolByRawName,
  useSources,
} from "./support/harness.js";

failOnUnhandledRejections();

const CASES = [
  { fixture: "basic", wire: "stdio" },
  { fixture: "basic", wire: "http" },
  { fixture: "modern", wire: "stdio" },
  { fixture: "modern", wire: "http" },
] as const;
type Case = (typeof CASES)[number];
const HTTP_CASES = CASES.filter((c) => c.wire === "http");

const sources = useSources({ toolCache: null, autoRestart: { enabled: false } });

interface Seen {
  allMeta: Record<string, unknown>;
  allHeaders: Record<string, string>;
}

async function load({ fixture, wire }: Case, entry: object = {}): Promise<McpSource> {
  if (wire === "http") {
    const { url } = await httpFixture(fixture, ["--trace-tool"]);
    return sources.load({ mcpServers: { s: { url, ...entry } } });
  }
  return sources.load({ mcpServers: { s: { ...stdioServer(fixture, ["--trace-tool"]), ...entry } } });
}

async function seenBy(source: McpSource, ctx?: McpCallContext): Promise<Seen> {
  const result = await toolByRawName(source, "trace_meta", "s").execute({}, ctx);
  expect(result.error).toBeUndefined();
  return JSON.parse(result.text) as Seen;
}

describe("a call's own _meta and headers", () => {
  it.each(CASES)("should reach $fixture over $wire as given", async (c) => {
    const source = await load(c);
    const seen = await seenBy(source, {
      tenant: "acme",
      _meta: { "example.com/tenant": "acme", runId: "run-7", nested: { a: [1, 2] } },
      headers: { "X-Tenant": "acme", "x-run-id": "run-7" },
    });
    expect(seen.allMeta).toEqual({ "example.com/tenant": "acme", runId: "run-7", nested: { a: [1, 2] } });
    if (c.wire === "http") {
      expect(seen.allHeaders["x-tenant"]).toBe("acme");
      expect(seen.allHeaders["x-run-id"]).toBe("run-7");
    }
  });

  it.each(CASES)("should add nothing on $fixture over $wire when the context has none", async (c) => {
    const source = await load(c);
    const seen = await seenBy(source, { tenant: "acme" });
    expect(seen.allMeta).toEqual({});
    expect(Object.keys(seen.allHeaders).filter((h) => h.startsWith("x-"))).toEqual([]);
  });

  it.each(CASES)("should keep each call's context to that call on $fixture over $wire", async (c) => {
    const source = await load(c);
    const seen = await Promise.all(
      ["a", "b", "c", "d"].map((tenant) =>
        seenBy(source, { tenant, _meta: { tenant }, headers: { "x-tenant": tenant } }),
      ),
    );
    expect(seen.map((s) => s.allMeta.tenant)).toEqual(["a", "b", "c", "d"]);
    if (c.wire === "http") expect(seen.map((s) => s.allHeaders["x-tenant"])).toEqual(["a", "b", "c", "d"]);
  });
});

describe("a tenant's context cannot take the library's keys", () => {
  const hostile = {
    progressToken: "tenant-token",
    traceparent: "00-11111111111111111111111111111111-2222222222222222-01",
    tracestate: "evil=1",
    baggage: "user=admin",
    "io.modelcontextprotocol/related-task": { taskId: "not-yours" },
    "mcp.dev/anything": 1,
    kept: "yes",
  };

  it.each(CASES)("should drop reserved _meta keys on $fixture over $wire", async (c) => {
    const source = await load(c);
    const seen = await seenBy(source, { _meta: hostile });
    // No tracer provider here: the call carries no trace keys at all, not the tenant's.
    expect(seen.allMeta).toEqual({ kept: "yes" });
  });

  it.each(CASES)("should keep the library's progress token on $fixture over $wire", async (c) => {
    const source = await load(c);
    const seen = await seenBy(source, { _meta: hostile, onProgress: () => {} });
    expect(seen.allMeta.progressToken).not.toBe("tenant-token");
    expect(["number", "string"]).toContain(typeof seen.allMeta.progressToken);
    expect(seen.allMeta.traceparent).toBeUndefined();
    expect(seen.allMeta.kept).toBe("yes");
  });

  it.each(HTTP_CASES)("should drop reserved headers on $fixture over http", async (c) => {
    const source = await load(c, { headers: { "X-Configured": "entry" } });
    const plain = await seenBy(source);
    const seen = await seenBy(source, {
      headers: {
        Authorization: "Bearer tenant-token",
        "Proxy-Authorization": "Basic x",
        Cookie: "sid=tenant",
        "Mcp-Session-Id": "not-the-session",
        "MCP-Protocol-Version": "1999-01-01",
        "Mcp-Method": "tools/list",
        traceparent: hostile.traceparent,
        Baggage: "user=admin",
        "Content-Type": "text/plain",
        Accept: "text/html",
        Host: "evil.example",
        "x-configured": "tenant",
        "x-kept": "yes",
      },
    });
    expect(seen.allHeaders.authorization).toBeUndefined();
    expect(seen.allHeaders["proxy-authorization"]).toBeUndefined();
    expect(seen.allHeaders.cookie).toBeUndefined();
    expect(seen.allHeaders.traceparent).toBeUndefined();
    expect(seen.allHeaders.baggage).toBeUndefined();
    expect(seen.allHeaders["mcp-session-id"]).toBe(plain.allHeaders["mcp-session-id"]);
    expect(seen.allHeaders["mcp-protocol-version"]).toBe(plain.allHeaders["mcp-protocol-version"]);
    expect(seen.allHeaders["mcp-method"]).toBe(plain.allHeaders["mcp-method"]);
    expect(seen.allHeaders["content-type"]).toBe(plain.allHeaders["content-type"]);
    expect(seen.allHeaders.accept).toBe(plain.allHeaders.accept);
    expect(seen.allHeaders.host).toBe(plain.allHeaders.host);
    // The entry's configured header wins over the tenant's of the same name.
    expect(seen.allHeaders["x-configured"]).toBe("entry");
    expect(seen.allHeaders["x-kept"]).toBe("yes");
  });

  it.each(HTTP_CASES)("should never replace the entry's Authorization on $fixture over http", async (c) => {
    const source = await load(c, { headers: { Authorization: "Bearer entry-token" } });
    const seen = await seenBy(source, { headers: { authorization: "Bearer tenant-token" } });
    expect(seen.allHeaders.authorization).toBe("Bearer entry-token");
  });
});

describe("a context that cannot be sent", () => {
  const INVALID: Array<{ name: string; ctx: McpCallContext; secret?: string }> = [
    {
      name: "a CR-LF header value",
      ctx: { headers: { "x-a": "ok\r\nAuthorization: Bearer smuggled" } },
      secret: "smuggled",
    },
    { name: "an LF header value", ctx: { headers: { "x-a": "ok\nX-Injected: 1" } }, secret: "X-Injected" },
    { name: "a NUL header value", ctx: { headers: { "x-a": "secret-value\0" } }, secret: "secret-value" },
    { name: "a header name with a space", ctx: { headers: { "x a": "1" } } },
    { name: "a header name with a colon", ctx: { headers: { "x-a:b": "1" } } },
    { name: "a non-string header value", ctx: { headers: { "x-a": 1 as unknown as string } } },
    { name: "headers that are an array", ctx: { headers: ["x"] as unknown as Record<string, string> } },
    { name: "_meta that is an array", ctx: { _meta: [1] as unknown as Record<string, unknown> } },
    { name: "_meta that is a Map", ctx: { _meta: new Map() as unknown as Record<string, unknown> } },
    { name: "_meta with a cycle", ctx: { _meta: cyclic() } },
    { name: "_meta with a BigInt", ctx: { _meta: { n: 1n } } },
    { name: "an empty tenant", ctx: { tenant: "" } },
    { name: "a tenant with a line break", ctx: { tenant: "a\nb" } },
    { name: "a tenant past 256 characters", ctx: { tenant: "t".repeat(257) } },
    { name: "a tenant that is not a string", ctx: { tenant: 7 as unknown as string } },
  ];

  it.each(INVALID)(
    "should settle the call with an error for $name, never starting a lazy server",
    async ({ ctx, secret }) => {
      const source = await sources.load(
        {
          mcpServers: { s: { ...stdioServer("basic", ["--trace-tool"]), lazy: true } },
        },
        { toolCache: seededCache() },
      );
      expect(source.state("s")).toBe("stopped");
      const pending = toolByRawName(source, "trace_meta", "s").execute({}, ctx);
      await expect(pending).resolves.toBeDefined();
      const result = await pending;
      expect(result.isError).toBe(true);
      expect(result.error?.code).toBe("PROTOCOL_ERROR");
      expect(result.text).toContain("was not sent");
      if (secret) expect(JSON.stringify(result)).not.toContain(secret);
      expect(source.state("s")).toBe("stopped");
    },
  );
});

function cyclic(): Record<string, unknown> {
  const meta: Record<string, unknown> = { a: 1 };
  meta.self = meta;
  return meta;
}

/** A listing cache that knows the lazy server's `trace_meta`, so no discovery starts it. */
function seededCache() {
  return {
    get: (key: string) => ({
      version: 1 as const,
      server: "s",
      fingerprint: key,
      savedAt: new Date(0).toISOString(),
      tools: [{ name: "trace_meta", description: "x", inputSchema: { type: "object" as const } }],
    }),
    set: () => {},
  };
}

describe("the adapters' context mapping (adapter kit)", () => {
  it("should keep tenant, _meta and headers only, and name a mapping that throws or is not an object", () => {
    expect(mapHostContext((c) => ({ tenant: String(c), other: 1 }) as McpTenantContext, "u1")).toEqual({
      tenant: "u1",
    });
    expect(mapHostContext(() => undefined, {})).toBeUndefined();
    const problem = (value: unknown) => mapHostContext(() => value as McpTenantContext, {});
    expect(problem([])).toEqual({
      problem: "the adapter's context option must return an object or undefined",
    });
    expect(problem(Promise.resolve({}))).toMatchObject({ problem: expect.stringContaining("must return") });
    expect(problem("acme")).toMatchObject({ problem: expect.stringContaining("must return") });
    const threw = mapHostContext(() => {
      throw new Error("Bearer secret");
    }, {});
    expect(threw).toEqual({ problem: "the adapter's context option threw" });
  });

  it("should give a call the mapped context through hostCallContext, and settle a failed mapping unsent", async () => {
    const source = await load(CASES[0]);
    const tool = toolByRawName(source, "trace_meta", "s");
    const options = resolveCallOptions("test", { context: (c: unknown) => ({ _meta: { who: c } }) });
    const call = hostCallContext(tool, options, { hostContext: "alice" });
    if (!("ctx" in call)) throw new Error("refused");
    const result = await tool.execute({}, call.ctx);
    expect((JSON.parse(result.text) as Seen).allMeta).toEqual({ who: "alice" });
    const failing = resolveCallOptions("test", { context: () => 7 });
    expect(hostCallContext(tool, failing, {})).toMatchObject({
      refused: { isError: true, error: { code: "PROTOCOL_ERROR", kind: "protocol" } },
    });
    expect(() => resolveCallOptions("test", { context: {} })).toThrow(
      /option "context": expected a function/,
    );
  });
});

describe("a task-augmented call's context", () => {
  it("should carry the host's _meta and headers, reserved keys dropped, on the tasks fixture over http", async () => {
    const dir = tempDir("call-context-tasks-");
    const log = `${dir}/tasks.log`;
    const { url } = await httpFixture("tasks", ["--log", log, "--work-ms", "100"]);
    const source = await sources.load({ mcpServers: { t: { url } } }, { taskStore: null });
    const result = await toolByRawName(source, "slow_task", "t").execute(
      { label: "a" },
      {
        _meta: {
          runId: "r1",
          progressToken: "evil",
          "io.modelcontextprotocol/related-task": { taskId: "x" },
        },
        headers: { "x-run-id": "r1", Authorization: "Bearer stolen" },
      },
    );
    expect(result.isError, result.text).toBe(false);
    const [seen] = readLog(log).filter((event) => event.event === "call_context");
    expect(seen?.meta).toEqual({ runId: "r1" });
    expect(seen?.headers).toEqual({ "x-run-id": "r1" });
  });
});
