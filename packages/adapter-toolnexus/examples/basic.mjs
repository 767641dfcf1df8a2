// toolnexus's loadMcp on the repository's fixture servers, with the ADR's additions switched on.
// Run from packages/adapter-toolnexus:  npm run build && node examples/basic.mjs
import { loadMcp } from "@toolnexus/adapter-toolnexus";
import { fixturePath, waitFor } from "@toolnexus/fixtures";

const config = {
  mcp: {
    demo: {
      type: "local",
      command: [process.execPath, fixturePath("basic")],
      tools: { pid: true, add: true, ask: true },
    },
    off: { type: "local", command: ["does-not-matter"], enabled: false },
  },
};

const source = await loadMcp(config, {
  autoRestart: { maxRetries: 5, backoffMs: 100 },
  toolCache: false,
  // Server elicitation arrives here as a toolnexus Request; the Answer goes back to the server.
  waitFor: async (request) => {
    console.log(`waitFor: ${request.kind} from ${request.server}: ${request.prompt}`);
    return { id: request.id, ok: true, data: { answer: "blue" } };
  },
});
const tool = (name) => source.tools.find((t) => t.name === name);

console.log("status:", JSON.stringify(source.status));
console.log("tools:", source.tools.map((t) => t.name).join(", "));
console.log("demo_add:", JSON.stringify(await tool("demo_add").execute({ a: 2, b: 3 })));
console.log("demo_ask:", (await tool("demo_ask").execute({ message: "Favourite colour?" })).output);

// M1: kill the server; autoRestart brings it back and the same Tool keeps working.
source.onStateChange((server, state) => console.log(`state: ${server} -> ${state}`));
const before = (await tool("demo_pid").execute({})).output;
process.kill(Number(before), "SIGKILL");
await waitFor(() => source.state("demo") === "error");
await waitFor(() => source.state("demo") === "running");
const after = (await tool("demo_pid").execute({})).output;
console.log(`restarted: ${before !== after}`);

await source.close();
