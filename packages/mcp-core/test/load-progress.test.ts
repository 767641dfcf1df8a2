// The load option onStateChange sees the load's own starts (which source.onStateChange, subscribed
// after loadMcp resolves, cannot): per server, starting then running or error, before the load ends.
// onToolsChange as a load option likewise hears the load's own first listings.
import { fixturePath } from "@toolnexus/fixtures";
import { describe, expect, it } from "vitest";
import type { ConnectionState, LoadMcpOptions, ToolsChange } from "../src/index.js";
import { failOnUnhandledRejections, useSources } from "./support/harness.js";

failOnUnhandledRejections();

const sources = useSources({ toolCache: null, autoRestart: { enabled: false } });

describe("onStateChange as a load option", () => {
  it("should report each server's start during the load, in order, before loadMcp resolves", async () => {
    const seen: string[] = [];
    const toolChanges: [string, ToolsChange][] = [];
    let loaded = false;
    const onStateChange = (server: string, state: ConnectionState) => {
      if (!loaded) seen.push(`${server}:${state}`);
    };
    const onToolsChange = (server: string, change: ToolsChange) => {
      if (!loaded) toolChanges.push([server, change]);
    };
    const source = await sources.load(
      {
        mcpServers: {
          ok: { command: process.execPath, args: [fixturePath("basic")] },
          bad: { command: process.execPath, args: ["-e", "process.exit(3)"] },
        },
      },
      { onStateChange, onToolsChange, onWarning: () => {} },
    );
    loaded = true;
    // The load option heard the first listing before loadMcp resolved: what a later subscriber misses.
    const names = source.tools.map((t) => t.name);
    expect(names.length).toBeGreaterThan(0);
    expect(toolChanges).toEqual([["ok", { added: names, removed: [], changed: [] }]]);
    expect(seen.filter((s) => s.startsWith("ok:"))).toEqual(["ok:starting", "ok:running"]);
    expect(seen.filter((s) => s.startsWith("bad:"))).toEqual(["bad:starting", "bad:error"]);
  });

  it("should reject a hook that is not a function with OPTIONS_INVALID, naming it", async () => {
    const hooks: (keyof LoadMcpOptions)[] = ["onStateChange", "onToolsChange", "onPromptsChange"];
    for (const hook of hooks) {
      await expect(sources.load({ mcpServers: {} }, { [hook]: 1 })).rejects.toMatchObject({
        code: "OPTIONS_INVALID",
        message: expect.stringContaining(`"${hook}"`),
      });
    }
  });
});
