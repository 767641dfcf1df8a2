// Two workers of a fleet (`worker.mjs`, two processes) on one Redis: the first discovers the lazy
// server, the second lists its tools at load without starting it, and a tool the server adds while
// the first uses it reaches the second — which still has not started anything.
//   redis-server --port 6379 --save "" &
//   REDIS_URL=redis://127.0.0.1:6379 node examples/fleet/two-workers.mjs
import { spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import { createInterface } from "node:readline";
import { fileURLToPath } from "node:url";

const worker = fileURLToPath(new URL("./worker.mjs", import.meta.url));
// The fleet's store secret: yours if set, else one made up for this run (both workers share it).
const { TOOLNEXUS_STORE_SECRET } = process.env;
const secret = TOOLNEXUS_STORE_SECRET ?? randomBytes(32).toString("base64");

/** Starts a worker; `next(pattern)` resolves with its first later output line matching `pattern`. */
function start(name) {
  const child = spawn(process.execPath, [worker, name], {
    stdio: ["pipe", "pipe", "inherit"],
    env: { ...process.env, TOOLNEXUS_STORE_SECRET: secret },
  });
  const waiting = [];
  createInterface({ input: child.stdout }).on("line", (line) => {
    console.log(line);
    const index = waiting.findIndex(({ pattern }) => pattern.test(line));
    if (index >= 0) waiting.splice(index, 1)[0].resolve(line);
  });
  const next = (pattern) =>
    new Promise((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`${name}: no line ${pattern} within 20 s`)), 20_000);
      waiting.push({
        pattern,
        resolve: (line) => {
          clearTimeout(timer);
          resolve(line);
        },
      });
    });
  const exited = new Promise((resolve) => child.once("exit", resolve));
  const stop = () => {
    child.stdin.end(); // the worker closes its source and stores on EOF
    return exited;
  };
  return { child, next, stop };
}

const first = start("first");
await first.next(/ready/);
const second = start("second");
await second.next(/ready/); // its tools came from Redis: the server was not started for it
const gained = second.next(/gained mcp__catalog__late_tool/);
first.child.stdin.write("add late_tool\n");
await gained;
await Promise.all([first.stop(), second.stop()]);
