// A 2026-07-28-only server shaped like the MCP conformance suite's mock servers (hostile mode
// `modern-json-only`: plain JSON over HTTP, no `subscriptions/listen`, no list_changed capability).
// These are the core gaps the conformance run (scripts/conformance/run.sh) shows on the 2026-07-28
// scenarios, each reproduced here with a real process: the start must not depend on a subscription
// the server does not offer (tools_call, request-metadata, http-*, json-schema-*), tools with an
// invalid `x-mcp-header` are dropped and declared parameters mirrored into `Mcp-Param-*` headers
// (http-invalid-tool-headers, http-custom-headers), and a result without `resultType` is complete
// (sep-2322-client-request-state).
import { describe, expect, it } from "vitest";
import { callOk, failOnUnhandledRejections, hasTool, httpFixture, useSources } from "./support/harness.js";

failOnUnhandledRejections();

const sources = useSources({ toolCache: null, autoRestart: { enabled: false } });

async function loadModernJson(options: { liveToolList?: boolean } = {}) {
  const fixture = await httpFixture("hostile", ["--mode", "modern-json-only"]);
  return sources.loadServers({ modern: { url: fixture.url, timeout: 5000 } }, options);
}

describe("a 2026-07-28 server answering plain JSON, without tool-list subscriptions", () => {
  it("should run with the default liveToolList and say its tool list is not live", async () => {
    const source = await loadModernJson();
    const [snapshot] = source.servers();
    expect(snapshot?.lastError).toBeUndefined();
    expect(snapshot?.state).toBe("running");
    expect(snapshot?.protocolVersion).toBe("2026-07-28");
    expect(snapshot?.toolListUpdates).toBe("unsupported");
  });

  it("should drop a tool whose x-mcp-header is invalid and keep the valid ones", async () => {
    const source = await loadModernJson({ liveToolList: false });
    expect(source.tools.map((tool) => tool.rawName)).toEqual(["where", "bare"]);
    expect(hasTool(source, "bad_header")).toBe(false);
  });

  it("should mirror an x-mcp-header parameter into its Mcp-Param-* header", async () => {
    const source = await loadModernJson({ liveToolList: false });
    const received = JSON.parse(await callOk(source, "where", { region: "us-west1" }));
    expect(received).toEqual({ "mcp-param-region": "us-west1" });
  });

  it("should take a result without resultType as complete", async () => {
    const source = await loadModernJson({ liveToolList: false });
    expect(await callOk(source, "bare", {})).toBe("bare");
  });
});
