// Sampling (`sampling/createMessage`): a server borrows the host's model through `onSampling`. The
// capability is declared only with a handler, the handler sees the server's name and the request's
// signal, and a failing handler answers the server with a generic JSON-RPC error; a server whose entry
// says `allowSampling: false` gets neither the capability nor the handler. Real
// `@modelcontextprotocol/server-everything` over stdio, and once over Streamable HTTP.
import { waitFor } from "@toolnexus/fixtures";
import { describe, expect, it } from "vitest";
import type { SamplingContext } from "../src/config-entry.js";
import { parseConfig } from "../src/config-entry.js";
import type { McpConfigInput, SamplingHandler } from "../src/index.js";
import { everythingOverHttp, everythingStdio } from "./support/everything.js";
import {
  configRejection,
  failOnUnhandledRejections,
  serverConfig,
  toolByRawName,
  useSources,
} from "./support/harness.js";

failOnUnhandledRejections();

const sources = useSources({ toolCache: null, autoRestart: { enabled: false } });
const everything = everythingStdio;
const SAMPLING_TOOL = "trigger-sampling-request";

describe("sampling against server-everything", () => {
  it("should offer the sampling tool only to a client with a handler", async () => {
    const source = await sources.loadServers({ everything });
    expect(source.tools.map((t) => t.rawName)).not.toContain(SAMPLING_TOOL);
  });

  it("should answer the server's request with the host's handler, naming the server", async () => {
    const seen: SamplingContext[] = [];
    const onSampling: SamplingHandler = async (request, context) => {
      seen.push(context);
      const first = request.messages[0]?.content;
      const text = first && !Array.isArray(first) && first.type === "text" ? first.text : "";
      return { role: "assistant", content: { type: "text", text: `echo of ${text}` }, model: "scripted" };
    };
    const source = await sources.loadServers({ everything }, { onSampling });
    await waitFor(() => source.tools.some((t) => t.rawName === SAMPLING_TOOL));
    const result = await toolByRawName(source, SAMPLING_TOOL, "everything").execute({ prompt: "hello" });
    expect(result.isError).toBe(false);
    expect(result.text).toContain("echo of Resource trigger-sampling-request context: hello");
    expect(seen).toHaveLength(1);
    expect(seen[0]?.server).toBe("everything");
    expect(seen[0]?.signal).toBeInstanceOf(AbortSignal);
  });

  it("should answer the server's request over Streamable HTTP too", async () => {
    const url = await everythingOverHttp();
    const seen: string[] = [];
    const source = await sources.load(
      { mcpServers: { web: { url } } },
      {
        onSampling: async (_request, { server }) => {
          seen.push(server);
          return { role: "assistant", content: { type: "text", text: "over http" }, model: "scripted" };
        },
      },
    );
    await waitFor(() => source.tools.some((t) => t.rawName === SAMPLING_TOOL));
    const result = await toolByRawName(source, SAMPLING_TOOL, "web").execute({ prompt: "hello" });
    expect(result.isError, result.text).toBe(false);
    expect(result.text).toContain("over http");
    expect(seen).toEqual(["web"]);
  });

  it("should answer a failing handler with a generic error and tell the host why", async () => {
    const warnings: string[] = [];
    const source = await sources.loadServers(
      { everything },
      {
        onSampling: async () => {
          throw new Error("host-only detail");
        },
        onWarning: (message) => warnings.push(message),
      },
    );
    await waitFor(() => source.tools.some((t) => t.rawName === SAMPLING_TOOL));
    const result = await toolByRawName(source, SAMPLING_TOOL, "everything").execute({ prompt: "x" });
    expect(result.isError).toBe(true);
    expect(result.text).not.toContain("host-only detail");
    expect(warnings.some((w) => w.includes("host-only detail") && w.includes('"everything"'))).toBe(true);
  });
});

describe("the per-server sampling switch", () => {
  const onSampling: SamplingHandler = async () => ({
    role: "assistant",
    content: { type: "text", text: "unused" },
    model: "scripted",
  });
  const serversWithTool = (source: { tools: readonly { rawName: string; server: string }[] }) =>
    source.tools.filter((t) => t.rawName === SAMPLING_TOOL).map((t) => t.server);

  it("should declare no sampling to a server whose entry says allowSampling: false", async () => {
    const warnings: string[] = [];
    const source = await sources.loadServers(
      { on: everything, off: { ...everything, allowSampling: false } },
      { onSampling, onWarning: (message) => warnings.push(message) },
    );
    await waitFor(() => serversWithTool(source).includes("on"));
    await source.refresh("off");
    expect(serversWithTool(source)).toEqual(["on"]);
    expect(warnings).toEqual([]);
  });

  it("should read allowSampling as a boolean of the entry, a wrong type naming the server and field", async () => {
    const entry = await serverConfig({ mcpServers: { s: { command: "x", allowSampling: false } } });
    expect(entry.allowSampling).toBe(false);
    expect(await serverConfig({ mcpServers: { s: { command: "x" } } })).not.toHaveProperty("allowSampling");
    expect(await configRejection({ mcpServers: { s: { command: "x", allowSampling: "no" } } })).toEqual({
      code: "CONFIG_INVALID",
      server: "s",
      message: 'Invalid MCP config: server "s", field "allowSampling": expected a boolean, got string',
    });
    const typo: object = { mcpServers: { s: { command: "x", allowSamplng: false } } };
    const { warnings } = await parseConfig(typo as McpConfigInput);
    expect(warnings).toEqual([
      'MCP server "s": ignoring unknown key "allowSamplng" (did you mean "allowSampling"?)',
    ]);
  });

  it("should refuse the entry's earlier sampling key rather than ignore it, naming the new one", async () => {
    // Ignored, `sampling: false` would lend the model to a server its author excluded.
    expect(await configRejection({ mcpServers: { s: { command: "x", sampling: false } } })).toEqual({
      code: "CONFIG_INVALID",
      server: "s",
      message: expect.stringContaining('field "sampling": expected "allowSampling" in its place'),
    });
  });
});
