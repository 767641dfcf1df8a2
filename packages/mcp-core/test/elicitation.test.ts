import { hostileServer, stdioServer } from "@toolnexus/fixtures";
import { describe, expect, it } from "vitest";
import { applyElicitationDefaults } from "../src/elicitation/apply-elicitation-defaults.js";
import { ELICITATION_FAILED_MESSAGE } from "../src/elicitation/guard-elicitation.js";
import type { ElicitationHandler } from "../src/index.js";
import { toolByName, useSources } from "./support/harness.js";

const DEFAULTS = { name: "Ada", ratio: 0.5, count: 3, subscribe: true, color: "green" };

describe("a host elicitation handler that fails", () => {
  const sources = useSources({ toolCache: null });

  it("should answer the server with a generic error and keep the detail for the host's warning", async () => {
    const warnings: string[] = [];
    const source = await sources.load(
      { mcpServers: { basic: stdioServer("basic") } },
      {
        onWarning: (message) => warnings.push(message),
        onElicitation: async () => {
          throw new Error("host elicitation failure secret=canary-elicit-4b1d");
        },
      },
    );
    // The basic `ask` tool fails with the error its elicitation got, so its text is what the server saw.
    const result = await toolByName(source, "mcp__basic__ask").execute({});
    expect(result.isError).toBe(true);
    expect(result.text).toContain(ELICITATION_FAILED_MESSAGE);
    expect(result.text).not.toContain("canary-elicit-4b1d");
    expect(result.text).not.toContain("host elicitation failure");
    expect(warnings).toContainEqual(
      'MCP server "basic": the elicitation handler failed: host elicitation failure secret=canary-elicit-4b1d',
    );
  });
});

describe("elicitation defaults (SEP-1034)", () => {
  const sources = useSources({ toolCache: null });

  async function ask(handler: ElicitationHandler): Promise<unknown> {
    const source = await sources.load(
      { mcpServers: { form: hostileServer("elicit-defaults") } },
      { onElicitation: handler },
    );
    const result = await toolByName(source, "mcp__form__ask").execute({});
    expect(result.isError).toBe(false);
    return JSON.parse(result.text);
  }

  it("should fill in the schema's defaults for the fields an accepted answer left out", async () => {
    const reply = await ask(async () => ({ action: "accept", content: { name: "Grace", note: "hi" } }));
    expect(reply).toEqual({ action: "accept", content: { ...DEFAULTS, name: "Grace", note: "hi" } });
  });

  it("should send every default when an accepted answer has no content", async () => {
    const reply = await ask(async () => ({ action: "accept" }));
    expect(reply).toEqual({ action: "accept", content: DEFAULTS });
  });

  it("should keep the answer's own values, false and 0 included", async () => {
    const reply = await ask(async () => ({ action: "accept", content: { subscribe: false, count: 0 } }));
    expect(reply).toEqual({ action: "accept", content: { ...DEFAULTS, subscribe: false, count: 0 } });
  });

  it("should add nothing to a declined answer", async () => {
    const reply = await ask(async () => ({ action: "decline" }));
    expect(reply).toEqual({ action: "decline", content: null });
  });

  it("should leave URL-mode answers, other actions and schemas without defaults as they are", () => {
    const accept = { action: "accept" as const, content: {} };
    const url = { mode: "url" as const, message: "m", url: "https://x.test", elicitationId: "e" };
    expect(applyElicitationDefaults(url, accept)).toBe(accept);
    const form = {
      mode: "form" as const,
      message: "m",
      requestedSchema: { type: "object" as const, properties: { a: { type: "string" as const } } },
    };
    expect(applyElicitationDefaults(form, accept)).toBe(accept);
    const cancel = { action: "cancel" as const };
    expect(applyElicitationDefaults(form, cancel)).toBe(cancel);
  });
});
