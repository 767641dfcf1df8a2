/**
 * Type-level checks of `McpConfigInput`: `npm run typecheck` compiles this file under `--strict`, so
 * a mistyped key that stops being an error makes an `@ts-expect-error` below unused, and fails it.
 * The `it` blocks also run, passing each literal through the real signatures' parameter type.
 */
import { describe, expect, expectTypeOf, it } from "vitest";
import type { parseConfig } from "../src/config-entry.js";
import type { loadMcp, McpConfigInput } from "../src/index.js";

type LoadInput = Parameters<typeof loadMcp>[0];
/** Hands a literal to `loadMcp`'s own parameter type, so the checks below are the editor's. */
const asLoadInput = (input: LoadInput): LoadInput => input;

describe("McpConfigInput", () => {
  it("should be the input of loadMcp and parseConfig, beside a path", () => {
    expectTypeOf<Parameters<typeof loadMcp>[0]>().toEqualTypeOf<string | McpConfigInput>();
    expectTypeOf<Parameters<typeof parseConfig>[0]>().toEqualTypeOf<string | McpConfigInput>();
  });

  it("should accept the three wrapper dialects, a bare map and a path", () => {
    const inputs = [
      asLoadInput("./mcp.json"),
      asLoadInput({
        mcpServers: { files: { command: "npx", args: ["-y", "server"], env: { TOKEN: "${TOKEN}" } } },
      }),
      asLoadInput({
        $schema: "https://example.com/schema.json",
        inputs: [],
        servers: { web: { type: "http", url: "https://example.com/mcp", headers: { A: "b" } } },
      }),
      asLoadInput({
        mcp: { local: { type: "local", command: ["node", "s.js"], environment: {}, enabled: false } },
      }),
      asLoadInput({
        files: { command: "node", tools: { write: false }, autoRestart: { maxRetries: 3 }, lazy: true },
      }),
      asLoadInput({
        rotating: { url: "https://example.com/mcp", headers: async () => ({ Authorization: "x" }) },
      }),
      asLoadInput({
        gh: {
          command: "gh-mcp",
          tools: { delete_repo: false, include: ["create_*"], exclude: ["*_secret"] },
          toolFilter: (tool) => tool.annotations?.readOnlyHint === true && tool.server === "gh",
          toolTimeouts: { create_release: 120_000 },
          defer: true,
        },
      }),
    ];
    expect(inputs).toHaveLength(7);
  });

  it("should reject mistyped keys and values", () => {
    const rejected = [
      // @ts-expect-error `comand` and `argz` are not entry keys, and args are strings
      asLoadInput({ mcpServers: { x: { comand: "node", argz: [1] } } }),
      // @ts-expect-error an entry needs a `command` or a `url`
      asLoadInput({ mcpServers: { x: { args: ["s.js"] } } }),
      // @ts-expect-error `mcpServer` is not a wrapper, and its value is not a server entry
      asLoadInput({ mcpServer: { x: { command: "node" } } }),
      // @ts-expect-error `maxRetry` is not an autoRestart key
      asLoadInput({ x: { command: "node", autoRestart: { maxRetry: 3 } } }),
      // @ts-expect-error `timeout` is a number of milliseconds
      asLoadInput({ servers: { x: { url: "https://h/mcp", timeout: "30s" } } }),
      // @ts-expect-error `websocket` is not a transport type
      asLoadInput({ mcp: { x: { type: "websocket", url: "wss://h" } } }),
      // @ts-expect-error a tool timeout is a number of milliseconds
      asLoadInput({ x: { command: "node", toolTimeouts: { slow: "5s" } } }),
      // @ts-expect-error a glob list is an array of strings
      asLoadInput({ x: { command: "node", tools: { include: "create_*" } } }),
      // @ts-expect-error toolFilter is a function
      asLoadInput({ x: { command: "node", toolFilter: "readOnly" } }),
    ];
    expect(rejected).toHaveLength(9);
  });
});
