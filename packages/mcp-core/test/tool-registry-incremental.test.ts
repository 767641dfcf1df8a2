import type { Tool } from "@modelcontextprotocol/client";
import { describe, expect, it } from "vitest";
import { namespacedName, withHashSuffix } from "../src/naming/namespaced-name.js";
import { assignUniqueNames, type NameRequest } from "../src/naming/unique-names.js";
import { collisionWarnings } from "../src/tools/collision-warnings.js";
import { ToolRegistry } from "../src/tools/tool-registry.js";
import type { ToolCaller } from "../src/tools/tool-wrapper.js";
import type { McpTool, ToolsChange } from "../src/types.js";

const tool = (name: string, description = ""): Tool => ({
  name,
  description,
  inputSchema: { type: "object" },
});
const caller: ToolCaller = { callTool: () => Promise.reject(new Error("not called")) };
const listingOf = (prefix: string, count: number) =>
  Array.from({ length: count }, (_, i) => tool(`${prefix}${i}`));

/** A registry with an event log, over `servers` in config order. */
function registry(servers: string[], finalName = namespacedName) {
  const events: { server: string; change: ToolsChange }[] = [];
  const warnings: string[] = [];
  const reg = new ToolRegistry(
    servers,
    finalName,
    (server, change) => events.push({ server, change }),
    (message) => warnings.push(message),
  );
  return { reg, events, warnings };
}

const byServer = (tools: readonly McpTool[], server: string) => tools.filter((t) => t.server === server);

describe("ToolRegistry: one server's change costs that change, not the source", () => {
  const servers = Array.from({ length: 50 }, (_, i) => `s${i}`);

  it("should name only the added tool, keep every other server's tool objects and report only that server", () => {
    const { reg, events } = registry(servers);
    for (const server of servers) reg.swap(server, listingOf("t", 20), caller);
    const before = reg.tools;
    events.length = 0;

    reg.swap("s7", [...listingOf("t", 20), tool("fresh")], caller);

    expect(reg.namedInLastChange).toBe(1);
    expect(events).toStrictEqual([
      { server: "s7", change: { added: ["mcp__s7__fresh"], removed: [], changed: [] } },
    ]);
    for (const server of servers.filter((s) => s !== "s7")) {
      const now = byServer(reg.tools, server);
      expect(now.every((t, i) => t === byServer(before, server)[i])).toBe(true);
    }
    // A change of definition only, and a removal, name nothing at all.
    reg.swap("s7", [...listingOf("t", 19), tool("t19", "new"), tool("fresh")], caller);
    expect(reg.namedInLastChange).toBe(0);
    reg.swap("s7", listingOf("t", 20), caller);
    expect(reg.namedInLastChange).toBe(0);
  });

  it("should name only the collision group a new tool joins, and rename only its members", () => {
    const { reg, events, warnings } = registry(["a", ...servers, "a__b"]);
    for (const server of servers) reg.swap(server, listingOf("t", 20), caller);
    reg.swap("a__b", [tool("echo"), tool("other")], caller);
    events.length = 0;

    // Server "a" tool "b__echo" and server "a__b" tool "echo" are both mcp__a__b__echo.
    reg.swap("a", [tool("b__echo")], caller);

    expect(reg.namedInLastChange).toBe(2);
    expect(events).toStrictEqual([
      { server: "a", change: { added: ["mcp__a__b__echo_80046c0a35fc"], removed: [], changed: [] } },
      {
        server: "a__b",
        change: { added: ["mcp__a__b__echo_e944a9bcd1d0"], removed: ["mcp__a__b__echo"], changed: [] },
      },
    ]);
    expect(warnings).toHaveLength(1);
  });
});

/** A small deterministic generator (mulberry32), so a failure replays. */
function random(seed: number) {
  let state = seed >>> 0;
  return (below: number) => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return (((t ^ (t >>> 14)) >>> 0) / 4294967296) * below;
  };
}

describe("ToolRegistry: incremental names equal the whole source named at once (SPEC §6.4)", () => {
  // Rule names from a tiny alphabet collide often, and some equal another tool's hashed form, so a
  // tool's hashed form can collide again (a chain). (Drops need a 48-bit hash collision, which one
  // registry cannot be given: `naming.test.ts` covers them on `assignUniqueNames`.)
  const servers = ["p", "q", "r", "s", "t"];
  const rawNames = ["a", "b", "c", "d", "e", "f", "g"];
  const plain = (server: string, rawName: string): string =>
    "xyz"[(server.charCodeAt(0) + rawName.charCodeAt(0)) % 3] as string;
  // "f" and "g" take the hashed form another server's "a" or "b" gets when that one collides.
  const finalName = (server: string, rawName: string): string => {
    const other = server === "p" ? "q" : "p";
    if (rawName === "f") return withHashSuffix(plain(other, "a"), other, "a");
    if (rawName === "g") return withHashSuffix(plain(other, "b"), other, "b");
    return plain(server, rawName);
  };

  it("should give the same names, events and warnings as naming every tool on every change", () => {
    const next = random(20261204);
    const { reg, events, warnings } = registry(servers, finalName);
    const current = new Map<string, Tool[]>();
    let names = new Map<string, string | undefined>();
    let warned = new Set<string>();
    const seen = { renames: 0, collisions: 0, chains: 0 };
    for (let step = 0; step < 400; step++) {
      const server = servers[Math.floor(next(servers.length))] as string;
      events.length = 0;
      warnings.length = 0;
      if (next(10) < 1) {
        current.delete(server);
        reg.remove(server);
      } else {
        const listing = rawNames
          .filter(() => next(2) < 1)
          .map((name) => tool(name, String(Math.floor(next(2)))));
        current.set(server, listing);
        reg.swap(server, listing, caller);
      }
      // The reference: every tool of the source named at once, in config order.
      const requests: NameRequest[] = servers.flatMap((s) =>
        (current.get(s) ?? []).map((t) => ({ server: s, rawName: t.name, name: finalName(s, t.name) })),
      );
      const assignment = assignUniqueNames(requests);
      const expected = new Map(requests.map((r, i) => [`${r.server}/${r.rawName}`, assignment.names[i]]));
      const got = reg.tools.map((t) => [`${t.server}/${t.rawName}`, t.name]);
      expect(got).toStrictEqual(
        requests.flatMap((r, i) => {
          const name = assignment.names[i];
          return name === undefined ? [] : [[`${r.server}/${r.rawName}`, name]];
        }),
      );
      // Another server has an event exactly when one of its final names changed.
      const renamed = servers.filter(
        (s) =>
          s !== server &&
          [...expected].some(
            ([key, name]) => key.startsWith(`${s}/`) && names.has(key) && names.get(key) !== name,
          ),
      );
      expect(events.map((e) => e.server).filter((s) => s !== server)).toStrictEqual(renamed);
      seen.renames += renamed.length;
      seen.collisions += assignment.collisions.length;
      // A collision that a tool joined with its hashed form, not its rule's name.
      seen.chains += assignment.collisions.filter((c) =>
        c.members.some((i) => requests[i]?.name !== c.name),
      ).length;
      const all = collisionWarnings(requests, assignment);
      expect(warnings).toStrictEqual([...all].filter(([key]) => !warned.has(key)).map(([, w]) => w.message));
      warned = new Set(all.keys());
      names = expected;
    }
    // The run went through every case it is meant to compare.
    expect(
      Object.values(seen).every((count) => count > 0),
      JSON.stringify(seen),
    ).toBe(true);
  });
});
