// Roots: the `roots` load option, a server's own `roots` entry and `source.setRoots`, against real
// servers — `@modelcontextprotocol/server-filesystem` (its allowed directories become the client's
// roots), `server-everything` (`get-roots-list`), and the era fixtures' `roots` tool (2025 era: a
// `roots/list` request; 2026 era: inside `input_required`).
import { realpathSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import { pathToFileURL } from "node:url";
import { makeTempDir, pidOf, removeTempDir, stdioServer, waitFor } from "@toolnexus/fixtures";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadMcp, type McpSource } from "../src/index.js";
import { ROOTS_FAILED_MESSAGE } from "../src/roots/guard-roots.js";
import { everythingStdio } from "./support/everything.js";
import { failOnUnhandledRejections, toolByRawName, useSources } from "./support/harness.js";

failOnUnhandledRejections();

const sources = useSources({ toolCache: null, autoRestart: { enabled: false } });
const require = createRequire(import.meta.url);
const packageDir = (name: string) => dirname(require.resolve(`${name}/package.json`));
const ALLOWED = "list_allowed_directories";

let dirs: { load: string; other: string; own: string; arg: string };
beforeAll(() => {
  const make = () => realpathSync(makeTempDir("roots-"));
  dirs = { load: make(), other: make(), own: make(), arg: make() };
});
afterAll(() => {
  for (const dir of Object.values(dirs ?? {})) removeTempDir(dir);
});

function filesystem() {
  const main = join(packageDir("@modelcontextprotocol/server-filesystem"), "dist/index.js");
  return { command: process.execPath, args: [main, dirs.arg] };
}

async function allowed(source: McpSource, server: string): Promise<string[]> {
  const result = await toolByRawName(source, ALLOWED, server).execute({});
  expect(result.isError).toBe(false);
  // "Allowed directories:\n/a\n/b"
  return result.text.split("\n").slice(1).filter(Boolean);
}

describe("roots against server-filesystem", () => {
  it("should narrow the server to the roots and follow setRoots live, leaving an overriding server alone", async () => {
    const updates: string[] = [];
    const warnings: string[] = [];
    const source = await sources.loadServers(
      { shared: filesystem(), own: { ...filesystem(), roots: [dirs.own] } },
      {
        roots: [dirs.load],
        onWarning: (message) => warnings.push(message),
        onStderr: (server, line) => {
          if (line.includes("Updated allowed directories")) updates.push(server);
        },
      },
    );
    await waitFor(() => updates.includes("shared") && updates.includes("own"));
    expect(await allowed(source, "shared")).toEqual([dirs.load]);
    expect(await allowed(source, "own")).toEqual([dirs.own]);
    const pid = pidOf(source, "shared");

    source.setRoots([{ uri: pathToFileURL(dirs.other).href, name: "other" }]);
    await waitFor(() => updates.filter((s) => s === "shared").length === 2);
    expect(await allowed(source, "shared")).toEqual([dirs.other]);
    expect(pidOf(source, "shared")).toBe(pid);
    // The overriding server was not told: it still sees only its own root, never the load's.
    expect(updates.filter((s) => s === "own")).toHaveLength(1);
    expect(await allowed(source, "own")).toEqual([dirs.own]);

    // A server not running is not told; it gets the roots of the moment when it starts again.
    await source.stop("shared");
    source.setRoots([dirs.load]);
    await source.start("shared");
    await waitFor(() => updates.filter((s) => s === "shared").length === 3);
    expect(await allowed(source, "shared")).toEqual([dirs.load]);
    // The stopped session's subscription ended with it: nothing was sent to a closed client.
    expect(warnings).toEqual([]);
  });
});

describe("roots against server-everything", () => {
  const everything = () => ({ ...everythingStdio });

  it("should offer get-roots-list only with roots, and list the configured ones", async () => {
    const [plain, source] = await Promise.all([
      sources.loadServers({ plain: everything() }),
      sources.loadServers({ rooted: everything() }, { roots: [{ uri: dirs.load, name: "work" }] }),
    ]);
    // The server registers the tool after initialize, only for a client that declared roots.
    await waitFor(() => source.tools.some((t) => t.rawName === "get-roots-list"));
    await plain.refresh();
    expect(plain.tools.some((t) => t.rawName === "get-roots-list")).toBe(false);
    const result = await toolByRawName(source, "get-roots-list", "rooted").execute({});
    expect(result.text).toContain(pathToFileURL(dirs.load).href);
    expect(result.text).toContain("work");
  });
});

const ERAS = [
  { fixture: "modern", protocol: "auto", era: "2026 (input_required)" },
  { fixture: "dual-era", protocol: "2025-11-25", era: "2025 (roots/list)" },
] as const;

describe.each(ERAS)("the roots tool of $fixture, era $era", ({ fixture, protocol }) => {
  type RootsReply = { roots: { uri: string; name?: string }[] | null; failed: number; error: string | null };
  const ask = async (times?: number) => {
    const result = await toolByRawName(source, "roots", "e").execute(times ? { times } : {});
    return { isError: result.isError, reply: JSON.parse(result.text) as RootsReply };
  };
  // One server for the describe (loaded untracked: the loader's afterEach would close it).
  let source: McpSource;
  const warnings: string[] = [];
  beforeAll(async () => {
    source = await loadMcp(
      { mcpServers: { e: { ...stdioServer(fixture, ["--input-tools"]), protocol } } },
      {
        toolCache: null,
        autoRestart: { enabled: false },
        roots: [dirs.load],
        onWarning: (m) => warnings.push(m),
      },
    );
    return () => source.close();
  });

  it("should answer with the current roots, and with the new ones after setRoots without a restart", async () => {
    expect((await ask()).reply.roots).toEqual([{ uri: pathToFileURL(dirs.load).href }]);
    const pid = pidOf(source, "e");
    source.setRoots([{ uri: dirs.other, name: "other" }]);
    expect((await ask()).reply.roots).toEqual([{ uri: pathToFileURL(dirs.other).href, name: "other" }]);
    expect(pidOf(source, "e")).toBe(pid);
    expect(warnings).toEqual([]);
  });

  it("should call the host's function once for a burst of 200 requests", async () => {
    let calls = 0;
    source.setRoots(async () => {
      calls += 1;
      await new Promise((resolve) => setTimeout(resolve, 300));
      return [dirs.load];
    });
    const { reply } = await ask(200);
    expect(reply).toMatchObject({ roots: [{ uri: pathToFileURL(dirs.load).href }], failed: 0 });
    expect(calls).toBeLessThanOrEqual(2);
  });

  it("should answer a failing roots function with a generic error and tell the host why", async () => {
    warnings.length = 0;
    source.setRoots(() => {
      throw new Error("host-only detail");
    });
    const result = await toolByRawName(source, "roots", "e").execute({});
    // 2025: the server's request gets the JSON-RPC error; 2026: the client cannot fulfil the
    // input_required round, so the call itself fails with that error.
    if (fixture === "modern") expect(result).toMatchObject({ isError: true, error: { kind: "protocol" } });
    else expect(JSON.parse(result.text)).toMatchObject({ failed: 1, error: ROOTS_FAILED_MESSAGE });
    expect(result.text).toContain(ROOTS_FAILED_MESSAGE);
    expect(result.text).not.toContain("host-only detail");
    expect(warnings.some((w) => w.includes("host-only detail") && w.includes('"e"'))).toBe(true);
  });
});
