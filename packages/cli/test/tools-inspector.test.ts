// `tools --json` against the official inspector: `@modelcontextprotocol/inspector-cli` (a
// devDependency; the inspector's CLI, run as `node build/index.js <server> --method tools/list`)
// prints each fixture server's `tools/list` result, and `tools --server NAME --json` must print the
// same value, field for field (`execution`, `_meta`, annotations as sent; no `title` made up from
// the annotations, no final name or server added). Stdio fixtures, one HTTP fixture, and a server
// pinned to the 2025 era (the era the inspector speaks).
import { spawn } from "node:child_process";
import { createRequire } from "node:module";
import { dirname } from "node:path";
import {
  fixturePath,
  type HttpFixture,
  hostileServer,
  removeTempDir,
  startHttpFixture,
} from "@toolnexus/fixtures";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { fixtureEntry, runCli, writeConfig } from "./helpers.js";

const INSPECTOR = createRequire(import.meta.url).resolve(
  "@modelcontextprotocol/inspector-cli/build/index.js",
);

/** The inspector's `tools/list` output for a server (its own cwd: it reads its package.json from there). */
function inspectorToolsList(target: string[]): Promise<unknown> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [INSPECTOR, ...target, "--method", "tools/list"], {
      cwd: dirname(INSPECTOR),
      stdio: ["ignore", "pipe", "pipe"],
    });
    let out = "";
    let err = "";
    child.stdout.setEncoding("utf8").on("data", (chunk: string) => {
      out += chunk;
    });
    child.stderr.setEncoding("utf8").on("data", (chunk: string) => {
      err += chunk;
    });
    const timer = setTimeout(() => child.kill("SIGKILL"), 25_000);
    child.on("close", (code) => {
      clearTimeout(timer);
      if (code === 0) resolve(JSON.parse(out));
      else reject(new Error(`inspector exited ${code}: ${err}`));
    });
  });
}

/** Each server's inspector output, asked for once (the inspector's process is the file's main cost). */
const inspected = new Map<string, Promise<unknown>>();
function inspectorFor(name: string): Promise<unknown> {
  let listed = inspected.get(name);
  if (!listed) {
    listed = inspectorToolsList(servers[name]?.target ?? []);
    inspected.set(name, listed);
  }
  return listed;
}

let http: HttpFixture;
let dir: string;
let path: string;
/** Each server's config entry and the inspector's target for the same server. */
let servers: Record<string, { entry: unknown; target: string[] }>;
beforeAll(async () => {
  http = await startHttpFixture("basic");
  const annotated = hostileServer("annotated");
  const oddNames = hostileServer("odd-names");
  servers = {
    basic: { entry: fixtureEntry("basic"), target: [process.execPath, fixturePath("basic")] },
    annotated: { entry: annotated, target: [annotated.command, ...annotated.args] },
    odd: { entry: oddNames, target: [oddNames.command, ...oddNames.args] },
    web: { entry: { url: http.url }, target: [http.url, "--transport", "http"] },
    dual: {
      entry: { ...fixtureEntry("dual-era"), protocol: "2025-11-25" },
      target: [process.execPath, fixturePath("dual-era")],
    },
  };
  ({ dir, path } = writeConfig(Object.fromEntries(Object.entries(servers).map(([n, s]) => [n, s.entry]))));
});
afterAll(async () => {
  await http.stop();
  removeTempDir(dir);
});

describe("tools --json and the official inspector", () => {
  it.each(["basic", "annotated", "odd", "web", "dual"])(
    "prints %s's tools/list as the inspector does, field for field",
    async (name) => {
      const [ours, theirs] = await Promise.all([
        runCli(["tools", path, "--server", name, "--json"]),
        inspectorFor(name),
      ]);
      expect(ours.code).toBe(0);
      expect(JSON.parse(ours.stdout)).toEqual(theirs);
    },
    40_000,
  );

  it("without --server prints every server's tools/list under its name", async () => {
    const run = await runCli(["tools", path, "--json"]);
    const { servers: listed } = JSON.parse(run.stdout);
    expect(Object.keys(listed)).toEqual(Object.keys(servers));
    expect(listed.basic).toEqual(await inspectorFor("basic"));
  }, 40_000);
});

describe("inspect --server", () => {
  it("starts and shows only the named server", async () => {
    const { dir: other, path: two } = writeConfig({
      basic: fixtureEntry("basic"),
      dies: hostileServer("env-to-stderr"),
    });
    try {
      const run = await runCli(["inspect", two, "--server", "basic", "--json"]);
      expect(run.code).toBe(0);
      expect(JSON.parse(run.stdout).servers.map((s: { name: string }) => s.name)).toEqual(["basic"]);
      const unknown = await runCli(["inspect", two, "--server", "nope"]);
      expect(unknown.code).toBe(2);
      expect(unknown.stderr).toContain('--server "nope" is not in the config');
    } finally {
      removeTempDir(other);
    }
  });
});
