import { mkdir, writeFile } from "node:fs/promises";
import { join, relative } from "node:path";
import { describe, expect, it } from "vitest";
import { parseConfig } from "../src/config/parse-config.js";
import { configRejection, useTempDir } from "./support/harness.js";

const dir = useTempDir("mcp-core-config-");

let counter = 0;
async function configFile(text: string, name = `config-${++counter}.json`): Promise<string> {
  const path = dir.file(name);
  await writeFile(path, text);
  return path;
}

describe("parseConfig from a file", () => {
  it("should read JSONC with comments and trailing commas", async () => {
    const path = await configFile(`{
      // VS Code style
      "servers": {
        /* local */ "fs": { "type": "stdio", "command": "node", "args": ["fs.js",], },
      },
      "inputs": [],
    }`);
    const parsed = await parseConfig(path);
    expect(parsed.servers).toStrictEqual([
      {
        name: "fs",
        enabled: true,
        timeoutMs: 30000,
        protocol: "auto",
        transport: "stdio",
        command: "node",
        args: ["fs.js"],
        env: {},
      },
    ]);
  });

  it("should accept a byte order mark", async () => {
    const path = await configFile('\uFEFF{ "mcpServers": { "a": { "command": "x" } } }');
    await expect(parseConfig(path)).resolves.toMatchObject({ servers: [{ name: "a" }] });
  });

  it("should resolve relative cwd and envFile against the file's directory", async () => {
    const sub = dir.file("project");
    await mkdir(sub, { recursive: true });
    const path = await configFile(
      JSON.stringify({ mcpServers: { a: { command: "x", cwd: "tools", envFile: "../secrets/.env" } } }),
      "project/mcp.json",
    );
    const parsed = await parseConfig(relative(process.cwd(), path));
    expect(parsed.servers[0]).toMatchObject({ cwd: join(sub, "tools"), envFile: dir.file("secrets/.env") });
  });

  it("should name the absolute path when the file does not exist", async () => {
    const missing = dir.file("nope.json");
    expect(await configRejection(relative(process.cwd(), missing))).toStrictEqual({
      code: "CONFIG_NOT_FOUND",
      server: undefined,
      message: `MCP config file not found: "${missing}"`,
    });
  });

  it("should report a path that cannot be read as a file", async () => {
    expect(await configRejection(dir.path)).toStrictEqual({
      code: "CONFIG_NOT_FOUND",
      server: undefined,
      message: `Cannot read MCP config file "${dir.path}" (EISDIR)`,
    });
  });

  it("should report a syntax error with its line and column", async () => {
    const path = await configFile('{\n  "mcpServers": {\n    "a" { "command": "x" }\n  }\n}\n');
    expect(await configRejection(path)).toStrictEqual({
      code: "CONFIG_PARSE",
      server: undefined,
      message: `Cannot parse MCP config "${path}": expected ":" at line 3, column 9`,
    });
  });

  it("should count \\r\\n as one line break", async () => {
    const path = await configFile('{\r\n  "a": {\r\n    "command": "x",\r\n  }}}');
    expect((await configRejection(path)).message).toBe(
      `Cannot parse MCP config "${path}": expected the end of the file at line 4, column 5`,
    );
  });

  it("should report an empty file", async () => {
    const path = await configFile("");
    expect((await configRejection(path)).message).toBe(
      `Cannot parse MCP config "${path}": expected a value at line 1, column 1`,
    );
  });

  it("should name the file in validation errors", async () => {
    const path = await configFile('{ "mcpServers": { "github": { "command": "npx", "args": ["-y", 1] } } }');
    expect(await configRejection(path)).toStrictEqual({
      code: "CONFIG_INVALID",
      server: "github",
      message: `Invalid MCP config in "${path}": server "github", field "args[1]": expected a string, got number`,
    });
  });
});

describe("parseConfig duplicate keys in a file", () => {
  it("should report a server key repeated inside a wrapper", async () => {
    const path = await configFile(
      '{ "mcpServers": { "github": { "command": "a" }, "fs": { "command": "b" }, "github": { "command": "c" } } }',
    );
    expect(await configRejection(path)).toStrictEqual({
      code: "CONFIG_INVALID",
      server: "github",
      message: `Invalid MCP config in "${path}": server "github": duplicate server name (twice in "mcpServers")`,
    });
  });

  it("should report a server key repeated in a bare map", async () => {
    const path = await configFile(
      '{ "a": { "command": "x" }, "a": { "command": "y" }, "a": { "command": "z" } }',
    );
    expect((await configRejection(path)).message).toBe(
      `Invalid MCP config in "${path}": server "a": duplicate server name (3 times at the top level)`,
    );
  });

  it("should report a repeated wrapper key", async () => {
    const path = await configFile(
      '{ "mcp": { "a": { "command": ["x"] } }, "mcp": { "b": { "command": ["y"] } } }',
    );
    expect((await configRejection(path)).message).toBe(
      `Invalid MCP config in "${path}": field "mcp": duplicate key at the top level`,
    );
  });

  it("should report a server in two wrappers", async () => {
    const path = await configFile(
      '{ "servers": { "a": { "command": "x" } }, "mcp": { "a": { "command": ["y"] } } }',
    );
    expect((await configRejection(path)).message).toBe(
      `Invalid MCP config in "${path}": server "a": duplicate server name (in "servers" and "mcp")`,
    );
  });

  it("should not mind repeated keys inside a server entry or in ignored top-level keys", async () => {
    const path = await configFile(
      '{ "inputs": 1, "inputs": 2, "mcpServers": { "a": { "command": "x", "command": "y" } } }',
    );
    const parsed = await parseConfig(path);
    expect(parsed.servers).toMatchObject([{ name: "a", command: "y" }]);
  });
});
