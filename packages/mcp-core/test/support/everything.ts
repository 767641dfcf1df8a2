/**
 * `@modelcontextprotocol/server-everything`, the protocol's reference server, as the tests start it:
 * over stdio (a config entry) or over Streamable HTTP on 127.0.0.1 port 0 (a preload binds loopback
 * and prints the bound port), stopped when the test finishes.
 */
import { spawn } from "node:child_process";
import { once } from "node:events";
import { createRequire } from "node:module";
import { fileURLToPath } from "node:url";
import { waitFor } from "@toolnexus/fixtures";
import { onTestFinished } from "vitest";

/** The server's entry script. */
export const everythingScript = createRequire(import.meta.url).resolve(
  "@modelcontextprotocol/server-everything/dist/index.js",
);

/** A stdio config entry for it. */
export const everythingStdio = { command: process.execPath, args: [everythingScript, "stdio"] };

/** Starts its Streamable HTTP transport on loopback, port 0; resolves its MCP endpoint URL. */
export async function everythingOverHttp(): Promise<string> {
  const preload = fileURLToPath(new URL("./listen-on-loopback.cjs", import.meta.url));
  const child = spawn(process.execPath, ["--require", preload, everythingScript, "streamableHttp"], {
    env: { PATH: process.env.PATH, PORT: "0" },
    stdio: ["pipe", "pipe", "ignore"],
  });
  const exited = once(child, "exit");
  onTestFinished(async () => {
    child.stdin.end();
    await exited;
  });
  let out = "";
  child.stdout.setEncoding("utf8");
  child.stdout.on("data", (chunk: string) => {
    out += chunk;
  });
  const port = await waitFor(() => /^LISTENING (\d+)$/m.exec(out)?.[1], { timeoutMs: 10_000 });
  return `http://127.0.0.1:${port}/mcp`;
}
