/**
 * Runs a small host script as its own `node` process, with `loadMcp` imported from the built package,
 * so a test sees how a real host process ends (exit code, signal) — not just how a promise settles.
 */
import { spawn } from "node:child_process";
import { fileURLToPath, pathToFileURL } from "node:url";

const DIST = pathToFileURL(fileURLToPath(new URL("../../dist/index.js", import.meta.url))).href;

export interface HostRun {
  code: number | null;
  signal: NodeJS.Signals | null;
  stdout: string;
  stderr: string;
}

/**
 * Runs `body` as an ES module with `loadMcp` imported from the built package. `onLine` sees each
 * stdout line as it comes (to signal the host mid-run). Bounded: killed after `killAfterMs` (keep it
 * below the test's own timeout).
 */
export function runHost(
  body: string,
  onLine?: (line: string, pid: number) => void,
  killAfterMs = 20_000,
): Promise<HostRun> {
  const script = `const { loadMcp } = await import(${JSON.stringify(DIST)});\n${body}`;
  return runNode(["--input-type=module", "-e", script], onLine, killAfterMs);
}

/** Runs a host script file (an example) with `args`, bounded like {@link runHost}. */
export function runHostFile(file: string, args: string[] = [], killAfterMs = 20_000): Promise<HostRun> {
  return runNode([file, ...args], undefined, killAfterMs);
}

function runNode(
  args: string[],
  onLine: ((line: string, pid: number) => void) | undefined,
  killAfterMs: number,
): Promise<HostRun> {
  const host = spawn(process.execPath, args, { stdio: "pipe" });
  let stdout = "";
  let stderr = "";
  host.stdout.setEncoding("utf8").on("data", (chunk: string) => {
    const lines = (stdout + chunk).split("\n").slice(stdout.split("\n").length - 1, -1);
    stdout += chunk;
    for (const line of lines) onLine?.(line, host.pid as number);
  });
  host.stderr.setEncoding("utf8").on("data", (chunk: string) => {
    stderr += chunk;
  });
  const killer = setTimeout(() => host.kill("SIGKILL"), killAfterMs);
  return new Promise((resolve) =>
    host.once("close", (code, signal) => {
      clearTimeout(killer);
      resolve({ code, signal, stdout: stdout.trim(), stderr });
    }),
  );
}
