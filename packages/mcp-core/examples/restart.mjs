// A host whose only work is to wait for its server to come back after a crash.
// Run from the repo root after `npm ci && npm run build`: node packages/mcp-core/examples/restart.mjs
//
// With `keepAlive: true` the running child holds the process open, so the crash is seen, the
// restart runs and the awaited promise settles. `--no-keep-alive` shows the default: children are
// unref'd (a host whose servers merely run can exit), nothing else is pending, and Node ends the
// process with exit code 13 ("unsettled top-level await") before it ever sees the crash.
import { fixturePath } from "@toolnexus/fixtures";
import { loadMcp } from "@toolnexus/mcp-core";

const keepAlive = !process.argv.includes("--no-keep-alive");
const source = await loadMcp(
  { mcpServers: { demo: { command: process.execPath, args: [fixturePath("basic")] } } },
  { toolCache: null, keepAlive, autoRestart: { initialDelayMs: 200 } },
);
source.onStateChange((server, state, info) => console.log(`${server}: ${state} (${info.reason})`));
const restarted = new Promise((resolve) =>
  source.onStateChange((_server, state) => {
    if (state === "running") resolve();
  }),
);

const [before] = source.servers();
console.log(`keepAlive: ${keepAlive}; killing pid ${before.pid}`);
process.kill(before.pid, "SIGKILL");
await restarted;

const [after] = source.servers();
console.log(`running again as pid ${after.pid} (restarts: ${after.restarts})`);
await source.close();
