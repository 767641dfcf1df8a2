// Roots as given: a server's `roots` entry (paths relative to the config file, `file:` URIs, other
// schemes refused with the server and the field named), the `roots` load option and `setRoots`
// (validated, refused without the option), and the bound on the host's roots function. No process.
import { mkdir, writeFile } from "node:fs/promises";
import { join, relative } from "node:path";
import { pathToFileURL } from "node:url";
import { describe, expect, it } from "vitest";
import { parseConfig } from "../src/config/parse-config.js";
import { isMcpCoreError, loadMcp } from "../src/index.js";
import { guardRoots, ROOTS_FAILED_MESSAGE } from "../src/roots/guard-roots.js";
import { rootUri } from "../src/roots/root-uri.js";
import { configRejection, useTempDir } from "./support/harness.js";

const dir = useTempDir("mcp-core-roots-");

describe("a server's roots entry", () => {
  it("should resolve relative paths against the config file's directory and keep file: URIs", async () => {
    const sub = dir.file("project");
    await mkdir(sub, { recursive: true });
    const path = join(sub, "mcp.json");
    const entry = { command: "x", roots: ["src", { uri: "file:///srv/data/../data", name: "data" }] };
    await writeFile(path, JSON.stringify({ mcpServers: { a: entry } }));
    const parsed = await parseConfig(relative(process.cwd(), path));
    expect(parsed.servers[0]?.roots).toStrictEqual([
      { uri: pathToFileURL(join(sub, "src")).href },
      { uri: "file:///srv/data", name: "data" },
    ]);
  });

  it.each([
    ["https://example.test/repo", "roots[0]"],
    ["file://evil.example/share", "roots[0]"],
    [{ uri: "javascript:alert(1)" }, "roots[0].uri"],
    [42, "roots[0]"],
  ])("should refuse the root %j, naming the server and %s", async (root, field) => {
    const rejection = await configRejection({ mcpServers: { srv: { command: "x", roots: [root] } } });
    expect(rejection.code).toBe("CONFIG_INVALID");
    expect(rejection.server).toBe("srv");
    expect(rejection.message).toContain(`field "${field}"`);
    expect(rejection.message).toContain("file: URI");
  });
});

describe("the roots load option and setRoots", () => {
  it("should refuse a root of another scheme, naming the option", async () => {
    const error = await loadMcp({ mcpServers: {} }, { roots: ["https://example.test"] }).catch((e) => e);
    expect(isMcpCoreError(error) && error.code).toBe("OPTIONS_INVALID");
    expect(String(error.message)).toContain('"roots": root 0');
  });

  it("should refuse setRoots on a source loaded without roots, and a malformed list", async () => {
    const without = await loadMcp({ mcpServers: {} }, { toolCache: null });
    expect(() => without.setRoots(["/tmp"])).toThrow(/without the "roots" option/);
    await without.close();
    const source = await loadMcp({ mcpServers: {} }, { toolCache: null, roots: [] });
    expect(() => source.setRoots(["ftp://example.test"])).toThrow(/"setRoots": root 0/);
    source.setRoots(["/tmp"]);
    await source.close();
  });

  it("should turn paths into absolute, normalized file: URIs", () => {
    expect(rootUri("a/../b", "/base")).toBe("file:///base/b");
    expect(rootUri("/x y/%", "/")).toBe("file:///x%20y/%25");
    expect(rootUri("mailto:a@b", "/")).toBeUndefined();
  });
});

describe("the host's roots function", () => {
  it("should fail a read that outlasts the bound with a generic error and a warning", async () => {
    const warnings: string[] = [];
    const list = guardRoots(
      "srv",
      () => new Promise(() => {}),
      (m) => warnings.push(m),
      50,
    );
    await expect(list()).rejects.toThrow(ROOTS_FAILED_MESSAGE);
    expect(warnings).toEqual([
      'MCP server "srv": the roots could not be listed: the roots function took over 50 ms',
    ]);
  });
});
