import { collectToolChanges, stdioServer } from "@toolnexus/fixtures";
import { describe, expect, it } from "vitest";
import type { ToolsChange } from "../src/index.js";
import { namespacedName } from "../src/naming/namespaced-name.js";
import { toolByName, useSources } from "./support/harness.js";

const sources = useSources({ toolCache: null, liveToolList: false });

// Server "a" tool "b__echo" and server "a__b" tool "echo" are both mcp__a__b__echo unless made unique.
const A_NAME = "mcp__a__b__echo_80046c0a35fc";
const AB_NAME = "mcp__a__b__echo_e944a9bcd1d0";

describe("final names unique across the source", () => {
  it("should give both colliding tools their hash suffix, report the rename and route each call to its server", async () => {
    const warnings: string[] = [];
    const source = await sources.load(
      { mcpServers: { a: stdioServer("mcp-list-changed"), a__b: stdioServer("basic") } },
      { onWarning: (message) => warnings.push(message) },
    );
    expect(namespacedName("a", "b__echo")).toBe(namespacedName("a__b", "echo"));
    const plainEcho = toolByName(source, "mcp__a__b__echo");
    const changes = collectToolChanges<ToolsChange>(source);

    await toolByName(source, "mcp__a__add_tool").execute({ name: "b__echo" });
    await source.refresh("a");

    const names = source.tools.map((t) => t.name);
    expect(new Set(names).size).toBe(names.length);
    expect(names).not.toContain("mcp__a__b__echo");
    expect(
      source.tools.filter((t) => t.name === A_NAME || t.name === AB_NAME).map((t) => [t.server, t.rawName]),
    ).toStrictEqual([
      ["a", "b__echo"],
      ["a__b", "echo"],
    ]);
    expect(changes.events).toStrictEqual([
      { server: "a", change: { added: [A_NAME], removed: [], changed: [] } },
      { server: "a__b", change: { added: [AB_NAME], removed: ["mcp__a__b__echo"], changed: [] } },
    ]);
    expect(warnings.filter((w) => w.startsWith("Tool names collide"))).toStrictEqual([
      'Tool names collide: "b__echo" of MCP server "a" and "echo" of MCP server "a__b" would both be ' +
        `named "mcp__a__b__echo"; each takes a hash suffix instead: "${A_NAME}" and "${AB_NAME}"`,
    ]);
    await expect(toolByName(source, A_NAME).execute({})).resolves.toMatchObject({ text: "b__echo ok" });
    await expect(toolByName(source, AB_NAME).execute({ text: "from basic" })).resolves.toMatchObject({
      text: "from basic",
    });
    // A wrapper held from before the rename still reaches its own server.
    await expect(plainEcho.execute({ text: "held" })).resolves.toMatchObject({
      isError: false,
      text: "held",
    });

    // A refresh that finds the same tools renames nothing and warns no more.
    await source.refresh();
    expect(changes.events).toHaveLength(2);
    expect(warnings.filter((w) => w.startsWith("Tool names collide"))).toHaveLength(1);
  });

  it("should give the plain name back when the colliding tool goes away", async () => {
    const source = await sources.load({
      mcpServers: { a: stdioServer("mcp-list-changed"), a__b: stdioServer("basic") },
    });
    await toolByName(source, "mcp__a__add_tool").execute({ name: "b__echo" });
    await source.refresh("a");
    const changes = collectToolChanges<ToolsChange>(source);

    await toolByName(source, "mcp__a__remove_tool").execute({ name: "b__echo" });
    await source.refresh("a");

    expect(changes.events).toStrictEqual([
      { server: "a", change: { added: [], removed: [A_NAME], changed: [] } },
      { server: "a__b", change: { added: ["mcp__a__b__echo"], removed: [AB_NAME], changed: [] } },
    ]);
    expect(source.tools.map((t) => t.name)).toContain("mcp__a__b__echo");
  });

  it("should name the same tools alike whichever server is configured or lists first", async () => {
    const first = await sources.load({
      mcpServers: { a: stdioServer("mcp-list-changed"), a__b: stdioServer("basic") },
    });
    const second = await sources.load({
      mcpServers: { a__b: stdioServer("basic"), a: stdioServer("mcp-list-changed") },
    });
    for (const source of [first, second]) {
      await toolByName(source, "mcp__a__add_tool").execute({ name: "b__echo" });
      await source.refresh("a");
    }
    const named = (source: typeof first) =>
      Object.fromEntries(source.tools.map((t) => [`${t.server}/${t.rawName}`, t.name]));

    expect(named(second)).toStrictEqual(named(first));
    expect(named(first)["a/b__echo"]).toBe(A_NAME);
  });
});
