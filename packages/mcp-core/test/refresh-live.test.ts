import { collectToolChanges, countEvents, waitFor } from "@toolnexus/fixtures";
import { describe, expect, it } from "vitest";
import type { ToolsChange } from "../src/index.js";
import {
  callOk,
  expectSameObjects,
  listChangedName as finalName,
  hasTool,
  loadListChanged,
  LIST_CHANGED_SERVER as SERVER,
  toolByRawName,
  toolsChange,
  useSources,
} from "./support/harness.js";

const sources = useSources({ toolCache: null });

describe("live tool list (liveToolList on by default)", () => {
  it("should have applied an announced change once whenSettled() resolves, with no wait of its own", async () => {
    const { source } = await loadListChanged(sources);
    await callOk(source, "add_tool", { name: "alpha" });
    await source.whenSettled(SERVER);
    expect(hasTool(source, "alpha")).toBe(true);
    await source.whenSettled();
    expect(source.state(SERVER)).toBe("running");
  });

  it("should add a tool announced by list_changed without a refresh from the host", async () => {
    const { source } = await loadListChanged(sources);
    const changes = collectToolChanges<ToolsChange>(source);
    await callOk(source, "add_tool", { name: "alpha" });
    await waitFor(() => hasTool(source, "alpha"), { timeoutMs: 10_000, message: "alpha to be listed" });
    expect(changes.events).toEqual([
      { server: SERVER, change: toolsChange({ added: [finalName("alpha")] }) },
    ]);
    expect(toolByRawName(source, "alpha").name).toBe(finalName("alpha"));
    expect(await callOk(source, "alpha", {})).toBe("alpha ok");
  });

  it("should remove exactly the removed tool and keep every other wrapper object", async () => {
    const { source } = await loadListChanged(sources);
    const before = source.tools;
    const changes = collectToolChanges<ToolsChange>(source);
    await callOk(source, "remove_tool", { name: "echo" });
    await waitFor(() => !hasTool(source, "echo"), { timeoutMs: 10_000, message: "echo to be removed" });
    expect(changes.events).toEqual([
      { server: SERVER, change: toolsChange({ removed: [finalName("echo")] }) },
    ]);
    expect(source.tools.map((t) => t.rawName)).toEqual(
      before.filter((t) => t.rawName !== "echo").map((t) => t.rawName),
    );
    expectSameObjects(before, source.tools);
  });

  it("should report a new description as changed, keeping the name", async () => {
    const { source } = await loadListChanged(sources);
    const before = source.tools;
    const changes = collectToolChanges<ToolsChange>(source);
    await callOk(source, "change_tool", { name: "echo", description: "Echo v2" });
    await waitFor(() => toolByRawName(source, "echo").description === "Echo v2", { timeoutMs: 10_000 });
    expect(changes.events).toEqual([
      { server: SERVER, change: toolsChange({ changed: [finalName("echo")] }) },
    ]);
    expect(toolByRawName(source, "echo").name).toBe(finalName("echo"));
    expectSameObjects(
      before,
      source.tools.filter((t) => t.rawName !== "echo"),
    );
  });

  it("should report a rename as one removed and one added tool", async () => {
    const { source } = await loadListChanged(sources);
    const changes = collectToolChanges<ToolsChange>(source);
    await callOk(source, "rename_tool", { from: "echo", to: "echo_v2" });
    await waitFor(() => hasTool(source, "echo_v2"), { timeoutMs: 10_000 });
    expect(hasTool(source, "echo")).toBe(false);
    expect(changes.events).toEqual([
      {
        server: SERVER,
        change: toolsChange({ added: [finalName("echo_v2")], removed: [finalName("echo")] }),
      },
    ]);
  });

  it("should coalesce a burst of 100 notifications into at most 2 listings", async () => {
    const { source, log } = await loadListChanged(sources);
    expect(countEvents(log, "list")).toBe(1);
    const changes = collectToolChanges<ToolsChange>(source);
    await callOk(source, "burst", { count: 100 });
    await waitFor(() => source.tools.filter((t) => t.rawName.startsWith("burst_")).length === 100, {
      timeoutMs: 10_000,
      message: "all 100 burst tools",
    });
    // A queued refresh would still be pending: wait until none is, then count.
    await source.whenSettled(SERVER);
    expect(countEvents(log, "list_changed")).toBe(100);
    const listings = countEvents(log, "list") - 1;
    expect(listings).toBeGreaterThanOrEqual(1);
    expect(listings).toBeLessThanOrEqual(2);
    const added = changes.events.flatMap((e) => e.change.added);
    expect(new Set(added).size).toBe(100);
    expect(changes.events.every((e) => e.change.removed.length + e.change.changed.length === 0)).toBe(true);
  });
});
