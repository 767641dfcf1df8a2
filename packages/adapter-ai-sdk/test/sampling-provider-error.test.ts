// What the host is told when its provider fails a server's sampling request: the provider's own
// text, escaped and bounded, with every secret-shaped value in it redacted (the host's key, a
// bearer JWT, a private key), since `onWarning` goes to logs. A real 2025-era server asks (the
// dual-era fixture's `sample`); the host's model is the AI SDK's mock provider model.
import { stdioServer } from "@toolnexus/fixtures";
import { loadMcp, type McpSource } from "@toolnexus/mcp-core";
import { APICallError } from "ai";
import { MockLanguageModelV3 } from "ai/test";
import { afterEach, expect, it } from "vitest";
import { aiSdkSampling } from "../src/index.js";

// Built from parts so that no scanner takes the fixtures for real keys.
const HOST_KEY = ["sk", "proj", "FAKEfake0000FAKEfake0000FAKE"].join("-");
const JWT = ["eyJhbGciOiJIUzI1NiJ9", "eyJzdWIiOiJhZGEifQ", "FAKEsig0000"].join(".");
const PEM = ["-----BEGIN PRIVATE KEY-----", "MIIFAKE0000", "-----END PRIVATE KEY-----"].join("\n");

let source: McpSource | undefined;
afterEach(async () => {
  await source?.close();
  source = undefined;
});

it("should redact secret-shaped values in the provider's error text before onWarning sees it", async () => {
  const warnings: string[] = [];
  const model = new MockLanguageModelV3({
    doGenerate: async () => {
      throw new APICallError({
        message: `Incorrect API key provided: ${HOST_KEY}. Sent Authorization: Bearer ${JWT} with ${PEM}`,
        url: "https://provider.invalid/v1",
        requestBodyValues: {},
        statusCode: 401,
        isRetryable: false,
      });
    },
  });
  source = await loadMcp(
    { mcpServers: { s: { ...stdioServer("dual-era", ["--sampling"]), protocol: "2025-11-25" as const } } },
    {
      toolCache: null,
      autoRestart: { enabled: false },
      onWarning: (m) => warnings.push(m),
      ...aiSdkSampling({ model }),
    },
  );
  const tool = source.tools.find((t) => t.rawName === "sample");
  const result = await tool?.execute({ prompt: "p" });
  expect(result?.isError, result?.text).toBe(false);
  expect(JSON.parse(result?.text ?? "{}")).toMatchObject({ results: [{ ok: false, code: -32603 }] });

  expect(warnings).toEqual([
    'MCP server "s": the sampling handler failed: Incorrect API key provided: [REDACTED]. Sent Authorization: Bearer [REDACTED] with [REDACTED]',
  ]);
});
