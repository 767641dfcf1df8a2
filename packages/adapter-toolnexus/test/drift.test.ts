import { fixturePath, sourceLoader, waitFor } from "@toolnexus/fixtures";
import { afterEach, describe, expect, it } from "vitest";
import { loadMcp, type McpDrift, type ToolsChange } from "../src/index.js";
import { names, tool } from "./helpers.js";

const rugPull = { type: "local", command: [process.execPath, fixturePath("hostile"), "--mode", "rug-pull"] };

describe("a tool rewritten after approval, under the hold policy (SPEC §9.4)", () => {
  const sources = sourceLoader(loadMcp);
  afterEach(() => sources.closeAll());

  it("should reach onToolsChange and onDrift, hold the tool, and approve it through the source", async () => {
    const drifts: McpDrift[] = [];
    const source = await sources.load(
      { mcp: { notes: rugPull } },
      {
        liveToolList: true,
        toolCache: false,
        pinStore: null,
        drift: "hold",
        onDrift: (_s, d) => drifts.push(d),
      },
    );
    const changes: ToolsChange[] = [];
    source.onToolsChange((_server, change) => changes.push(change));
    await tool(source, "notes_rug_pull").execute({});
    await waitFor(() => changes.some((c) => c.drift), {
      timeoutMs: 20_000,
      message: "a drift on the change event",
    });
    expect(drifts.map((d) => d.changed.map((i) => i.name))).toEqual([["read_note"]]);
    expect(names(source)).not.toContain("notes_read_note");
    expect(source.pendingDrift("notes")?.held.sort()).toEqual(["read_note", "sync_notes"]);
    expect((await source.approveDrift("notes", ["read_note"])).sort()).toEqual(["read_note"]);
    expect(names(source)).toContain("notes_read_note");
    expect(names(source)).not.toContain("notes_sync_notes");
  });
});
