// `npm test`: check the layer map (ARCHITECTURE.md's tables, `scripts/layer-map.mjs`) and lint,
// build once, then every workspace's suite in two lanes that run side by side, each lane one step
// at a time. The suites mostly wait on the servers they spawn, so one lane leaves a core idle; two
// keep both busy without running so much at once that timing-bound tests starve. The lanes are
// balanced by measured seconds (the machine's two cores are the limit, not the waits): the core's
// suite (about 230 CPU-s, three files at a time) in the first; the CLI's (about 115 CPU-s, mostly
// the CLI processes it starts), store-redis', the AI SDK adapter's and the other two adapters'
// suites in the second (the AI SDK adapter's moved there once the CLI's suite started a bundle and
// store-redis' 3-failover run left for the soak). The second lane's output is
// held and printed once both lanes end, so nothing interleaves; any step failing fails the command.
// Each suite runs its files in worker processes that keep their module graph from file to file
// (`isolate: false` in the packages' vitest configs, guarded by scripts/lib/shared-worker-guard.ts):
// a fresh graph per file cost the core's suite a third of its CPU. The soak and bench smoke runs
// (two minutes of calls under chaos; the peer benchmark's quick run) and `check:packages` (what each
// package would publish: publint, attw, the tarball) are CI steps of their own (`.ci/run`).
// CONTRIBUTING.md ("Tests and how long they take") has the figures.
import { spawn } from "node:child_process";

const startedAt = Date.now();

/** A workspace's suite (`npm test -w <workspace>`) as one step of a lane. */
const suite = (workspace) => ({ name: workspace, command: "npm", args: ["test", "-w", workspace] });

const LANES = [
  { show: true, steps: [suite("@toolnexus/mcp-core")] },
  {
    show: false,
    steps: [
      suite("@toolnexus/cli"),
      suite("@toolnexus/store-redis"),
      suite("@toolnexus/adapter-ai-sdk"),
      suite("@toolnexus/adapter-langchain"),
      suite("@toolnexus/adapter-toolnexus"),
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

/** One lane's steps, one after the other: each result with its name and seconds taken. */
async function runLane({ show, steps }) {
  const results = [];
  for (const { name, command, args } of steps) {
    const startedAt = Date.now();
    const result = await run(command, args, { capture: !show });
    results.push({ name, seconds: Math.round((Date.now() - startedAt) / 1000), ...result });
  }
  return results;
}

// The layer map first (a second): an import up a layer fails the command before the long suites.
const layers = await run("node", ["--test", "--test-reporter=dot", "scripts/layer-map.test.mjs"]);
if (layers.code !== 0) process.exit(layers.code);

// Lint and format (biome, two seconds): a finding fails the command before the long suites too.
const lint = await run("npx", ["biome", "check", "."]);
if (lint.code !== 0) process.exit(lint.code);

const build = await run("npx", ["turbo", "run", "build", "--output-logs=errors-only"]);
if (build.code !== 0) process.exit(build.code);

const lanes = await Promise.all(LANES.map(runLane));
let failed = 0;
for (const [index, results] of lanes.entries()) {
  for (const { name, code, output } of results) {
    if (!LANES[index].show) {
      console.log(`\n${name}:`);
      process.stdout.write(output);
    }
    failed ||= code;
  }
}
console.log("\nsteps (seconds):");
for (const [index, results] of lanes.entries())
  for (const { name, seconds, code } of results)
    console.log(`  lane ${index + 1}, ${name}: ${seconds} s${code === 0 ? "" : " FAILED"}`);
console.log(`  in all (layer map, build, lanes): ${Math.round((Date.now() - startedAt) / 1000)} s`);
process.exit(failed);
