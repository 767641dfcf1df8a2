// Scenario 0: import. What a host pays to import each library before it calls anything.
import { runChild } from "../lib/child.mjs";

const CHILD = new URL("../lib/child-import.mjs", import.meta.url);

/** Each contender's entry as a host imports it; the raw SDK Client's is the one its own docs name. */
const ENTRIES = [
  { contender: "toolnexus core", specifier: "@toolnexus/mcp-core" },
  { contender: "toolnexus AI SDK adapter", specifier: "@toolnexus/adapter-ai-sdk" },
  { contender: "toolnexus LangChain adapter", specifier: "@toolnexus/adapter-langchain" },
  { contender: "raw SDK Client", specifier: "@modelcontextprotocol/sdk/client/index.js" },
  { contender: "raw SDK v2 Client", specifier: "@modelcontextprotocol/client" },
  { contender: "@ai-sdk/mcp", specifier: "@ai-sdk/mcp" },
  { contender: "@langchain/mcp-adapters", specifier: "@langchain/mcp-adapters" },
];

export default {
  id: "import",
  title: "0. Import",
  description: `Each sample is a fresh Node process (\`lib/child-import.mjs\`) that imports one
library's entry (ours: the root of \`@toolnexus/mcp-core\` and each adapter; the raw SDK Client:
\`@modelcontextprotocol/sdk/client/index.js\`) and reports the time the \`import()\` took — module
loading and evaluation, Node's own start-up excluded — and the RSS after it. The core loads its
engine (connections, transports, the MCP client), OAuth and tool search on first use, so its import
is the config parser, the errors and the store names. 7 iterations, interleaved (\`--quick\`: 3).`,
  async run({ iterations, log }) {
    const time = ENTRIES.map(({ contender }) => ({ contender, metric: "import", unit: "ms", samples: [] }));
    const rss = ENTRIES.map(({ contender }) => ({
      contender,
      metric: "RSS after import",
      unit: "MiB",
      samples: [],
    }));
    for (let it = 0; it < iterations; it++) {
      for (const [i, { specifier }] of ENTRIES.entries()) {
        const r = await runChild(CHILD, { specifier });
        time[i]?.samples.push(r.importMs);
        rss[i]?.samples.push(r.rssMiB);
      }
      log(`import iteration ${it + 1}/${iterations}`);
    }
    return [...time, ...rss];
  },
  targets(summary) {
    const core = summary.rows.find((r) => r.contender === "toolnexus core" && r.metric === "import");
    return [
      {
        text: "import of the core ≤ 1.0 × raw",
        met: core?.ratio <= 1,
        detail: core?.ratio === undefined ? "no figure" : `${core.ratio.toFixed(2)} × raw`,
      },
    ];
  },
};
