// Client RSS holding 12 stdio catalog servers × 50 tools, each contender in a fresh process
// (contenders alternate, `--runs` times each): raw SDK 1.x Clients, raw v2 Clients, the core, and
// the core with each adapter's converted tool set held. Prints median MiB and the ratio to raw v1.
//   node bench/profile/rss.mjs [--runs 3]
import { execFileSync } from "node:child_process";
import { fileURLToPath } from "node:url";
import { parseArgs } from "node:util";

const CONTENDERS = ["rawV1", "rawV2", "core", "aiSdk", "langchain"];
const SERVERS = 12;

async function measure(name) {
  const { CATALOG_SETS } = await import("../../fixtures/catalog/sets.mjs");
  const catalog = fileURLToPath(new URL("../../fixtures/catalog/server.mjs", import.meta.url));
  const servers = Array.from({ length: SERVERS }, (_, i) => ({
    command: process.execPath,
    args: [catalog, "--set", CATALOG_SETS[i % CATALOG_SETS.length]],
  }));
  const held = [];
  let close;
  if (name === "rawV1" || name === "rawV2") {
    const { Client } = await import(
      name === "rawV1" ? "@modelcontextprotocol/sdk/client/index.js" : "@modelcontextprotocol/client"
    );
    const { StdioClientTransport } = await import(
      name === "rawV1" ? "@modelcontextprotocol/sdk/client/stdio.js" : "@modelcontextprotocol/client/stdio"
    );
    const clients = await Promise.all(
      servers.map(async (s) => {
        const client = new Client({ name: "rss", version: "1" });
        await client.connect(new StdioClientTransport({ ...s, stderr: "ignore" }));
        held.push((await client.listTools()).tools);
        return client;
      }),
    );
    close = () => Promise.all(clients.map((c) => c.close()));
  } else {
    const { loadMcp } = await import("@toolnexus/mcp-core");
    const source = await loadMcp({ mcpServers: Object.fromEntries(servers.map((s, i) => [`s${i}`, s])) });
    if (name === "aiSdk") held.push((await import("@toolnexus/adapter-ai-sdk")).toAiSdkTools(source));
    if (name === "langchain")
      held.push((await import("@toolnexus/adapter-langchain")).toLangChainTools(source));
    close = () => source.close();
  }
  globalThis.gc?.();
  await new Promise((r) => setTimeout(r, 200));
  globalThis.gc?.();
  const rss = process.memoryUsage().rss;
  await close();
  return { rss, tools: held.length };
}

const { values } = parseArgs({
  options: { runs: { type: "string", default: "3" }, child: { type: "string" } },
});
if (values.child) {
  console.log(JSON.stringify(await measure(values.child)));
} else {
  const rss = Object.fromEntries(CONTENDERS.map((c) => [c, []]));
  for (let run = 0; run < Number(values.runs); run++) {
    for (const c of CONTENDERS) {
      const out = execFileSync(process.execPath, [
        "--expose-gc",
        fileURLToPath(import.meta.url),
        "--child",
        c,
      ]);
      rss[c].push(JSON.parse(out.toString().trim().split("\n").pop()).rss / 2 ** 20);
    }
  }
  const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
  console.table(
    CONTENDERS.map((c) => ({
      contender: c,
      rssMiB: +median(rss[c]).toFixed(1),
      ratio: +(median(rss[c]) / median(rss.rawV1)).toFixed(3),
    })),
  );
}
