import { resolve } from "node:path";
import { describe, expect, it } from "vitest";
import { parseConfig } from "../src/config/parse-config.js";
import type { McpConfigInput } from "../src/index.js";
import { configError } from "./support/harness.js";

describe("parseConfig dialects", () => {
  it("should read Claude Desktop / Cursor entries under mcpServers", async () => {
    const parsed = await parseConfig({
      mcpServers: {
        github: { command: "npx", args: ["-y", "@modelcontextprotocol/server-github"], env: { TOKEN: "t" } },
        remote: { url: "https://example.com/mcp", headers: { Authorization: "Bearer ${TOKEN}" } },
      },
    });
    expect(parsed).toStrictEqual({
      servers: [
        {
          name: "github",
          enabled: true,
          timeoutMs: 30000,
          protocol: "auto",
          transport: "stdio",
          command: "npx",
          args: ["-y", "@modelcontextprotocol/server-github"],
          env: { TOKEN: "t" },
        },
        {
          name: "remote",
          enabled: true,
          timeoutMs: 30000,
          protocol: "auto",
          transport: "http",
          url: "https://example.com/mcp",
          headers: { Authorization: "Bearer ${TOKEN}" },
        },
      ],
      warnings: [],
    });
  });

  it("should read VS Code entries under servers, with envFile and an sse type", async () => {
    const parsed = await parseConfig({
      inputs: [{ id: "token", type: "promptString" }],
      servers: {
        local: { type: "stdio", command: "node", args: ["server.js"], envFile: "/etc/mcp.env" },
        legacy: { type: "sse", url: "http://127.0.0.1:3000/sse" },
      },
    });
    expect(parsed.servers).toStrictEqual([
      {
        name: "local",
        enabled: true,
        timeoutMs: 30000,
        protocol: "auto",
        transport: "stdio",
        command: "node",
        args: ["server.js"],
        env: {},
        envFile: "/etc/mcp.env",
      },
      {
        name: "legacy",
        enabled: true,
        timeoutMs: 30000,
        protocol: "auto",
        transport: "sse",
        url: "http://127.0.0.1:3000/sse",
      },
    ]);
    expect(parsed.warnings).toStrictEqual([]);
  });

  it("should read opencode / toolnexus entries under mcp, with an argv command and environment", async () => {
    const parsed = await parseConfig({
      $schema: "https://opencode.ai/config.json",
      mcp: {
        fs: {
          type: "local",
          command: ["npx", "-y", "server-fs"],
          args: ["/tmp"],
          environment: { A: "1", B: "2" },
          env: { B: "3" },
          enabled: false,
        },
        web: { type: "remote", url: "https://example.com/mcp", enabled: true, timeout: 5000 },
      },
    });
    expect(parsed.servers).toStrictEqual([
      {
        name: "fs",
        enabled: false,
        timeoutMs: 30000,
        protocol: "auto",
        transport: "stdio",
        command: "npx",
        args: ["-y", "server-fs", "/tmp"],
        env: { A: "1", B: "3" },
      },
      {
        name: "web",
        enabled: true,
        timeoutMs: 5000,
        protocol: "auto",
        transport: "http",
        url: "https://example.com/mcp",
      },
    ]);
  });

  it("should treat an object without wrapper keys as a bare map of servers", async () => {
    // `$schema` beside servers is outside what the bare-map type can say.
    const bare = { $schema: "x", a: { command: "a" }, b: { url: "http://b.example" } };
    const parsed = await parseConfig(bare as unknown as McpConfigInput);
    expect(parsed.servers.map((s) => [s.name, s.transport])).toStrictEqual([
      ["a", "stdio"],
      ["b", "http"],
    ]);
  });

  it("should merge several wrapper keys in order and ignore other top-level keys silently", async () => {
    const parsed = await parseConfig({
      mcp: { c: { command: ["c"] } },
      other: { ignored: true },
      mcpServers: { a: { command: "a" } },
      servers: { b: { command: "b" } },
    } as McpConfigInput);
    expect(parsed.servers.map((s) => s.name)).toStrictEqual(["c", "a", "b"]);
    expect(parsed.warnings).toStrictEqual([]);
  });

  it("should accept an empty config", async () => {
    await expect(parseConfig({})).resolves.toStrictEqual({ servers: [], warnings: [] });
    await expect(parseConfig({ mcpServers: {} })).resolves.toStrictEqual({ servers: [], warnings: [] });
  });
});

describe("parseConfig transport", () => {
  it.each([
    ["stdio", { command: "x" }, "stdio"],
    ["local", { command: "x" }, "stdio"],
    ["http", { url: "http://h" }, "http"],
    ["streamable-http", { url: "http://h" }, "http"],
    ["streamableHttp", { url: "http://h" }, "http"],
    ["remote", { url: "https://h" }, "http"],
    ["sse", { url: "https://h" }, "sse"],
  ])("should map type %s to transport %s", async (type, fields, transport) => {
    const parsed = await parseConfig({ s: { type, ...fields } } as McpConfigInput);
    expect(parsed.servers[0]?.transport).toBe(transport);
  });

  it("should pick remote when url is present without a type, and let type decide when both are present", async () => {
    const parsed = await parseConfig({
      remote: { url: "http://h", command: "x" },
      local: { type: "stdio", url: "http://h", command: "x" },
    });
    expect(parsed.servers.map((s) => s.transport)).toStrictEqual(["http", "stdio"]);
  });
});

