import { collectToolChanges, countEvents, readLog, stdioServer, waitFor } from "@toolnexus/fixtures";
import { describe, expect, it } from "vitest";
import type { ToolsChange } from "../src/index.js";
import { RefreshQueue } from "../src/timing/refresh-queue.js";
import {
  callOk,
  expectSameObjects,
  listChangedName as finalName,
  hasTool,
  httpFixture,
  loadListChanged,
  LIST_CHANGED_SERVER as SERVER,
  tempLogFile,
  toolByRawName,
  toolsChange,
  useSources,
} from "./support/harness.js";

const sources = useSources({ toolCache: null });

describe("refresh()", () => {
  it("should not follow list_changed with liveToolList false, until refresh()", async () => {
    const { source, log } = await loadListChanged(sources, { liveToolList: false });
    const changes = collectToolChanges<ToolsChange>(source);
    await callOk(source, "add_tool", { name: "alpha" });
    await source.whenSettled(SERVER);
    expect(countEvents(log, "list_changed")).toBe(1);
    expect(countEvents(log, "list")).toBe(1);
    expect(hasTool(source, "alpha")).toBe(false);
    expect(changes.events).toEqual([]);
    await source.refresh(SERVER);
    expect(hasTool(source, "alpha")).toBe(true);
    expect(changes.events).toEqual([
      { server: SERVER, change: toolsChange({ added: [finalName("alpha")] }) },
    ]);
  });

  it("should emit no event when a refresh finds nothing changed", async () => {
    const { source, log } = await loadListChanged(sources);
    const before = source.tools;
    const changes = collectToolChanges<ToolsChange>(source);
    await source.refresh(SERVER);
    await source.refresh();
    expect(countEvents(log, "list")).toBe(3);
    expect(changes.events).toEqual([]);
    expect(source.tools).toHaveLength(before.length);
    expectSameObjects(before, source.tools);
  });

  it("should keep the previous tools and warn when the refresh listing fails", async () => {
    const warnings: string[] = [];
    const { source, log } = await loadListChanged(sources, {
      onWarning: (message) => warnings.push(message),
    });
    const before = source.tools;
    const changes = collectToolChanges<ToolsChange>(source);
    await callOk(source, "flap", { notify: false });
    await source.refresh(SERVER);
    expect(countEvents(log, "list")).toBe(2);
    expect(source.tools).toHaveLength(before.length);
    expectSameObjects(before, source.tools);
    expect(changes.events).toEqual([]);
    const failed = warnings.filter((w) => w.includes("refresh failed"));
    expect(failed).toHaveLength(1);
    expect(failed[0]).toContain(`"${SERVER}"`);
    // The next listing succeeds and finds the same tools.
    await source.refresh(SERVER);
    expect(countEvents(log, "list")).toBe(3);
    expect(changes.events).toEqual([]);
    expectSameObjects(before, source.tools);
  });

  it("should keep the live list working when the host's onWarning throws during a failed refresh", async () => {
    const { source } = await loadListChanged(sources, {
      onWarning: () => {
        throw new Error("hook failed");
      },
    });
    await callOk(source, "flap", { notify: false });
    const first = source.refresh(SERVER).then(
      () => "resolved",
      () => "rejected",
    );
    const queued = source.refresh(SERVER).then(
      () => "resolved",
      () => "rejected",
    );
    expect(await first).toBe("resolved");
    expect(await queued).toBe("resolved");
    expect(source.warnings.join("\n")).toContain("tool refresh failed");
    await callOk(source, "add_tool", { name: "alpha" });
    await waitFor(() => hasTool(source, "alpha"), { timeoutMs: 10_000, message: "alpha via list_changed" });
  });

  it("should read every page of a paginated server on refresh", async () => {
    const log = tempLogFile();
    const args = ["--log", log, "--tools", "25", "--page-size", "7"];
    const source = await sources.load({ mcpServers: { pages: stdioServer("paginated", args) } });
    const before = source.tools;
    expect(before).toHaveLength(25);
    const changes = collectToolChanges<ToolsChange>(source);
    await source.refresh("pages");
    const cursors = readLog(log)
      .filter((e) => e.event === "list")
      .map((e) => e.cursor);
    expect(cursors).toHaveLength(8);
    expect(cursors[0]).toBeNull();
    expect(cursors.slice(4)).toEqual(cursors.slice(0, 4));
    expect(source.tools.map((t) => t.rawName)).toEqual(before.map((t) => t.rawName));
    expectSameObjects(before, source.tools);
    expect(changes.events).toEqual([]);
  });

  it("should apply a refresh that races an in-flight slow call, and the call should succeed", async () => {
    const { source, log } = await loadListChanged(sources, { liveToolList: false });
    let slowDone = false;
    const pending = toolByRawName(source, "slow")
      .execute({ ms: 1500, steps: 2 })
      .finally(() => {
        slowDone = true;
      });
    await waitFor(() => readLog(log).some((e) => e.event === "call" && e.tool === "slow"), {
      timeoutMs: 10_000,
    });
    await callOk(source, "add_tool", { name: "beta" });
    await source.refresh(SERVER);
    expect(slowDone).toBe(false);
    expect(hasTool(source, "beta")).toBe(true);
    const result = await pending;
    expect(result.isError).toBe(false);
    expect(result.text).toBe("done");
  });

  it("should fail a held wrapper of a removed tool without reaching the server", async () => {
    const { source, log } = await loadListChanged(sources, { liveToolList: false });
    await callOk(source, "add_tool", { name: "alpha" });
    await source.refresh(SERVER);
    const held = toolByRawName(source, "alpha");
    expect(await callOk(source, "alpha", {})).toBe("alpha ok");
    await callOk(source, "remove_tool", { name: "alpha" });
    await source.refresh(SERVER);
    expect(hasTool(source, "alpha")).toBe(false);
    const result = await held.execute({});
    expect(result.isError).toBe(true);
    expect(result.error?.kind).toBe("unavailable");
    expect(result.error?.message).toContain("no longer offered");
    expect(result.error?.message).toContain(SERVER);
    expect(result.error?.code).toBe("TOOL_REMOVED");
    expect(readLog(log).filter((e) => e.event === "call" && e.tool === "alpha")).toHaveLength(1);
  });

  it("should re-list on every reconnect: restart() picks up a tool added meanwhile", async () => {
    const log = tempLogFile();
    // Over HTTP the fixture's tool table outlives a session, so the new session sees the addition.
    const fixture = await httpFixture("mcp-list-changed", ["--log", log]);
    const source = await sources.load(
      { mcpServers: { [SERVER]: { url: fixture.url } } },
      { liveToolList: false },
    );
    const before = source.tools;
    const changes = collectToolChanges<ToolsChange>(source);
    await callOk(source, "add_tool", { name: "gamma" });
    expect(hasTool(source, "gamma")).toBe(false);
    await source.restart(SERVER);
    expect(countEvents(log, "initialize")).toBe(2);
    expect(source.state(SERVER)).toBe("running");
    expect(hasTool(source, "gamma")).toBe(true);
    expect(changes.events).toEqual([
      { server: SERVER, change: toolsChange({ added: [finalName("gamma")] }) },
    ]);
    expectSameObjects(
      before,
      source.tools.filter((t) => t.rawName !== "gamma"),
    );
    expect(await callOk(source, "gamma", {})).toBe("gamma ok");
  });
});

describe("RefreshQueue", () => {
  it("should run a queued request even when the run before it rejected", async () => {
    let runs = 0;
    let failNext = true;
    let release = () => {};
    const running = new Promise<void>((resolve) => (release = resolve));
    const queue = new RefreshQueue(async () => {
      runs++;
      await running;
      if (failNext) {
        failNext = false;
        throw new Error("listing failed");
      }
    });
    const first = queue.request();
    const second = queue.request();
    release();
    await expect(first).rejects.toThrow("listing failed");
    await expect(second).resolves.toBeUndefined();
    await expect(queue.request()).resolves.toBeUndefined();
    expect(runs).toBe(3);
  });

  it("should coalesce requests made while one runs into one queued run", async () => {
    let runs = 0;
    let release = () => {};
    const running = new Promise<void>((resolve) => (release = resolve));
    const queue = new RefreshQueue(async () => {
      runs++;
      await running;
    });
    const requests = [queue.request(), queue.request(), queue.request(), queue.request()];
    release();
    await Promise.all(requests);
    expect(runs).toBe(2);
  });
});
