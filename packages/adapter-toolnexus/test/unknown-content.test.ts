import { hostileServer, sourceLoader } from "@toolnexus/fixtures";
import { afterEach, describe, expect, it } from "vitest";
import { loadMcp } from "../src/index.js";
import { tool } from "./helpers.js";

const open = sourceLoader(loadMcp);
afterEach(() => open.closeAll());

describe("a result with a content block of an unknown type", () => {
  it("should put the block in the output as text naming its type, between the other text", async () => {
    const { command, args } = hostileServer("unknown-content");
    const source = await open.load(
      { mcp: { h: { type: "local", command: [command, ...args] } } },
      { toolCache: false },
    );

    await expect(tool(source, "h_unknown").execute({})).resolves.toStrictEqual({
      output: 'before\n[unsupported content type "hologram"]\na greeting in 3-D\nafter',
      isError: false,
      metadata: { server: "h" },
    });
  });
});
