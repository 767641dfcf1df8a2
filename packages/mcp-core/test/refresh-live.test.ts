import { join } from "node:path";
import {
  collectToolChanges,
  countEvents,
  makeTempDir,
  removeTempDir,
  stdioServer,
  waitFor,
} from "@toolnexus/fixtures";
import { afterEach, describe, expect, it } from "vitest";
import {
  type LoadMcpOptions,
  loadMcp,
  type McpSource,
  type McpTool,
  type ToolsChange,
} from "../src/index.js";

const SERVER = "lc";
const finalName = (raw: string) => `mcp__${SERVER}__${raw}`;
/** Longer than the default list_changed debounce (50 ms) plus a listing round trip. */
const SETTLE_MS = 300;

let sources: McpSource[] = [];
let dirs: string[] = [];

afterEach(async () => {
  await Promise.all(sources.map((source) => source.close()));
  for (const dir of dirs) removeTempDir(dir);
  sources = [];
  dirs = [];
});

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function newLogFile(): string {
  const dir = makeTempDir();
  dirs.push(dir);
  return join(dir, "server.log");
}

async function load(input: object, options: LoadMcpOptions = {}): Promise<McpSource> {
  const source = await loadMcp(input, { ...options, toolCache: false });
  sources.push(source);
  return source;
}

/** One stdio `mcp-list-changed` server named "lc", logging to its own file. */
async function loadListChanged(options: LoadMcpOptions = {}): Promise<{ source: McpSource; log: string }> {
  const log = newLogFile();
  const source = await load(
    { mcpServers: { [SERVER]: stdioServer("mcp-list-changed", ["--log", log]) } },
    options,
  );
  return { source, log };
}

function toolOf(source: McpSource, rawName: string): McpTool {
  const tool = source.tools.find((t) => t.rawName === rawName);
  if (!tool) throw new Error(`no tool ${rawName} in ${source.tools.map((t) => t.rawName).join(", ")}`);
  return tool;
}

const hasTool = (source: McpSource, rawName: string) => source.tools.some((t) => t.rawName === rawName);

async function callOk(source: McpSource, rawName: string, args: Record<string, unknown>): Promise<string> {
  const result = await toolOf(source, rawName).execute(args);
  expect(result.isError, result.text).toBe(false);
  return result.text;
}

/** Every tool in `after` is the very object found in `before` (same raw name). */
function expectSameObjects(before: readonly McpTool[], after: readonly McpTool[]): void {
  for (const tool of after) expect(tool).toBe(before.find((t) => t.rawName === tool.rawName));
}

const change = (patch: Partial<ToolsChange>): ToolsChange => ({
  added: [],
  removed: [],
  changed: [],
  ...patch,
});

describe("live tool list (liveToolList on by default)", () => {
  it("should add a tool announced by list_changed without a refresh from the host", async () => {
    const { source } = await loadListChanged();
    const changes = collectToolChanges<ToolsChange>(source);
    await callOk(source, "add_tool", { name: "alpha" });
    await waitFor(() => hasTool(source, "alpha"), { timeoutMs: 10_000, message: "alpha to be listed" });
    expect(changes.events).toEqual([{ server: SERVER, change: change({ added: [finalName("alpha")] }) }]);
    expect(toolOf(source, "alpha").name).toBe(finalName("alpha"));
    expect(await callOk(source, "alpha", {})).toBe("alpha ok");
  });

  it("should remove exactly the removed tool and keep every other wrapper object", async () => {
    const { source } = await loadListChanged();
    const before = source.tools;
    const changes = collectToolChanges<ToolsChange>(source);
    await callOk(source, "remove_tool", { name: "echo" });
    await waitFor(() => !hasTool(source, "echo"), { timeoutMs: 10_000, message: "echo to be removed" });
    expect(changes.events).toEqual([{ server: SERVER, change: change({ removed: [finalName("echo")] }) }]);
    expect(source.tools.map((t) => t.rawName)).toEqual(
      before.filter((t) => t.rawName !== "echo").map((t) => t.rawName),
    );
    expectSameObjects(before, source.tools);
  });

  it("should report a new description as changed, keeping the name", async () => {
    const { source } = await loadListChanged();
    const before = source.tools;
    const changes = collectToolChanges<ToolsChange>(source);
    await callOk(source, "change_tool", { name: "echo", description: "Echo v2" });
    await waitFor(() => toolOf(source, "echo").description === "Echo v2", { timeoutMs: 10_000 });
    expect(changes.events).toEqual([{ server: SERVER, change: change({ changed: [finalName("echo")] }) }]);
    expect(toolOf(source, "echo").name).toBe(finalName("echo"));
    expectSameObjects(
      before,
      source.tools.filter((t) => t.rawName !== "echo"),
    );
  });

  it("should report a rename as one removed and one added tool", async () => {
    const { source } = await loadListChanged();
    const changes = collectToolChanges<ToolsChange>(source);
    await callOk(source, "rename_tool", { from: "echo", to: "echo_v2" });
    await waitFor(() => hasTool(source, "echo_v2"), { timeoutMs: 10_000 });
    expect(hasTool(source, "echo")).toBe(false);
    expect(changes.events).toEqual([
      { server: SERVER, change: change({ added: [finalName("echo_v2")], removed: [finalName("echo")] }) },
    ]);
  });

  it("should coalesce a burst of 100 notifications into at most 2 listings", async () => {
    const { source, log } = await loadListChanged();
    expect(countEvents(log, "list")).toBe(1);
    const changes = collectToolChanges<ToolsChange>(source);
    await callOk(source, "burst", { count: 100 });
    await waitFor(() => source.tools.filter((t) => t.rawName.startsWith("burst_")).length === 100, {
      timeoutMs: 10_000,
      message: "all 100 burst tools",
    });
    // A queued refresh would land within the debounce plus one listing: let it, then count.
    await sleep(SETTLE_MS);
    expect(countEvents(log, "list_changed")).toBe(100);
    const listings = countEvents(log, "list") - 1;
    expect(listings).toBeGreaterThanOrEqual(1);
    expect(listings).toBeLessThanOrEqual(2);
    const added = changes.events.flatMap((e) => e.change.added);
    expect(new Set(added).size).toBe(100);
    expect(changes.events.every((e) => e.change.removed.length + e.change.changed.length === 0)).toBe(true);
  });
});
