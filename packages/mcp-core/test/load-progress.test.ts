// The load option onStateChange sees the load's own starts (which source.onStateChange, subscribed
// after loadMcp resolves, cannot): per server, starting then running or error, before the load ends.
import { fixturePath } from "@toolnexus/fixtures";
import { describe, expect, it } from "vitest";
import type { ConnectionState } from "../src/index.js";
import { failOnUnhandledRejections, useSources } from "./support/harness.js";

failOnUnhandledRejections();

const sources = useSources({ toolCache: false, autoRestart: false });

describe("onStateChange as a load option", () => {
  it("should report each server's start during the load, in order, before loadMcp resolves", async () => {
    const seen: string[] = [];
    let loaded = false;
    const onStateChange = (server: string, state: ConnectionState) => {
      if (!loaded) seen.push(`${server}:${state}`);
    };
    await sources.load(
      {
        mcpServers: {
          ok: { command: process.execPath, args: [fixturePath("basic")] },
          bad: { command: process.execPath, args: ["-e", "process.exit(3)"] },
        },
      },
      { onStateChange, onWarning: () => {} },
    );
    loaded = true;
    expect(seen.filter((s) => s.startsWith("ok:"))).toEqual(["ok:starting", "ok:running"]);
    expect(seen.filter((s) => s.startsWith("bad:"))).toEqual(["bad:starting", "bad:error"]);
  });

  it("should reject a hook that is not a function with OPTIONS_INVALID", async () => {
    await expect(sources.load({ mcpServers: {} }, { onStateChange: 1 as never })).rejects.toMatchObject({
      code: "OPTIONS_INVALID",
    });
  });
});
