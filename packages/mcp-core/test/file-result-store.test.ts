/**
 * The file result store on a real directory: values back whole, an expired entry answers undefined
 * and is removed, the directory stays within its bound in bytes by dropping what was used least
 * recently, a handle (untrusted: the model sends it back) never names a path outside the
 * directory, files others could have written are refused, and several processes writing at once
 * keep the bound and never read a part of a value. Children are `node` importing the built store.
 */
import { spawn } from "node:child_process";
import { chmodSync, lstatSync, mkdirSync, readdirSync, statSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { readKeptResult, sourceLoader, stdioServer, waitFor } from "@toolnexus/fixtures";
import { afterAll, describe, expect, it, onTestFinished } from "vitest";
import { createResultTools } from "../src/adapter/index.js";
import { isMcpCoreError, type McpCoreError } from "../src/errors.js";
import { type LoadMcpOptions, loadMcp, type McpSource } from "../src/index.js";
import { fileResultStore } from "../src/results/file-result-store.js";
import { defaultResultDir } from "../src/stores.js";
import { tempDir } from "./support/harness.js";

const STORE = pathToFileURL(
  fileURLToPath(new URL("../dist/results/file-result-store.js", import.meta.url)),
).href;
const HOUR = 60 * 60 * 1000;

/** The entries' files in `dir` and their sizes. */
function entries(dir: string): { name: string; size: number }[] {
  return readdirSync(dir)
    .filter((name) => name.endsWith(".result"))
    .map((name) => ({ name, size: statSync(join(dir, name)).size }));
}
const total = (dir: string) => entries(dir).reduce((sum, entry) => sum + entry.size, 0);

/** Resolves once the clock has moved past `ms` from now (mtimes of successive uses then differ). */
const after = (ms: number) => {
  const until = Date.now() + ms;
  return waitFor(() => Date.now() > until, { intervalMs: 1, timeoutMs: 5_000, message: "the clock to move" });
};

function collect(): { warnings: McpCoreError[]; onWarning: (warning: McpCoreError) => void } {
  const warnings: McpCoreError[] = [];
  return { warnings, onWarning: (warning) => warnings.push(warning) };
}

describe("fileResultStore", () => {
  it("should keep a value whole in a 0600 file named by a hash, in a 0700 directory", async () => {
    const dir = join(tempDir(), "results");
    const store = fileResultStore(dir);
    const value = `${"é".repeat(10_000)}\n{"a":[1,2,3]}\u{1F600}`;
    await store.put("res_abc123", value, HOUR);
    expect(await store.get("res_abc123")).toBe(value);
    expect(await store.get("res_other")).toBeUndefined();
    const [file] = entries(dir);
    expect(file?.name).toMatch(/^[0-9a-f]{64}\.[0-9a-z]+\.[0-9a-z]+\.result$/);
    expect(readdirSync(dir).join(" ")).not.toContain("abc123");
    if (process.platform !== "win32") {
      expect(statSync(join(dir, file?.name ?? "")).mode & 0o777).toBe(0o600);
      expect(statSync(dir).mode & 0o777).toBe(0o700);
    }
    await store.close?.();
  });

  it("should answer undefined for an expired entry and remove it, on a read and on a later write", async () => {
    const dir = tempDir();
    const store = fileResultStore(dir);
    await store.put("short", "gone soon", 40);
    await store.put("long", "stays", HOUR);
    await waitFor(async () => (await store.get("short")) === undefined, {
      intervalMs: 10,
      timeoutMs: 5_000,
      message: "the short entry to expire",
    });
    expect(entries(dir)).toHaveLength(1);
    expect(await store.get("long")).toBe("stays");

    // Never read again: the next write sweeps it.
    await store.put("unread", "gone soon too", 40);
    await after(60);
    await store.put("next", "x", HOUR);
    expect(entries(dir)).toHaveLength(2);
    expect(await store.get("unread")).toBeUndefined();

    // A TTL that is not a positive number keeps nothing.
    await store.put("zero", "x", 0);
    await store.put("nan", "x", Number.NaN);
    expect(await store.get("zero")).toBeUndefined();
    expect(await store.get("nan")).toBeUndefined();
  });

  it("should keep the directory within maxBytes by dropping the entry used least recently", async () => {
    const dir = tempDir();
    const value = (c: string) => c.repeat(1_000);
    await fileResultStore(dir).put("probe", value("p"), HOUR);
    const entryBytes = total(dir);
    const store = fileResultStore(dir, { maxBytes: entryBytes * 3 + 10 });
    await store.put("probe", value("p"), 1); // replaced, then expired: it holds no room
    await after(5);
    for (const c of ["a", "b", "c"]) {
      await store.put(c, value(c), HOUR);
      await after(2);
    }
    expect(await store.get("a")).toBe(value("a")); // a is now the most recently used
    await after(2);
    await store.put("d", value("d"), HOUR);
    expect(await store.get("b")).toBeUndefined();
    expect(await store.get("a")).toBe(value("a"));
    expect(await store.get("c")).toBe(value("c"));
    expect(await store.get("d")).toBe(value("d"));
    expect(total(dir)).toBeLessThanOrEqual(entryBytes * 3 + 10);

    // A value larger than the whole bound is not kept, and drops nothing; it replaces what its
    // handle held (a later get answers undefined), with a warning.
    const { warnings, onWarning } = collect();
    const bounded = fileResultStore(dir, { maxBytes: entryBytes * 3 + 10, onWarning });
    await bounded.put("a", "z".repeat(entryBytes * 4), HOUR);
    expect(await bounded.get("a")).toBeUndefined();
    expect(await bounded.get("c")).toBe(value("c"));
    expect(await bounded.get("d")).toBe(value("d"));
    expect(warnings.map((w) => w.code)).toEqual(["RESULT_STORE_REFUSED"]);
    expect(warnings[0]?.message).not.toContain("zzz");

    // maxEntryBytes bounds one entry below the whole.
    const small = fileResultStore(dir, { maxEntryBytes: 500 });
    await small.put("e", "e".repeat(600), HOUR);
    expect(await small.get("e")).toBeUndefined();
  });

  it("should never let a handle name a path outside its directory", async () => {
    const root = tempDir();
    const dir = join(root, "results");
    const store = fileResultStore(dir);
    const hostile = [
      "../escape",
      "../../etc/passwd",
      "/tmp/absolute",
      "a/b",
      "a\\b",
      "..",
      ".",
      "",
      "nul\0byte",
      "%2e%2e%2fescape",
      `..${"/..".repeat(50)}/x`,
    ];
    for (const [i, handle] of hostile.entries()) await store.put(handle, `value ${i}`, HOUR);
    expect(readdirSync(root)).toEqual(["results"]);
    expect(readdirSync(dir).every((name) => /^[0-9a-f]{64}\.[0-9a-z]+\.[0-9a-z]+\.result$/.test(name))).toBe(
      true,
    );
    for (const [i, handle] of hostile.entries()) expect(await store.get(handle)).toBe(`value ${i}`);

    // A file that a traversing handle would name, planted outside: never read.
    writeFileSync(join(root, "planted"), "planted", { mode: 0o600 });
    writeFileSync(join(root, "planted.result"), "planted", {
      mode: 0o600,
    });
    expect(await store.get("../planted")).toBeUndefined();
    expect(await store.get("../planted.result")).toBeUndefined();

    // A handle longer than the bound is neither kept nor read, and costs no hash of its length.
    const long = "h".repeat(10_000);
    await store.put(long, "long", HOUR);
    expect(await store.get(long)).toBeUndefined();
    expect(await store.get(42 as unknown as string)).toBeUndefined();
  });

  it.skipIf(process.platform === "win32")(
    "should refuse an entry or a directory others could have written, reporting it once",
    async () => {
      const root = tempDir();
      const dir = join(root, "results");
      const { warnings, onWarning } = collect();
      const store = fileResultStore(dir, { onWarning });
      await store.put("k", "secret result", HOUR);
      const [file] = entries(dir);
      const path = join(dir, file?.name ?? "");
      chmodSync(path, 0o666);
      expect(await store.get("k")).toBeUndefined();
      expect(await store.get("k")).toBeUndefined();
      chmodSync(path, 0o600);
      expect(await store.get("k")).toBe("secret result");
      chmodSync(dir, 0o777);
      expect(await store.get("k")).toBeUndefined();
      await store.put("k2", "not written", HOUR);
      chmodSync(dir, 0o700);
      expect(entries(dir)).toHaveLength(1);
      expect(warnings.every(isMcpCoreError)).toBe(true);
      expect(warnings.map((w) => w.code)).toEqual(["RESULT_STORE_REFUSED", "RESULT_STORE_REFUSED"]);
      expect(warnings.map((w) => w.message).join()).not.toContain("secret result");

      // A symbolic link in place of an entry is not followed.
      const outside = join(root, "outside");
      writeFileSync(outside, "from outside", { mode: 0o600 });
      await store.put("link", "x", HOUR);
      const linked = entries(dir).find((entry) => entry.name !== file?.name)?.name ?? "";
      const { symlinkSync, rmSync } = await import("node:fs");
      rmSync(join(dir, linked));
      symlinkSync(outside, join(dir, linked));
      expect(lstatSync(join(dir, linked)).isSymbolicLink()).toBe(true);
      expect(await store.get("link")).toBeUndefined();
    },
  );

  it("should resolve, not reject, when the directory cannot be made", async () => {
    const root = tempDir();
    const blocker = join(root, "file");
    writeFileSync(blocker, "");
    const { warnings, onWarning } = collect();
    const store = fileResultStore(join(blocker, "results"), { onWarning });
    await expect(store.put("k", "v", HOUR)).resolves.toBeUndefined();
    await expect(store.get("k")).resolves.toBeUndefined();
    expect(warnings.length).toBeGreaterThan(0);
  });

  it("should take its default directory beside the listing cache, or from TOOLNEXUS_MCP_RESULT_DIR", () => {
    expect(defaultResultDir({ TOOLNEXUS_MCP_RESULT_DIR: "/x/results" })).toBe("/x/results");
    if (process.platform === "linux") {
      expect(defaultResultDir({ XDG_CACHE_HOME: "/c" })).toBe(join("/c", "toolnexus-mcp", "results"));
    }
    expect(() => fileResultStore(tempDir(), { maxBytes: 0 })).toThrow(TypeError);
    expect(() => fileResultStore(tempDir(), { maxEntryBytes: 1.5 })).toThrow(TypeError);
  });
});

/**
 * Each child writes `puts` values of its own (every other one under a handle all children share),
 * reading each back at once: a value read is whole or undefined (dropped by another's write), never
 * a part; a wrong read exits 1.
 */
const CHILD = `
  const { fileResultStore } = await import(${JSON.stringify(STORE)});
  const { dir, id, puts, maxBytes } = JSON.parse(process.argv[1]);
  const store = fileResultStore(dir, { maxBytes, onWarning: (w) => { console.error(w.message); process.exit(2); } });
  for (let i = 0; i < puts; i++) {
    const handle = i % 2 === 0 ? "shared-" + (i % 6) : "own-" + id + "-" + i;
    const value = (id + ":" + i + ";").repeat(200 + ((id * 7 + i * 13) % 400));
    await store.put(handle, value, 3_600_000);
    const read = await store.get(handle);
    if (read !== undefined && !/^(\\d+:\\d+;)+$/.test(read)) process.exit(1);
    if (read !== undefined && !handle.startsWith("shared") && read !== value) process.exit(1);
  }
`;

describe("fileResultStore across processes", () => {
  it("should keep the bound and never hand out a part of a value while several processes write", async () => {
    const dir = join(tempDir(), "results");
    mkdirSync(dirname(dir), { recursive: true });
    const maxBytes = 40_000;
    const children = Array.from({ length: 4 }, (_, id) => {
      const child = spawn(
        process.execPath,
        ["--input-type=module", "-e", CHILD, JSON.stringify({ dir, id, puts: 30, maxBytes })],
        { stdio: ["ignore", "ignore", "pipe"] },
      );
      let stderr = "";
      child.stderr?.on("data", (chunk) => {
        stderr += chunk;
      });
      onTestFinished(() => {
        if (child.exitCode === null && child.signalCode === null) child.kill("SIGKILL");
      });
      return new Promise<string>((resolve) =>
        child.on("exit", (code) => resolve(`${code} ${stderr}`.trim())),
      );
    });
    let timer: NodeJS.Timeout | undefined;
    const codes = await Promise.race([
      Promise.all(children),
      new Promise<never>((_, reject) => {
        timer = setTimeout(() => reject(new Error("children still running after 60 s")), 60_000);
      }),
    ]).finally(() => clearTimeout(timer));
    expect(codes).toEqual(["0", "0", "0", "0"]);
    expect(total(dir)).toBeLessThanOrEqual(maxBytes);
    expect(entries(dir).length).toBeGreaterThan(0);
    // No temp file or lock left behind.
    expect(readdirSync(dir).filter((name) => !name.endsWith(".result"))).toEqual([]);
  }, 90_000);
});

describe("fileResultStore as two sources' resultStore", () => {
  const loader = sourceLoader(loadMcp as (config: object, options?: LoadMcpOptions) => Promise<McpSource>, {
    toolCache: null,
  });
  afterAll(() => loader.closeAll());

  it("should let one source read through mcp_read_result a result the other kept over its budget", async () => {
    const dir = join(tempDir(), "results");
    const { warnings, onWarning } = collect();
    const [a, b] = await Promise.all(
      [0, 1].map(() =>
        loader.loadServers(
          { big: stdioServer("basic", ["--big-results"]) },
          { resultStore: fileResultStore(dir, { onWarning }) },
        ),
      ),
    );
    const tool = a?.tools.find((t) => t.rawName === "big_text");
    const result = await tool?.execute({ chars: 120_000 });
    const handle = result?.preview?.handle ?? "";
    expect(handle).not.toBe("");
    const [readTool] = createResultTools(b as McpSource);
    const read = (offset: number) => readTool.execute({ handle, offset, length: 50_000 }).then((r) => r.text);
    expect(await readKeptResult(read)).toBe(result?.text);
    expect(entries(dir)).toHaveLength(1);
    expect(warnings).toEqual([]);
  }, 60_000);
});
