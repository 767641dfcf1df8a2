// A minimal use of @toolnexus/mcp-core against the bundled fixture server.
// Run from the repo root after `npm ci && npm run build`: node packages/mcp-core/examples/basic.mjs
import { fixturePath } from "@toolnexus/fixtures";
import { loadMcp } from "@toolnexus/mcp-core";

const source = await loadMcp(
  { mcpServers: { demo: { command: process.execPath, args: [fixturePath("basic")] } } },
  { toolCache: null },
);
source.onToolsChange((server, change) => console.log("tools changed:", server, change));
console.log(source.tools.map((t) => t.name));
const echo = source.tools.find((t) => t.name === "mcp__demo__echo");
console.log(await echo.execute({ text: "hello" }));
await source.close();
