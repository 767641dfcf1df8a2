import { hostileServer, sourceLoader, waitFor } from "@toolnexus/fixtures";
import { loadMcp, type ToolsChange } from "@toolnexus/mcp-core";
import { afterEach, describe, expect, it } from "vitest";
import { createAiSdkToolset } from "../src/index.js";

const sources = sourceLoader(loadMcp, { toolCache: null, pinStore: null });
afterEach(() => sources.closeAll());

describe("a tool rewritten after approval, under the hold policy (SPEC §9.4)", () => {
  it("should reach the toolset's change event as a drift, leave the ToolSet until approved, then come back", async () => {
    const source = await sources.loadServers({ notes: hostileServer("rug-pull") }, { drift: "hold" });
    const toolset = createAiSdkToolset(source);
    const changes: ToolsChange[] = [];
    toolset.onToolsChange((_server, change) => changes.push(change));
    expect("mcp__notes__read_note" in toolset.tools).toBe(true);
    await source.tools.find((t) => t.rawName === "rug_pull")?.execute({});
    await waitFor(() => changes.some((c) => c.drift), {
      timeoutMs: 20_000,
      message: "a drift on the change event",
    });
    expect(changes.find((c) => c.drift)?.drift).toMatchObject({
      server: "notes",
      policy: "hold",
      changed: [{ kind: "tool", name: "read_note", fields: ["description"] }],
    });
    expect("mcp__notes__read_note" in toolset.tools).toBe(false);
    expect("mcp__notes__sync_notes" in toolset.tools).toBe(false);
    await source.approveDrift("notes");
    expect("mcp__notes__read_note" in toolset.tools).toBe(true);
    expect("mcp__notes__sync_notes" in toolset.tools).toBe(true);
  });
});
