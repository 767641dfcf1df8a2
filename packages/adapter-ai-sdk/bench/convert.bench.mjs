// What the live ToolSet costs per step: the AI SDK reads `Object.entries(tools)` on every step.
// Compares a cold read (every tool converted), a warm read (WeakMap hits) and a plain object.
// Run: npm run bench -w @toolnexus/adapter-ai-sdk   (prints numbers; nothing is asserted)
import { toAiSdkTools } from "@toolnexus/adapter-ai-sdk";

const schema = { type: "object", properties: { text: { type: "string" } }, required: ["text"] };

/** A structural stand-in for McpSource: only `tools` is read by the ToolSet. */
function fakeSource(count) {
  const tools = Object.freeze(
    Array.from({ length: count }, (_, i) => ({
      name: `mcp__bench__tool_${i}`,
      server: "bench",
      rawName: `tool_${i}`,
      description: `Tool number ${i}`,
      inputSchema: schema,
      execute: async () => ({ content: [], isError: false, text: "" }),
    })),
  );
  return { tools };
}

function timeIt(label, rounds, fn) {
  fn(); // warm-up
  const start = performance.now();
  for (let i = 0; i < rounds; i++) fn();
  const perRound = (performance.now() - start) / rounds;
  return { label, "µs per step": Math.round(perRound * 1000 * 10) / 10 };
}

const rows = [];
for (const count of [10, 100, 1000]) {
  const source = fakeSource(count);
  const rounds = Math.max(20, Math.floor(20_000 / count));
  rows.push(
    timeIt(`${count} tools, cold (new ToolSet each step)`, rounds, () =>
      Object.entries(toAiSdkTools(source)),
    ),
  );
  const live = toAiSdkTools(source);
  rows.push(timeIt(`${count} tools, warm live ToolSet`, rounds, () => Object.entries(live)));
  const plain = { ...live };
  rows.push(timeIt(`${count} tools, plain object snapshot`, rounds, () => Object.entries(plain)));
}
console.table(rows);
