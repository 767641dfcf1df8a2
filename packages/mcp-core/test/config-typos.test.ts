import { hostileServer } from "@toolnexus/fixtures";
import { describe, expect, it } from "vitest";
import { closestKey, editDistance } from "../src/config/closest-key.js";
import { parseConfig } from "../src/config-entry.js";
import type { McpConfigInput } from "../src/index.js";
import { configRejection, useSources } from "./support/harness.js";

const P = "Invalid MCP config: ";

describe("editDistance and closestKey", () => {
  it.each([
    ["", "", 0],
    ["comand", "command", 1],
    ["argz", "args", 1],
    ["hedaers", "headers", 1],
    ["timeoutMs", "timeout", 2],
    ["kitten", "sitting", 3],
  ])("should measure %j → %j as %i", (a, b, distance) => {
    expect(editDistance(a, b)).toBe(distance);
    expect(editDistance(b, a)).toBe(distance);
  });

  it.each([
    ["comand", "command"],
    ["enviroment", "environment"],
    ["envfile", "envFile"],
    ["url ", "url"],
    ["mcp_servers", "mcpServers"],
    ["dev", undefined],
    ["description", undefined],
  ])("should suggest for %j: %j", (key, suggestion) => {
    const known = ["command", "args", "env", "environment", "envFile", "url", "mcpServers", "servers"];
    expect(closestKey(key, known)).toBe(suggestion);
  });

  // Found by the config fuzz: each unknown key was aligned with every known key, O(length) each, so a
  // pasted blob of 200 000 characters took half a second per entry and this one longer than the timeout.
  it("should warn about a 20 MB unknown key without aligning it with every known key", async () => {
    const blob = "x".repeat(20_000_000);
    const { warnings } = await parseConfig({ s: { command: "x", [blob]: 1 } });
    expect(warnings).toHaveLength(1);
    expect(closestKey(blob, ["command", "args"])).toBeUndefined();
  });
});

describe("parseConfig key typos", () => {
  it("should name a mistyped key and the known key it is closest to, before what it then lacks", async () => {
    expect(await configRejection({ mcpServers: { x: { comand: "node", argz: ["s.js"] } } })).toStrictEqual({
      code: "CONFIG_INVALID",
      server: "x",
      message: [
        `${P}server "x": unknown key "comand" — did you mean "command"?`,
        `${P}server "x": unknown key "argz" — did you mean "args"?`,
        `${P}server "x": expected "command" (local server) or "url" (remote server), got neither`,
      ].join("\n"),
    });
  });

  it("should suggest the closest key in the warning of a valid entry, nested keys included", async () => {
    const parsed = await parseConfig({
      s: { command: "x", enviroment: {}, gallery: true, autoRestart: { maxRetires: 3 } },
    } as McpConfigInput);
    expect(parsed.warnings).toStrictEqual([
      'MCP server "s": ignoring unknown keys "enviroment" (did you mean "environment"?), "gallery", "autoRestart.maxRetires" (did you mean "autoRestart.maxRetries"?)',
    ]);
  });

  it.each(["mcpServer", "mcp_servers", "servers ", "MCPServers"])(
    "should report a misspelled wrapper %j read as a server, naming the wrapper it resembles",
    async (wrapper) => {
      const rejection = await configRejection({ [wrapper]: { a: { command: "x" }, b: { url: "http://h" } } });
      const suggestion = wrapper.trim().toLowerCase().startsWith("mcp") ? "mcpServers" : "servers";
      expect(rejection).toStrictEqual({
        code: "CONFIG_INVALID",
        server: wrapper,
        message: `${P}server ${JSON.stringify(wrapper)}: expected a server entry ("command" or "url"), got a map of server entries — did you mean the wrapper key "${suggestion}"?`,
      });
    },
  );

  it("should warn about a misspelled wrapper beside a real one, whose servers would be ignored", async () => {
    const parsed = await parseConfig({
      mcpServers: { a: { command: "x" } },
      mcp_servers: { b: { command: "y" } },
      inputs: [],
    } as McpConfigInput);
    expect(parsed.servers.map((s) => s.name)).toStrictEqual(["a"]);
    expect(parsed.warnings).toStrictEqual([
      'Ignoring top-level key "mcp_servers", a map of server entries — did you mean "mcpServers"?',
    ]);
  });

  it("should keep reading a server named like a wrapper when it is a server entry", async () => {
    const parsed = await parseConfig({ server: { command: "x" } });
    expect(parsed.servers.map((s) => s.name)).toStrictEqual(["server"]);
  });
});

describe("parseConfig remote URLs with credentials", () => {
  it.each([
    "http://user:hunter2-secret@127.0.0.1:1/mcp",
    "https://only-user-secret@h/mcp",
    "http://:hunter2-secret@h/",
  ])("should reject %s without echoing the user or the password", async (url) => {
    const rejection = await configRejection({ mcpServers: { web: { url } } });
    expect(rejection).toStrictEqual({
      code: "CONFIG_INVALID",
      server: "web",
      message: `${P}server "web", field "url": expected an http or https URL without credentials, got credentials in the URL; send them in "headers" (e.g. "Authorization") instead`,
    });
    expect(rejection.message).not.toMatch(/secret|user/);
  });
});

describe("tools maps keyed __proto__", () => {
  const sources = useSources({ toolCache: null, autoRestart: { enabled: false } });

  it("should keep and validate a __proto__ key in tools, env and headers as data", async () => {
    const parsed = await parseConfig(
      JSON.parse('{"s":{"command":"x","tools":{"__proto__":false},"env":{"__proto__":"v"}}}'),
    );
    expect(Object.hasOwn(parsed.servers[0]?.tools ?? {}, "__proto__")).toBe(true);
    expect(parsed.servers[0]).toMatchObject({ env: JSON.parse('{"__proto__":"v"}') });
    expect(
      await configRejection(JSON.parse('{"h":{"url":"http://h","headers":{"__proto__":1}}}')),
    ).toMatchObject({
      message: `${P}server "h", field "headers.__proto__": expected a string, got number`,
    });
  });

  it("should drop a server's tool named __proto__ listed in a drop map", async () => {
    const entry = {
      ...hostileServer("tool-names", { arg: "__proto__,keep" }),
      tools: JSON.parse('{"__proto__":false}'),
    };
    const source = await sources.load({ mcpServers: { s: entry } });
    expect(source.tools.map((t) => t.rawName)).toStrictEqual(["keep"]);
  });

  it("should keep only a __proto__ tool named in an allow map", async () => {
    const entry = {
      ...hostileServer("tool-names", { arg: "__proto__,keep" }),
      tools: JSON.parse('{"__proto__":true}'),
    };
    const source = await sources.load({ mcpServers: { s: entry } });
    expect(source.tools.map((t) => t.rawName)).toStrictEqual(["__proto__"]);
    expect((await source.tools[0]?.execute({}))?.text).toBe("__proto__");
  });
});
