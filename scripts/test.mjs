// `npm test`: every workspace's suite through turbo, one package at a time, while the two smoke
// runs — the soak (two minutes of calls under chaos) and the peer benchmark's quick run, each mostly
// waiting on its servers and asserting no timings — go one after the other beside them. Run in line
// they would not fit the suite's ten-minute budget. Their output is held and printed once the
// package suites end, so nothing interleaves; any of them failing fails the command.
import { spawn } from "node:child_process";

const BESIDE = ["@toolnexus/soak", "@toolnexus/bench"];

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

/** The smoke runs, one after the other: each result with the workspace it belongs to. */
async function smokeRuns() {
  const results = [];
  for (const workspace of BESIDE)
    results.push({ workspace, ...(await run("npm", ["test", "-w", workspace], { capture: true })) });
  return results;
}

const build = await run("npx", ["turbo", "run", "build", "--output-logs=errors-only"]);
if (build.code !== 0) process.exit(build.code);

const beside = smokeRuns();
const filters = BESIDE.map((workspace) => `--filter=!${workspace}`);
const suites = await run("npx", ["turbo", "run", "test", "--concurrency=1", ...filters]);
console.log(`\nwaiting for the smoke runs beside the suites (${BESIDE.join(", ")})…`);
let failed = suites.code;
for (const { workspace, code, output } of await beside) {
  console.log(`\n${workspace} (${code === 0 ? "passed" : "FAILED"}):`);
  process.stdout.write(output);
  failed ||= code;
}
process.exit(failed);
