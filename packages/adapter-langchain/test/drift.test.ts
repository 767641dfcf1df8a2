import { hostileServer, sourceLoader, waitFor } from "@toolnexus/fixtures";
import { loadMcp, type ToolsChange } from "@toolnexus/mcp-core";
import { afterEach, describe, expect, it } from "vitest";
import { createLangChainToolkit } from "../src/index.js";

const sources = sourceLoader(loadMcp, { toolCache: null, pinStore: null });
afterEach(() => sources.closeAll());

describe("a tool rewritten after approval, under the block policy (SPEC §9.4)", () => {
  it("should reach the toolkit's change event as a drift and withdraw the server's tools until approved", async () => {
    const source = await sources.loadServers({ notes: hostileServer("rug-pull") }, { drift: "block" });
    const toolkit = createLangChainToolkit(source);
    const changes: ToolsChange[] = [];
    toolkit.onToolsChange((_server, change) => changes.push(change));
    expect(toolkit.tools.map((t) => t.name)).toContain("mcp__notes__read_note");
    await source.tools.find((t) => t.rawName === "rug_pull")?.execute({});
    await waitFor(() => changes.some((c) => c.drift), {
      timeoutMs: 20_000,
      message: "a drift on the change event",
    });
    expect(changes.find((c) => c.drift)?.drift).toMatchObject({ policy: "block", blocked: true });
    expect(toolkit.tools).toEqual([]);
    await source.approveDrift("notes");
    expect(toolkit.tools.map((t) => t.name).sort()).toEqual([
      "mcp__notes__list_notes",
      "mcp__notes__read_note",
      "mcp__notes__rug_pull",
      "mcp__notes__sync_notes",
    ]);
  });
});
