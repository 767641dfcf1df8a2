/**
 * Runs one measurement in a fresh Node process (start-up and memory figures must not share a
 * warmed-up process): `node <script> <json payload>`; the script prints its result as the last
 * stdout line (JSON). See `child-main.mjs` for the script side.
 * @module
 */
import { spawn } from "node:child_process";
import { killAll } from "./processes.mjs";

/**
 * @param {string | URL} script  the child script (uses `childMain`)
 * @param {unknown} payload  passed as JSON in argv
 * @param {{ timeoutMs?: number, nodeArgs?: string[] }} [options]  timeoutMs default 60 000
 * @returns {Promise<any>} the parsed last stdout line; rejects on a non-zero exit or a timeout
 */
export function runChild(script, payload, { timeoutMs = 60_000, nodeArgs = [] } = {}) {
  const path = script instanceof URL ? script.pathname : script;
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [...nodeArgs, path, JSON.stringify(payload)], {
      stdio: ["ignore", "pipe", "pipe"],
    });
    let stdout = "";
    let stderr = "";
    child.stdout.on("data", (d) => {
      stdout += d;
    });
    child.stderr.on("data", (d) => {
      stderr = (stderr + d).slice(-4000);
    });
    const timer = setTimeout(() => {
      child.kill("SIGKILL");
      reject(new Error(`${path} took over ${timeoutMs} ms; stderr: ${stderr}`));
    }, timeoutMs);
    child.on("exit", (code) => {
      clearTimeout(timer);
      const last = stdout.trim().split("\n").at(-1);
      let result;
      try {
        result = JSON.parse(last);
      } catch {
        reject(new Error(`${path} exited ${code} without a result; stderr: ${stderr}`));
        return;
      }
      // What the child reported as left behind is orphaned now: end it (these are our processes).
      if (Array.isArray(result?.leftPids)) killAll(result.leftPids);
      if (code !== 0 || result?.error) reject(new Error(`${path}: ${result?.error ?? `exit ${code}`}`));
      else resolve(result);
    });
  });
}
