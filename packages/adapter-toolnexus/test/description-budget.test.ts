import { hostileServer, sourceLoader } from "@toolnexus/fixtures";
import { afterEach, describe, expect, it } from "vitest";
import { listMcpTools, loadMcp } from "../src/index.js";
import { tool } from "./helpers.js";

const open = sourceLoader(loadMcp);
afterEach(() => open.closeAll());

const { command, args } = hostileServer("long-texts");
const config = { mcp: { h: { type: "local", command: [command, ...args] } } };

describe("descriptions over the core's 2 048-character default", () => {
  it("should reach toolnexus whole by default (byte-compatible), and cut when maxDescriptionChars asks", async () => {
    const whole = await open.load(config, { toolCache: false });
    expect(tool(whole, "h_manual").description).toHaveLength(10_000);
    const listed = await listMcpTools(config);
    expect(listed.tools.find((t) => t.rawName === "manual")?.description).toHaveLength(10_000);

    const cut = await open.load(config, { toolCache: false, maxDescriptionChars: 1000 });
    const description = tool(cut, "h_manual").description;
    expect(description.length).toBeLessThanOrEqual(1000);
    expect(description).toMatch(/\n\[description truncated: \d+ of 10000 characters shown\]$/);
  });
});
