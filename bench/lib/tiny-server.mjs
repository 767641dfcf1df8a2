// The smallest stdio MCP server we could write (no SDK, so a spawn costs little more than Node's
// own start): one \`echo\` tool, 2025-era \`initialize\` (it answers the version it is asked for),
// \`-32601\` for anything else, exits when stdin ends. For the restart-cycle memory figure, where a
// thousand spawns of an SDK-built server would take minutes.
//
// With \`--catalog <set>\` it serves one \`fixtures/catalog\` set instead: the same \`initialize\`
// result and \`tools/list\` result (the set's JSON as is) as the catalog fixture sends, and a text
// per call; for the client-RSS figure, where only what the client receives counts.
import { createInterface } from "node:readline";
import { parseArgs } from "node:util";
import { catalogTools } from "@toolnexus/fixtures/catalog";

const ECHO = {
  name: "echo",
  description: "Echoes text",
  inputSchema: { type: "object", properties: { text: { type: "string" } }, required: ["text"] },
};

const { catalog } = parseArgs({ options: { catalog: { type: "string" } } }).values;
const tools = catalog ? catalogTools(catalog) : [ECHO];
const serverName = catalog ? `fixture-catalog-${catalog}` : "bench-tiny";

function callText(params) {
  if (!catalog) return String(params?.arguments?.text ?? "");
  return `${catalog}/${params?.name} called with ${JSON.stringify(params?.arguments ?? {})}`;
}

function answer(message) {
  const { id, method, params } = message;
  if (method === "initialize") {
    return {
      protocolVersion: params?.protocolVersion ?? "2025-11-25",
      capabilities: { tools: {} },
      serverInfo: { name: serverName, version: "1.0.0" },
    };
  }
  if (method === "ping") return {};
  if (method === "tools/list") return { tools };
  if (method === "tools/call") return { content: [{ type: "text", text: callText(params) }] };
  return id === undefined ? undefined : { error: { code: -32601, message: `Method not found: ${method}` } };
}

const lines = createInterface({ input: process.stdin });
lines.on("line", (line) => {
  let message;
  try {
    message = JSON.parse(line);
  } catch {
    return;
  }
  if (message.id === undefined) return; // a notification
  const result = answer(message);
  const reply = result?.error
    ? { jsonrpc: "2.0", id: message.id, error: result.error }
    : { jsonrpc: "2.0", id: message.id, result };
  process.stdout.write(`${JSON.stringify(reply)}\n`);
});
lines.on("close", () => process.exit(0));
