/**
 * What a host can see of a load while it runs: `onSource` hands over the source before any server
 * starts.
 */
import { describe, expect, it } from "vitest";
import type { McpSource } from "../src/index.js";
import { useSources } from "./support/harness.js";

const sources = useSources({ toolCache: false, autoRestart: false });

describe("onSource", () => {
  it("should get the source the load resolves with, before any server has started", async () => {
    const seen: { source: McpSource; states: string[] }[] = [];
    const source = await sources.loadServers(
      { basic: "basic" },
      { onSource: (early) => seen.push({ source: early, states: early.servers().map((s) => s.state) }) },
    );
    expect(seen).toHaveLength(1);
    expect(seen[0]?.source).toBe(source);
    expect(seen[0]?.states).toStrictEqual(["stopped"]);
    expect(source.servers()[0]).toMatchObject({ state: "running" });
  });
});
