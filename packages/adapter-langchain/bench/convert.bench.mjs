// Benchmark (not a test): converting a 50-tool MCP server to LangChain tools, and what a model call
// costs once the generation is converted. Run after a build:
//   npm run build && node bench/convert.bench.mjs
import { convertToOpenAITool } from "@langchain/core/utils/function_calling";
import { createLangChainToolkit, toLangChainTools } from "@toolnexus/adapter-langchain";
import { stdioServer } from "@toolnexus/fixtures";
import { loadMcp } from "@toolnexus/mcp-core";

const TOOLS = 50;
const ROUNDS = 200;
const line = (label, value, unit) => console.log(`${label.padEnd(52)} ${value.padStart(9)} ${unit}`);

const source = await loadMcp(
  { mcpServers: { pages: stdioServer("paginated", ["--tools", String(TOOLS)]) } },
  { toolCache: null },
);
try {
  if (source.tools.length !== TOOLS) throw new Error(`expected ${TOOLS} tools, got ${source.tools.length}`);

  // Cold: every round is a new toolkit with an empty cache, so all 50 tools are converted.
  const convertAll = () => {
    const fresh = createLangChainToolkit(source);
    const { tools } = fresh;
    fresh.dispose();
    return tools;
  };
  const first = performance.now();
  convertAll();
  line(
    `first conversion of ${TOOLS} tools (incl. warm-up)`,
    ((performance.now() - first) / TOOLS).toFixed(3),
    "ms/tool",
  );
  let started = performance.now();
  for (let i = 0; i < ROUNDS; i++) convertAll();
  const coldMs = performance.now() - started;
  line(
    `conversion, ${ROUNDS} fresh toolkits x ${TOOLS} tools`,
    (coldMs / (ROUNDS * TOOLS)).toFixed(4),
    "ms/tool",
  );

  // Warm: the same generation read again (what every model call does) — cached, no conversion.
  const toolkit = createLangChainToolkit(source);
  const tools = toolkit.tools;
  started = performance.now();
  for (let i = 0; i < ROUNDS * 100; i++)
    if (toolkit.tools !== tools) throw new Error("generation not cached");
  line(
    "toolkit.tools read, same generation",
    (((performance.now() - started) / (ROUNDS * 100)) * 1000).toFixed(3),
    "µs/read",
  );
  toLangChainTools(source);
  started = performance.now();
  for (let i = 0; i < ROUNDS; i++) toLangChainTools(source);
  line(
    `toLangChainTools(source), cached (${TOOLS} tools)`,
    ((performance.now() - started) / ROUNDS).toFixed(4),
    "ms/call",
  );

  // What a provider's bindTools does with them on each model call (JSON Schema passes through).
  started = performance.now();
  for (let i = 0; i < ROUNDS; i++) tools.map((tool) => convertToOpenAITool(tool));
  line(
    `convertToOpenAITool x ${TOOLS} (per model call)`,
    ((performance.now() - started) / ROUNDS).toFixed(4),
    "ms/call",
  );

  const heap = process.memoryUsage().heapUsed / 2 ** 20;
  line("heap used", heap.toFixed(1), "MiB");
} finally {
  await source.close();
}
