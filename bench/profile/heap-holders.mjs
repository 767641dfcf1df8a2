// What a client holds in its heap with 12 stdio catalog servers × 50 tools (as `rss.mjs`), from a
// heap snapshot after a full GC, summed by constructor (V8's node type and name: self sizes, not
// retained ones). Each contender runs in a fresh process; the table lists the constructors whose
// bytes differ most between the contenders, and bytes per tool (600 tools) of each.
//   node bench/profile/heap-holders.mjs [--contenders rawV1,core] [--core /other/checkout/packages/mcp-core/dist/index.js]
//     [--top 25] [--keep /tmp/dir]   (`coreBase` = the core at --core, for before/after in one run;
//     `coreNoCache` = the core with `toolCache: null`; `coreSearched` = the core after one search)
import { execFileSync } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { parseArgs } from "node:util";
import { writeHeapSnapshot } from "node:v8";
import { byConstructor } from "./heap-summary.mjs";

const SERVERS = 12;
const TOOLS = SERVERS * 50;
const KiB = 1024;

/** Loads the contender's 12 servers and returns what closes them. */
async function hold(name, corePath) {
  const { CATALOG_SETS } = await import("../../fixtures/catalog/sets.mjs");
  const catalog = fileURLToPath(new URL("../../fixtures/catalog/server.mjs", import.meta.url));
  const servers = Array.from({ length: SERVERS }, (_, i) => ({
    command: process.execPath,
    args: [catalog, "--set", CATALOG_SETS[i % CATALOG_SETS.length]],
  }));
  const held = [];
  if (name === "rawV1") {
    const { Client } = await import("@modelcontextprotocol/sdk/client/index.js");
    const { StdioClientTransport } = await import("@modelcontextprotocol/sdk/client/stdio.js");
    const clients = await Promise.all(
      servers.map(async (s) => {
        const client = new Client({ name: "heap", version: "1" });
        await client.connect(new StdioClientTransport({ ...s, stderr: "ignore" }));
        held.push((await client.listTools()).tools);
        return client;
      }),
    );
    return { held, close: () => Promise.all(clients.map((c) => c.close())) };
  }
  const entry = name === "coreBase" ? pathToFileURL(corePath).href : "@toolnexus/mcp-core";
  const { loadMcp } = await import(entry);
  const options = name === "coreNoCache" ? { toolCache: null } : {};
  const source = await loadMcp(
    { mcpServers: Object.fromEntries(servers.map((s, i) => [`s${i}`, s])) },
    options,
  );
  if (name === "coreSearched") source.searchTools("list files");
  return { held, close: () => source.close() };
}

async function child(name, corePath, dir) {
  const { close } = await hold(name, corePath);
  globalThis.gc?.();
  await new Promise((r) => setTimeout(r, 200));
  globalThis.gc?.();
  const file = writeHeapSnapshot(join(dir, `${name}.heapsnapshot`));
  const heapUsed = process.memoryUsage().heapUsed;
  const rss = process.memoryUsage().rss;
  await close();
  return { heapUsed, rss, sums: byConstructor(file) };
}

const { values } = parseArgs({
  options: {
    contenders: { type: "string", default: "rawV1,core" },
    core: { type: "string" },
    top: { type: "string", default: "25" },
    keep: { type: "string" },
    child: { type: "string" },
    dir: { type: "string" },
  },
});
if (values.child) {
  console.log(JSON.stringify(await child(values.child, values.core, values.dir)));
} else {
  const names = values.contenders.split(",");
  const dir = values.keep ?? mkdtempSync(join(tmpdir(), "heap-holders-"));
  const results = {};
  for (const name of names) {
    const args = ["--expose-gc", fileURLToPath(import.meta.url), "--child", name, "--dir", dir];
    if (values.core) args.push("--core", values.core);
    const out = execFileSync(process.execPath, args, { maxBuffer: 256 * 1024 * 1024 });
    results[name] = JSON.parse(out.toString().trim().split("\n").pop());
  }
  if (!values.keep) rmSync(dir, { recursive: true, force: true });
  const mib = (b) => (b / KiB / KiB).toFixed(1);
  for (const name of names) {
    const { heapUsed, rss } = results[name];
    console.log(`${name}: heap used ${mib(heapUsed)} MiB, RSS ${mib(rss)} MiB`);
  }
  const keys = new Set(names.flatMap((n) => Object.keys(results[n].sums)));
  const bytes = (n, k) => results[n].sums[k]?.bytes ?? 0;
  const spread = (k) =>
    Math.max(...names.map((n) => bytes(n, k))) - Math.min(...names.map((n) => bytes(n, k)));
  const rows = [...keys].sort((a, b) => spread(b) - spread(a)).slice(0, Number(values.top));
  console.log(`| constructor | ${names.map((n) => `${n} KiB | ${n} B/tool`).join(" | ")} |`);
  console.log(`| --- | ${names.map(() => "--- | ---").join(" | ")} |`);
  for (const k of rows) {
    const cells = names.map((n) => `${(bytes(n, k) / KiB).toFixed(0)} | ${(bytes(n, k) / TOOLS).toFixed(0)}`);
    console.log(`| ${k.replaceAll("|", "\\|")} | ${cells.join(" | ")} |`);
  }
  const total = (n) => Object.values(results[n].sums).reduce((s, e) => s + e.bytes, 0);
  console.log(
    `| total (snapshot) | ${names.map((n) => `${(total(n) / KiB).toFixed(0)} | ${(total(n) / TOOLS).toFixed(0)}`).join(" | ")} |`,
  );
}
