#!/usr/bin/env node
// Writes fixtures/schema-corpus.json: the input schema of every tool the project's test servers list, as the
// core hands them to an adapter — the fixtures (basic, modern, tasks, the ten catalog sets, the
// hostile modes with odd schemas) and the third-party servers the tests run
// (@modelcontextprotocol/server-everything, @modelcontextprotocol/server-filesystem). Run it again
// when a server changes: `node scripts/capture-schema-corpus.mjs` (after `npm run build`).
import { writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import { hostileServer, stdioServer } from "@toolnexus/fixtures";
import { CATALOG_SETS, catalogServer } from "@toolnexus/fixtures/catalog";
import { loadMcp } from "@toolnexus/mcp-core";

const require = createRequire(import.meta.url);
const node = process.execPath;
const servers = {
  basic: stdioServer("basic"),
  modern: stdioServer("modern"),
  tasks: stdioServer("tasks"),
  "bad-schemas": hostileServer("bad-schemas"),
  annotated: hostileServer("annotated"),
  "odd-names": hostileServer("odd-names"),
  everything: {
    command: node,
    args: [require.resolve("@modelcontextprotocol/server-everything/dist/index.js"), "stdio"],
  },
  filesystem: {
    command: node,
    args: [require.resolve("@modelcontextprotocol/server-filesystem/dist/index.js"), tmpdir()],
  },
};
for (const set of CATALOG_SETS) servers[`catalog-${set}`] = catalogServer(set);

const source = await loadMcp({ mcpServers: servers }, { toolCache: null });
try {
  const tools = source.tools
    .map((tool) => ({ server: tool.server, tool: tool.rawName, inputSchema: tool.inputSchema }))
    .sort((a, b) => `${a.server}/${a.tool}`.localeCompare(`${b.server}/${b.tool}`));
  const failed = source
    .servers()
    .filter((server) => server.state !== "running")
    .map((s) => `${s.name}: ${s.state}`);
  if (failed.length > 0) throw new Error(`servers not running: ${failed.join(", ")}`);
  writeFileSync(
    new URL("../fixtures/schema-corpus.json", import.meta.url),
    `${JSON.stringify(tools, null, 1)}\n`,
  );
  console.log(`${tools.length} schemas from ${Object.keys(servers).length} servers`);
} finally {
  await source.close();
}