describe("parseConfig fields", () => {
  it("should normalize every optional field", async () => {
    const headers = () => ({ Authorization: "rotating" });
    const parsed = await parseConfig({
      mcpServers: {
        full: {
          command: "node",
          cwd: "work",
          envFile: "./.env",
          inheritEnv: ["AWS_*"],
          lazy: true,
          idleTimeoutMs: 60000,
          autoRestart: { maxRetries: 0, initialDelayMs: 0, maxDelayMs: 100, stableAfterMs: 5 },
          healthCheck: { intervalMs: 1000, timeoutMs: 500, failures: 3 },
          liveToolList: false,
          tools: { read: true, write: false },
          timeout: 1,
        },
        all: {
          command: "x",
          inheritEnv: "all",
          autoRestart: { enabled: false },
          healthCheck: {},
          disabled: true,
        },
        fn: { url: "https://h", headers },
      },
    });
    expect(parsed.servers).toStrictEqual([
      {
        name: "full",
        enabled: true,
        timeoutMs: 1,
        protocol: "auto",
        transport: "stdio",
        command: "node",
        args: [],
        env: {},
        cwd: resolve(process.cwd(), "work"),
        envFile: resolve(process.cwd(), ".env"),
        inheritEnv: ["AWS_*"],
        lazy: true,
        idleTimeoutMs: 60000,
        autoRestart: { maxRetries: 0, initialDelayMs: 0, maxDelayMs: 100, stableAfterMs: 5 },
        healthCheck: { intervalMs: 1000, timeoutMs: 500, failures: 3 },
        liveToolList: false,
        tools: { read: true, write: false },
      },
      {
        name: "all",
        enabled: false,
        timeoutMs: 30000,
        protocol: "auto",
        transport: "stdio",
        command: "x",
        args: [],
        env: {},
        inheritEnv: "all",
        autoRestart: { enabled: false },
        healthCheck: {},
      },
      {
        name: "fn",
        enabled: true,
        timeoutMs: 30000,
        protocol: "auto",
        transport: "http",
        url: "https://h",
        headers,
      },
    ]);
  });

  it("should keep absolute cwd and envFile as given", async () => {
    const parsed = await parseConfig({ s: { command: "x", cwd: "/srv/app", envFile: "/srv/app/.env" } });
    expect(parsed.servers[0]).toMatchObject({ cwd: "/srv/app", envFile: "/srv/app/.env" });
  });

  it("should treat enabled: false and disabled: true alike, and disabled wins over enabled: true", async () => {
    const parsed = await parseConfig({
      a: { command: "x", enabled: false },
      b: { command: "x", disabled: true, enabled: true },
      c: { command: "x", disabled: false, enabled: true },
    });
    expect(parsed.servers.map((s) => s.enabled)).toStrictEqual([false, false, true]);
  });
});

describe("parseConfig warnings", () => {
  it("should warn once per server with unknown keys, including unknown autoRestart and healthCheck keys", async () => {
    const parsed = await parseConfig({
      mcpServers: {
        a: { command: "x", description: "d", oauth: {}, gallery: true },
        b: { command: "x", name: "b" },
        c: { command: "x", autoRestart: { maxAttempts: 3 }, healthCheck: { every: 1 } },
        d: { command: "x" },
      },
    } as McpConfigInput);
    expect(parsed.warnings).toStrictEqual([
      'MCP server "a": ignoring unknown keys "description", "oauth" (did you mean "auth"?), "gallery"',
      'MCP server "b": ignoring unknown key "name"',
      'MCP server "c": ignoring unknown keys "autoRestart.maxAttempts", "healthCheck.every"',
    ]);
    expect(parsed.servers).toHaveLength(4);
  });
});

describe("parseConfig server names", () => {
  it("should accept any non-empty name with serverNames: any", async () => {
    const parsed = await parseConfig({ "my.server/ü": { command: "x" } }, { serverNames: "any" });
    expect(parsed.servers[0]?.name).toBe("my.server/ü");
  });

  it("should reject an empty name with serverNames: any", async () => {
    const error = await configError({ "": { command: "x" } }, { serverNames: "any" });
    expect(error.message).toBe(
      'Invalid MCP config: server "": expected a non-empty server name, got empty string',
    );
  });

  it("should accept a 32-character name and reject a 33-character one", async () => {
    await expect(parseConfig({ ["a".repeat(32)]: { command: "x" } })).resolves.toMatchObject({
      servers: [{ name: "a".repeat(32) }],
    });
    const error = await configError({ ["a".repeat(33)]: { command: "x" } });
    expect(error.message).toBe(
      `Invalid MCP config: server "${"a".repeat(33)}": expected a server name matching [A-Za-z0-9_-]{1,32}, got 33 characters`,
    );
  });

  it("should reject an unknown serverNames option", async () => {
    const error = await configError({}, { serverNames: "loose" as "any" });
    expect(error.code).toBe("OPTIONS_INVALID");
    expect(error.message).toBe('parseConfig: option "serverNames" must be "strict" or "any", got string');
  });
});
