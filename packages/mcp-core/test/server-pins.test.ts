import { describe, expect, it } from "vitest";
import type { DriftPolicy, McpDrift } from "../src/drift-types.js";
import type { PinEntry, PinStore } from "../src/pins/pin-entry.js";
import { ServerPins } from "../src/pins/server-pins.js";
import { toolFingerprint } from "../src/pins/tool-fingerprint.js";

// The gate's app-resource check, for MCP Apps resources read with a call (SPEC §9.4.3 item 4).
function gate(policy: DriftPolicy) {
  const drifts: McpDrift[] = [];
  const pins = new ServerPins({
    server: "apps",
    key: "k",
    policy,
    store: undefined,
    warn: () => {},
    onDrift: (drift) => drifts.push(drift),
  });
  pins.gate([{ name: "show", description: "Shows", inputSchema: { type: "object" } }]);
  return { pins, drifts };
}

describe("app resources against their pins", () => {
  it("hold: should pin a first read, hold a changed one once reported, and deliver it after approval", () => {
    const { pins, drifts } = gate("hold");
    expect(pins.checkResource("ui://show", { html: "<p>a</p>" })).toBe(true);
    expect(pins.checkResource("ui://show", { html: "<p>a</p>" })).toBe(true);
    expect(drifts).toEqual([]);
    expect(pins.checkResource("ui://show", { html: "<p>b</p>", csp: {} })).toBe(false);
    expect(pins.checkResource("ui://show", { html: "<p>b</p>", csp: {} })).toBe(false);
    expect(drifts).toHaveLength(1);
    expect(drifts[0]).toMatchObject({
      server: "apps",
      policy: "hold",
      held: ["ui://show"],
      changed: [{ kind: "app-resource", name: "ui://show", fields: ["csp", "html"] }],
    });
    expect(pins.approve(["ui://show"])).toEqual(["ui://show"]);
    expect(pins.checkResource("ui://show", { html: "<p>b</p>", csp: {} })).toBe(true);
    // A tool of the same name as a resource URI is another pin.
    expect(pins.entry().items.map((i) => [i.kind, i.name])).toEqual([
      ["tool", "show"],
      ["app-resource", "ui://show"],
    ]);
  });

  it("accept: should deliver and pin a changed resource, and still report it", () => {
    const { pins, drifts } = gate("accept");
    pins.checkResource("ui://show", { html: "a" });
    expect(pins.checkResource("ui://show", { html: "b" })).toBe(true);
    expect(drifts.map((d) => [d.changed[0]?.name, d.held])).toEqual([["ui://show", []]]);
    expect(pins.checkResource("ui://show", { html: "b" })).toBe(true);
    expect(drifts).toHaveLength(1);
  });
});

