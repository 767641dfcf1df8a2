import { collectToolChanges, sourceLoader, waitFor } from "@toolnexus/fixtures";
import { afterEach, describe, expect, it } from "vitest";
import { loadMcp } from "../src/index.js";
import { local, names, tool } from "./helpers.js";

describe("M2: live tool list", () => {
  const sources = sourceLoader(loadMcp);

  afterEach(async () => {
    await sources.closeAll();
  });

  it("should show a tool the server adds when liveToolList is true, keeping the other Tool objects", async () => {
    const source = await sources.load(
      { mcp: { dyn: local("mcp-list-changed") } },
      { liveToolList: true, toolCache: false },
    );
    const changes = collectToolChanges(source);
    const echo = tool(source, "dyn_echo");

    await tool(source, "dyn_add_tool").execute({ name: "late" });
    await waitFor(() => names(source).includes("dyn_late"), { message: "dyn_late to appear" });

    expect(changes.changes("dyn")).toEqual([{ added: ["dyn_late"], removed: [], changed: [] }]);
    expect(tool(source, "dyn_echo")).toBe(echo);
    expect(await tool(source, "dyn_late").execute({})).toEqual({
      output: "late ok",
      isError: false,
      metadata: { server: "dyn" },
    });
    expect(source.status).toEqual({ dyn: "connected" });
  });

  it("should reconcile on refresh(server) without liveToolList: added tools appear, removed ones fail fast", async () => {
    const source = await sources.load({ mcp: { dyn: local("mcp-list-changed") } }, { toolCache: false });
    const slow = tool(source, "dyn_slow");
    await tool(source, "dyn_add_tool").execute({ name: "fresh" });
    await tool(source, "dyn_remove_tool").execute({ name: "slow" });
    expect(names(source)).not.toContain("dyn_fresh");

    await source.refresh("dyn");

    expect(names(source)).toContain("dyn_fresh");
    expect(names(source)).not.toContain("dyn_slow");
    const stale = await slow.execute({ ms: 0 });
    expect(stale.isError).toBe(true);
    expect(stale.output).toContain("no longer offered");
  });

  it("should refresh() every running server when no server is named", async () => {
    const source = await sources.load(
      { mcp: { a: local("mcp-list-changed"), b: local("mcp-list-changed") } },
      { toolCache: false },
    );
    await tool(source, "a_add_tool").execute({ name: "x1" });
    await tool(source, "b_add_tool").execute({ name: "x2" });
    await source.refresh();
    expect(names(source)).toEqual(expect.arrayContaining(["a_x1", "b_x2"]));
  });
});
