// Benchmark (not a test): the core's own share of one server's refresh, with no process and no
// network — `ToolRegistry.swap` of one server's listing (one tool added, then removed) in a source of
// 5 servers and of 50, `--tools` tools each, named by the default rule. Batches at 5 and at 50
// alternate in one process; the figure is this process's CPU per swap (`process.cpuUsage`).
//   node bench/registry-swap.mjs [--rounds 9] [--swaps 200] [--tools 100]      (after `npm run build`)
import { parseArgs } from "node:util";

const { values } = parseArgs({
  options: {
    rounds: { type: "string", default: "9" },
    swaps: { type: "string", default: "200" },
    tools: { type: "string", default: "100" },
  },
});
const [rounds, swaps, tools] = [values.rounds, values.swaps, values.tools].map(Number);
// The registry is internal: reached through the built package's own files.
const core = import.meta.resolve("@toolnexus/mcp-core");
const { ToolRegistry } = await import(new URL("./tools/tool-registry.js", core).href);
const { namespacedName } = await import(core);

const caller = { callTool: () => Promise.reject(new Error("not called")) };
const tool = (name) => ({ name, description: `${name} does one thing`, inputSchema: { type: "object" } });
const listing = Array.from({ length: tools }, (_, i) => tool(`tool_${i}`));

/** A registry holding `count` servers of `tools` tools each. */
function source(count) {
  const servers = Array.from({ length: count }, (_, i) => `server_${i}`);
  const registry = new ToolRegistry(servers, namespacedName, () => {});
  for (const server of servers) registry.swap(server, listing, caller);
  return registry;
}

/** CPU µs per swap over `swaps` swaps of one server (one tool in, one tool out). */
function batch(registry) {
  const grown = [...listing, tool("added")];
  const start = process.cpuUsage();
  for (let i = 0; i < swaps; i++) registry.swap("server_1", i % 2 === 0 ? grown : listing, caller);
  const { user, system } = process.cpuUsage(start);
  return (user + system) / swaps;
}

const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const registries = { 5: source(5), 50: source(50) };
const samples = { 5: [], 50: [] };
for (let round = -1; round < rounds; round++) {
  for (const count of round % 2 === 0 ? [5, 50] : [50, 5]) {
    const us = batch(registries[count]);
    if (round >= 0) samples[count].push(us);
  }
}
const row = (xs) => `${median(xs).toFixed(1)} (${Math.min(...xs).toFixed(1)}–${Math.max(...xs).toFixed(1)})`;
console.log(`ToolRegistry.swap of one server, ${tools} tools per server: CPU µs per swap, median (min–max)`);
console.log(
  `5 servers: ${row(samples[5])}   50 servers: ${row(samples[50])}   50/5: ${(median(samples[50]) / median(samples[5])).toFixed(2)}`,
);
