// `npm test`: check the layer map (ARCHITECTURE.md's tables, `scripts/layer-map.mjs`), build once,
// then every workspace's suite in two lanes that run side by side, each lane one workspace at a
// time. The suites mostly wait on the servers they spawn, so one lane leaves a core idle; two keep
// both busy without running so much at once that timing-bound tests starve.
// The lanes are balanced by measured wall time: the core's suite (the longest) in the first; the
// CLI's and the smaller packages' in the second, whose output is held and printed once both lanes
// end, so nothing interleaves; any suite failing fails the command. The soak and bench smoke runs
// (two minutes of calls under chaos; the peer benchmark's quick run) are CI steps of their own
// (`.ci/run`): with them the two lanes ran 10.5 minutes on two cores (the CPU busy 1.86 cores on
// average), past this command's ten-minute budget.
import { spawn } from "node:child_process";

const LANES = [
  { show: true, workspaces: ["@toolnexus/mcp-core"] },
  {
    show: false,
    workspaces: [
      "@toolnexus/cli",
      "@toolnexus/store-redis",
      "@toolnexus/adapter-ai-sdk",
      "@toolnexus/adapter-langchain",
      "@toolnexus/adapter-toolnexus",
    ],
  },
];

/** Runs `command` and resolves with its exit code; `capture` holds its output instead of showing it. */
function run(command, args, { capture = false } = {}) {
  return new Promise((resolve) => {
    const child = spawn(command, args, { stdio: capture ? ["ignore", "pipe", "pipe"] : "inherit" });
    let output = "";
    if (capture) {
      child.stdout.on("data", (chunk) => {
        output += chunk;
      });
      child.stderr.on("data", (chunk) => {
        output += chunk;
      });
    }
    child.once("error", (error) => resolve({ code: 1, output: `${output}${error.message}\n` }));
    child.once("close", (code, signal) => resolve({ code: code ?? (signal ? 1 : 0), output }));
  });
}

/** One lane's suites, one after the other: each result with its workspace and seconds taken. */
async function runLane({ show, workspaces }) {
  const results = [];
  for (const workspace of workspaces) {
    const startedAt = Date.now();
    const result = await run("npm", ["test", "-w", workspace], { capture: !show });
    results.push({ workspace, seconds: Math.round((Date.now() - startedAt) / 1000), ...result });
  }
  return results;
}

// The layer map first (a second): an import up a layer fails the command before the long suites.
const layers = await run("node", ["--test", "--test-reporter=dot", "scripts/layer-map.test.mjs"]);
if (layers.code !== 0) process.exit(layers.code);

const build = await run("npx", ["turbo", "run", "build", "--output-logs=errors-only"]);
if (build.code !== 0) process.exit(build.code);

const lanes = await Promise.all(LANES.map(runLane));
let failed = 0;
for (const [index, results] of lanes.entries()) {
  for (const { workspace, code, output } of results) {
    if (!LANES[index].show) {
      console.log(`\n${workspace}:`);
      process.stdout.write(output);
    }
    failed ||= code;
  }
}
console.log("\nsuites (seconds):");
for (const results of lanes)
  for (const { workspace, seconds, code } of results)
    console.log(`  ${workspace}: ${seconds} s${code === 0 ? "" : " FAILED"}`);
process.exit(failed);
