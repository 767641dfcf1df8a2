// Loads the bundled fixture servers (one stdio, one Streamable HTTP), prints the tools it found,
// calls one, survives a crash, and closes. Run with `npm run example` after `npm ci`.
import { fixturePath, startHttpFixture } from "@toolnexus/fixtures";
import { loadMcp } from "@toolnexus/mcp-core";

const web = await startHttpFixture("basic");
const source = await loadMcp(
  {
    mcpServers: {
      local: { command: process.execPath, args: [fixturePath("basic")] },
      web: { url: web.url },
    },
  },
  { toolCache: null, autoRestart: { initialDelayMs: 100 } },
);

try {
  console.log("servers:", source.status);
  console.log("tools:");
  for (const tool of source.tools) console.log(`  ${tool.name.padEnd(24)} ${tool.description}`);

  const add = source.tools.find((t) => t.name === "mcp__local__add");
  const result = await add.execute({ a: 2, b: 3 });
  console.log("mcp__local__add {a: 2, b: 3} →", result.text, JSON.stringify(result.structuredContent));

  const restarted = new Promise((resolve) =>
    source.onStateChange((server, state) => {
      console.log(`state: ${server} → ${state}`);
      if (server === "local" && state === "running") resolve();
    }),
  );
  const pid = source.servers().find((s) => s.name === "local").pid;
  console.log(`killing the local server (pid ${pid}) …`);
  process.kill(pid, "SIGKILL");
  await restarted;
  const echo = source.tools.find((t) => t.name === "mcp__local__echo");
  const again = await echo.execute({ text: "still here" }, { timeoutMs: 10_000 });
  console.log("mcp__local__echo after the crash →", again.text);
} finally {
  await source.close();
  await web.stop();
}
