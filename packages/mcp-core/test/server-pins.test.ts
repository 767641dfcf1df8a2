import { describe, expect, it } from "vitest";
import type { DriftPolicy, McpDrift } from "../src/drift-types.js";
import { ServerPins } from "../src/pins/server-pins.js";

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
