/**
 * Runs a Node script to completion in its own process (its output goes to our stderr, as
 * progress), for the benches that stay separate scripts.
 * @module
 */
import { spawn } from "node:child_process";
import { fileURLToPath } from "node:url";

/**
 * @param {URL} script
 * @param {string[]} args
 * @param {{ timeoutMs?: number }} [options]  default 120 000
 * @returns {Promise<void>} rejects on a non-zero exit or a timeout
 */
export function runScript(script, args, { timeoutMs = 120_000 } = {}) {
  const path = fileURLToPath(script);
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [path, ...args], { stdio: ["ignore", "ignore", 2] });
    const timer = setTimeout(() => {
      child.kill("SIGKILL");
      reject(new Error(`${path} took over ${timeoutMs} ms`));
    }, timeoutMs);
    child.on("exit", (code, signal) => {
      clearTimeout(timer);
      if (code === 0) resolve();
      else reject(new Error(`${path} exited with ${code ?? signal}`));
    });
  });
}
