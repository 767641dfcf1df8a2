import { spawnSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { fixturePath, isAlive, waitFor } from "@toolnexus/fixtures";
import { describe, expect, it } from "vitest";
import { pidOf, tempDir, useSources } from "./support/harness.js";

const sources = useSources({ toolCache: null, killGraceMs: 500 });

/** A stdio server started through a shell that leaves another process in its group. */
function shellWrapped(script: string) {
  return { command: "sh", args: ["-c", script, "sh", process.execPath, fixturePath("basic")] };
}

describe("process groups", () => {
  it("should kill a grandchild the server started when the server is stopped", async () => {
    const dir = tempDir();
    const pidFile = join(dir, "grandchild.pid");
    // The shell starts a background sleeper in the same group, then becomes the MCP server.
    const source = await sources.load({
      mcpServers: { g: shellWrapped(`sleep 60 & echo $! > "${pidFile}"; exec "$1" "$2"`) },
    });
    const grandchild = Number(readFileSync(pidFile, "utf8").trim());
    expect(isAlive(grandchild)).toBe(true);
    await source.close();
    await waitFor(() => !isAlive(grandchild), {
      timeoutMs: 5_000,
      message: "grandchild killed with its group",
    });
  });

  it("should kill what is left of the group when the server itself dies", async () => {
    const dir = tempDir();
    const pidFile = join(dir, "grandchild.pid");
    const source = await sources.load(
      { mcpServers: { g: shellWrapped(`sleep 60 & echo $! > "${pidFile}"; exec "$1" "$2"`) } },
      { autoRestart: { enabled: false } },
    );
    const grandchild = Number(readFileSync(pidFile, "utf8").trim());
    process.kill(pidOf(source, "g") as number, "SIGKILL");
    await waitFor(() => !isAlive(grandchild), { timeoutMs: 5_000, message: "orphaned grandchild killed" });
  });
});

describe("host exit", () => {
  it("should kill a running server's group when the host process exits without close()", () => {
    const dist = pathToFileURL(fileURLToPath(new URL("../dist/index.js", import.meta.url))).href;
    // After stdin closes the server exits, but the shell then runs `sleep`: only the exit hook's
    // group kill ends it, so a surviving shell means the hook did not run.
    const server = shellWrapped(`"$1" "$2"; exec sleep 60`);
    const host = `
      const { loadMcp } = await import(${JSON.stringify(dist)});
      const source = await loadMcp({ mcpServers: { g: ${JSON.stringify(server)} } }, { toolCache: null });
      console.log(JSON.stringify({ pid: source.servers()[0].pid, state: source.state("g") }));
      process.exit(0);
    `;
    const run = spawnSync(process.execPath, ["--input-type=module", "-e", host], {
      encoding: "utf8",
      timeout: 20_000,
    });
    expect(run.status, run.stderr).toBe(0);
    const { pid, state } = JSON.parse(run.stdout.trim()) as { pid: number; state: string };
    expect(state).toBe("running");
    return waitFor(() => !isAlive(pid), { timeoutMs: 5_000, message: "server group killed at host exit" });
  });
});
