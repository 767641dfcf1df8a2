// `npm test`: every workspace's suite through turbo, one package at a time, while the soak's smoke
// run (two minutes of calls under chaos, mostly waiting on its servers) goes on beside them. Run
// one after the other they would not fit the suite's ten-minute budget. The soak's output is held
// and printed once it ends, so the two never interleave; either failing fails the command.
import { spawn } from "node:child_process";

const SOAK = "@toolnexus/soak";

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

const build = await run("npx", ["turbo", "run", "build", "--output-logs=errors-only"]);
if (build.code !== 0) process.exit(build.code);

const soak = run("npm", ["test", "-w", SOAK], { capture: true });
const suites = await run("npx", ["turbo", "run", "test", "--concurrency=1", `--filter=!${SOAK}`]);
console.log(`\n${SOAK}: waiting for the soak smoke run to end…`);
const soaked = await soak;
process.stdout.write(soaked.output);
process.exit(suites.code || soaked.code);
