/**
 * A host stopped by SIGINT or SIGTERM while `loadMcp` starts its eager stdio servers (Ctrl-C at
 * start-up). The servers ignore SIGTERM, SIGINT and the end of their stdin, so only the host's group
 * kill ends them. Each run is a real host process, signalled a swept delay after it called `loadMcp`;
 * every process it started (found by a marker in its command line) must be gone afterwards.
 */
import { execFileSync } from "node:child_process";
import { randomUUID } from "node:crypto";
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { hostileServer, isAlive, waitFor } from "@toolnexus/fixtures";
import { describe, expect, it } from "vitest";
import { runHost } from "./support/host-process.js";

/**
 * When the signal comes, in ms after the host wrote that it calls `loadMcp`. The spawns fall in the
 * first tens of ms on a developer machine, so the sweep is densest there; 200 ms is well past them.
 */
const SWEEP_MS = [0, 5, 10, 15, 20, 25, 30, 50, 100, 200];
/** Four servers rather than two: the spawns take longer, so a signal lands among them more often. */
const SERVERS = 4;

/** Every process's pid and command line: from /proc where there is one (no `ps` needed), else `ps`. */
function processTable(): { pid: number; args: string }[] {
  if (!existsSync("/proc/self/cmdline")) {
    const rows = execFileSync("ps", ["-A", "-o", "pid=,args="], { encoding: "utf8" }).split("\n");
    return rows.map((row) => ({ pid: Number.parseInt(row.trim(), 10), args: row }));
  }
  return readdirSync("/proc")
    .filter((entry) => /^\d+$/.test(entry))
    .map((entry) => {
      try {
        return { pid: Number(entry), args: readFileSync(`/proc/${entry}/cmdline`, "utf8") };
      } catch {
        return { pid: Number(entry), args: "" }; // gone meanwhile
      }
    });
}

/** The pids of live processes whose command line holds `marker` (a zombie's shows no arguments). */
function pidsWith(marker: string, except: number | undefined): number[] {
  return processTable()
    .filter(({ pid, args }) => args.includes(marker) && pid !== except && isAlive(pid))
    .map(({ pid }) => pid);
}

/** Runs a host loading the servers, signals it `delayMs` after it starts loading, reports what is left. */
async function signalDuringLoad(signal: NodeJS.Signals, delayMs: number) {
  const marker = `startup-signal-${randomUUID()}`;
  const server = hostileServer("ignore-sigterm", { arg: marker });
  const config = {
    mcpServers: Object.fromEntries(Array.from({ length: SERVERS }, (_, i) => [`s${i}`, server])),
  };
  let hostPid: number | undefined;
  const loadedPids: number[] = [];
  const run = await runHost(
    `
    console.log("loading");
    const source = await loadMcp(${JSON.stringify(config)}, { toolCache: null });
    console.log("loaded " + JSON.stringify(source.servers().map((s) => s.pid)));
    setInterval(() => {}, 1000);
  `,
    (line, pid) => {
      if (line === "loading") {
        hostPid = pid;
        setTimeout(() => process.kill(pid, signal), delayMs);
      } else if (line.startsWith("loaded ")) {
        loadedPids.push(...(JSON.parse(line.slice("loaded ".length)) as number[]));
      }
    },
  );
  const left = () => [...new Set([...pidsWith(marker, hostPid), ...loadedPids.filter(isAlive)])];
  try {
    // The group kill is sent before the host dies; the kernel may take a moment to end them.
    await waitFor(() => left().length === 0, { timeoutMs: 3_000, message: "no survivor" }).catch(() => {});
    return { run, survivors: left() };
  } finally {
    for (const pid of left()) process.kill(pid, "SIGKILL");
  }
}

/** The signal of the sweep's `i`th run: SIGINT and SIGTERM in turn. */
const signalOf = (i: number): NodeJS.Signals => (i % 2 === 0 ? "SIGINT" : "SIGTERM");

describe("a host signalled while loadMcp starts its stdio servers", () => {
  it("should leave no child for SIGINT or SIGTERM at any moment of the start, and still die by the signal", async () => {
    const outcomes: string[] = [];
    for (const [i, delayMs] of SWEEP_MS.entries()) {
      const { run, survivors } = await signalDuringLoad(signalOf(i), delayMs);
      outcomes.push(
        `${signalOf(i)} at ${delayMs} ms: ${run.signal ?? `code ${run.code}`}, ${survivors.length} left`,
      );
    }

    const expected = SWEEP_MS.map((delayMs, i) => `${signalOf(i)} at ${delayMs} ms: ${signalOf(i)}, 0 left`);
    expect(outcomes).toStrictEqual(expected);
  });
});
