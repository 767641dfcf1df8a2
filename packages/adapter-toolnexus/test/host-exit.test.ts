import { execFile } from "node:child_process";
import { fileURLToPath, pathToFileURL } from "node:url";
import { promisify } from "node:util";
import { describe, expect, it } from "vitest";

const run = promisify(execFile);
const DIST = pathToFileURL(fileURLToPath(new URL("../dist/index.js", import.meta.url))).href;

describe("a host whose only server cannot be spawned", () => {
  it("should see loadMcp and listMcpTools settle and exit 0 (no handlers of its own)", async () => {
    // Runs as its own process: an unsettled top-level await would end it with code 13.
    const script = `
      const { loadMcp, listMcpTools } = await import(${JSON.stringify(DIST)});
      const config = { mcp: { x: { type: "local", command: ["nonexistent-binary-toolnexus"] } } };
      const source = await loadMcp(config, { onWarning: () => {} });
      console.log("loadMcp " + JSON.stringify(source.status));
      await source.close();
      const inventory = await listMcpTools(config, { onWarning: () => {} });
      console.log("listMcpTools " + JSON.stringify(inventory.status));
    `;
    const { stdout } = await run(process.execPath, ["--input-type=module", "-e", script], {
      timeout: 20_000,
    });

    expect(stdout.trim().split("\n")).toStrictEqual([
      'loadMcp {"x":"failed"}',
      'listMcpTools {"x":"failed"}',
    ]);
  });
});