// A warm lazy load under `accept` gates every cached listing with pins kept in memory: their
// fingerprints are made when a later listing is measured against them, not at load (issue 46).
describe("first-use pins that are not written", () => {
  /** A tool whose pinned members count how often they are read. */
  function countingTool(name: string, description: string) {
    const reads = { count: 0 };
    const tool = { name, inputSchema: { type: "object" as const } } as Record<string, unknown>;
    Object.defineProperty(tool, "description", {
      enumerable: true,
      get: () => {
        reads.count++;
        return description;
      },
    });
    return { tool: tool as { name: string; description: string; inputSchema: { type: "object" } }, reads };
  }

  it("accept in memory: should fingerprint the first listing only when the next one is measured, with its gate time", () => {
    const drifts: McpDrift[] = [];
    const pins = new ServerPins({
      server: "s",
      key: "k",
      policy: "accept",
      store: undefined,
      warn: () => {},
      onDrift: (drift) => drifts.push(drift),
    });
    const first = countingTool("echo", "Echoes");
    expect(pins.gate([first.tool]).passed).toEqual([first.tool]);
    expect(first.reads.count).toBe(0);
    const changed = { name: "echo", description: "Echoes twice", inputSchema: { type: "object" as const } };
    const { passed, drift } = pins.gate([changed]);
    expect(passed).toEqual([changed]);
    expect(first.reads.count).toBeGreaterThan(0);
    const pinned = toolFingerprint({ name: "echo", description: "Echoes", inputSchema: { type: "object" } });
    expect(drift?.changed).toEqual([
      { kind: "tool", name: "echo", fingerprint: toolFingerprint(changed), fields: ["description"], pinned },
    ]);
    expect(pins.entry().items.map((i) => i.fingerprint)).toEqual([toolFingerprint(changed)]);
  });

  it("an entry asked for later: should hold the first listing's pins, pinned at its gate time", async () => {
    const pins = new ServerPins({
      server: "s",
      key: "k",
      policy: "accept",
      store: undefined,
      warn: () => {},
    });
    const tool = { name: "echo", description: "Echoes", inputSchema: { type: "object" as const } };
    const before = new Date().toISOString();
    pins.gate([tool]);
    const after = new Date().toISOString();
    await new Promise((resolve) => setTimeout(resolve, 5));
    const [item] = pins.entry().items;
    expect([item?.name, item?.fingerprint]).toEqual(["echo", toolFingerprint(tool)]);
    expect(item && item.pinnedAt >= before && item.pinnedAt <= after).toBe(true);
  });

  it("a next listing: should measure against the first one's pins as if they were made at its gate", async () => {
    const pins = new ServerPins({
      server: "s",
      key: "k",
      policy: "accept",
      store: undefined,
      warn: () => {},
    });
    const listing = () => [
      {
        name: "same",
        description: "Same",
        inputSchema: { type: "object" as const },
        _meta: { at: Math.random() },
      },
      { name: "edited", description: "Before", inputSchema: { type: "object" as const } },
      { name: "gone", description: "Gone", inputSchema: { type: "object" as const } },
      { name: "nan", description: "NaN", inputSchema: { type: "object" as const, default: Number.NaN } },
    ];
    const first = listing();
    const before = new Date().toISOString();
    pins.gate(first);
    const after = new Date().toISOString();
    await new Promise((resolve) => setTimeout(resolve, 5));
    // New objects: the same tool with other per-listing _meta, one edited, one gone, one added, and
    // a default JSON writes as null on both sides (not equal as values: fingerprinted, still the same).
    const [same, edited, , nan] = listing();
    const next = [
      same,
      { ...edited, description: "After" },
      nan,
      { name: "added", inputSchema: { type: "object" } },
    ];
    const { drift } = pins.gate(next as never);
    expect(drift).toMatchObject({
      added: [{ name: "added" }],
      removed: [{ kind: "tool", name: "gone", pinned: toolFingerprint(first[2] as never) }],
      changed: [{ name: "edited", fields: ["description"], pinned: toolFingerprint(first[1] as never) }],
    });
    const kept = new Map(pins.entry().items.map((item) => [item.name, item]));
    for (const name of ["same", "nan"]) {
      const item = kept.get(name);
      expect(item?.fingerprint).toBe(toolFingerprint(first.find((t) => t.name === name) as never));
      // Unchanged under accept: it keeps its approval time, the first gate's.
      expect(item && item.pinnedAt >= before && item.pinnedAt <= after).toBe(true);
    }
  });

  it("a store to write to: should fingerprint the first listing at once and write it", async () => {
    const written: PinEntry[] = [];
    const store: PinStore = {
      get: async () => undefined,
      set: async (_key, entry) => void written.push(entry),
    };
    const pins = new ServerPins({ server: "s", key: "k", policy: "accept", store, warn: () => {} });
    const first = countingTool("echo", "Echoes");
    pins.gate([first.tool]);
    expect(first.reads.count).toBe(1);
    await pins.flushed();
    expect(written.map((entry) => entry.items.map((i) => i.name))).toEqual([["echo"]]);
  });
});
