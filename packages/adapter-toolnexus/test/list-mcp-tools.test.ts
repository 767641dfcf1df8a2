import { join } from "node:path";
import { isAlive, makeTempDir, readLog, removeTempDir, waitFor } from "@toolnexus/fixtures";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { listMcpTools } from "../src/index.js";
import { local } from "./helpers.js";

describe("listMcpTools", () => {
  let dir: string;

  beforeEach(() => {
    dir = makeTempDir("toolnexus-list-");
  });

  afterEach(() => {
    removeTempDir(dir);
  });

  it("should connect, list and disconnect every enabled server, lazy ones included", async () => {
    const log = join(dir, "basic.log");
    const inventory = await listMcpTools(
      {
        mcp: {
          basic: local("basic", ["--log", log], { lazy: true, tools: { echo: true, add: true } }),
          "dyn.tools": local("mcp-list-changed", [], { tools: { echo: true } }),
          broken: local("faulty", ["--mode", "exit-at-start"]),
          off: local("basic", [], { enabled: false }),
        },
      },
      { onWarning: () => {} },
    );

    expect(inventory.status).toEqual({
      basic: "connected",
      "dyn.tools": "connected",
      broken: "failed",
      off: "disabled",
    });
    expect(inventory.tools.map(({ server, name, rawName }) => ({ server, name, rawName }))).toEqual([
      { server: "basic", name: "basic_echo", rawName: "echo" },
      { server: "basic", name: "basic_add", rawName: "add" },
      { server: "dyn.tools", name: "dyn_tools_echo", rawName: "echo" },
    ]);
    expect(inventory.tools[2]).toEqual({
      server: "dyn.tools",
      name: "dyn_tools_echo",
      rawName: "echo",
      description: "Echoes the given text",
      inputSchema: {
        type: "object",
        properties: { text: { type: "string" } },
        required: ["text"],
        additionalProperties: false,
      },
    });
    // One process for the lazy server (no separate background listing), and it is gone.
    const starts = readLog(log).filter((e) => e.event === "start");
    expect(starts).toHaveLength(1);
    await waitFor(() => starts.every((e) => !isAlive(e.pid)), { message: "the listed server to exit" });
  });
});
