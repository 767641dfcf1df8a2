// The `context` option (SPEC §23.2): the `ctx` a toolnexus host passes to `execute` (its own keys
// included) mapped into each MCP call's tenant, `_meta` and headers, against the basic fixture over
// Streamable HTTP (a real process whose `trace_meta` answers what it received).
import { sourceLoader, startHttpFixture } from "@toolnexus/fixtures";
import { afterEach, describe, expect, it } from "vitest";
import { type LoadMcpOptions, loadMcp, type ToolContext } from "../src/index.js";
import { tool } from "./helpers.js";

const sources = sourceLoader(loadMcp, { toolCache: false });
const stops: Array<() => Promise<unknown>> = [];
afterEach(async () => {
  await sources.closeAll();
  await Promise.all(stops.splice(0).map((stop) => stop()));
});

interface Seen {
  allMeta: Record<string, unknown>;
  allHeaders: Record<string, string>;
}

/** What a host's runtime adds to toolnexus's call context: the user the agent acts for. */
type HostToolContext = ToolContext & { userId?: string };

async function httpSource(options: LoadMcpOptions) {
  const fixture = await startHttpFixture("basic", ["--trace-tool"]);
  stops.push(() => fixture.stop());
  return sources.load({ mcp: { basic: { type: "remote", url: fixture.url } } }, options);
}

describe("the toolnexus adapter's context option", () => {
  it("should send each call's ctx as its _meta and headers", async () => {
    const source = await httpSource({
      context: (ctx) => {
        const { userId } = ctx as HostToolContext;
        return userId === undefined
          ? undefined
          : { tenant: userId, _meta: { "example.com/user": userId }, headers: { "X-Tenant": userId } };
      },
    });
    const call = (ctx?: HostToolContext) => tool(source, "basic_trace_meta").execute({}, ctx);
    const [alice, bob, none] = await Promise.all([
      call({ userId: "alice" }),
      call({ userId: "bob" }),
      call(),
    ]);
    const seen = [alice, bob, none].map((r) => JSON.parse(r.output) as Seen);
    expect(seen.map((s) => s.allMeta)).toEqual([
      { "example.com/user": "alice" },
      { "example.com/user": "bob" },
      {},
    ]);
    expect(seen.map((s) => s.allHeaders["x-tenant"])).toEqual(["alice", "bob", undefined]);
  });

  it("should not let the mapped context take the library's keys", async () => {
    const source = await httpSource({
      context: () => ({
        _meta: { traceparent: "00-11111111111111111111111111111111-2222222222222222-01", kept: 1 },
        headers: { "Mcp-Protocol-Version": "1999-01-01", Authorization: "Bearer stolen" },
      }),
    });
    const result = await tool(source, "basic_trace_meta").execute({});
    const seen = JSON.parse(result.output) as Seen;
    expect(seen.allMeta).toEqual({ kept: 1 });
    expect(seen.allHeaders.authorization).toBeUndefined();
    expect(seen.allHeaders["mcp-protocol-version"]).not.toBe("1999-01-01");
  });

  it("should resolve the call with isError when the mapping throws or cannot be sent", async () => {
    const throwing = await httpSource({
      context: () => {
        throw new Error("secret-in-host-error");
      },
    });
    const failed = await tool(throwing, "basic_trace_meta").execute({});
    expect(failed).toMatchObject({ isError: true, metadata: { server: "basic" } });
    expect(failed.output).toContain("context option threw");
    expect(failed.output).not.toContain("secret-in-host-error");
    const nonObject = await httpSource({ context: () => "tenant" as never });
    const refused = await tool(nonObject, "basic_trace_meta").execute({});
    expect(refused).toMatchObject({ isError: true });
    expect(refused.output).toContain("must return an object");
    await expect(httpSource({ context: 1 as never })).rejects.toThrow(
      /option "context": expected a function/,
    );
  });
});
