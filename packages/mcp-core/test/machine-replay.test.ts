/**
 * The state machine replays from its events alone: a real crash → restart → give-up run is
 * recorded step by step (machine before, event, what `transition` returned), then the events are
 * fed to `transition` from a fresh machine and must give the same states, facts and effects.
 */
import { join } from "node:path";
import { stdioServer, waitFor } from "@toolnexus/fixtures";
import { afterEach, describe, expect, it } from "vitest";
import { initialMachine, type Machine } from "../src/machine/lifecycle-state.js";
import { type MachineStep, recordMachineSteps } from "../src/machine/step-record.js";
import { transition } from "../src/machine/transition.js";
import { failOnUnhandledRejections, pidOf, tempDir, useSources } from "./support/harness.js";

failOnUnhandledRejections();

const sources = useSources({ toolCache: null, killGraceMs: 500 });
let stopRecording: (() => void) | undefined;

afterEach(() => stopRecording?.());

describe("state machine replay", () => {
  it("should replay a recorded crash/restart/give-up run to identical states and effects from transition alone", async () => {
    const dir = tempDir("replay-");
    // Runs fine once, then crash-loops on every restart (exits right after initialize).
    const marker = join(dir, "ran-once");
    const basic = stdioServer("basic");
    const loop = stdioServer("mcp-restart", ["--state-file", join(dir, "s"), "--crash-loop"]);
    const script = `if [ -f "$1" ]; then exec "$2" "$3" "$4" "$5" "$6"; else touch "$1"; exec "$2" "$7"; fi`;
    const config = {
      command: "sh",
      args: ["-c", script, "sh", marker, loop.command, ...loop.args, basic.args[0] as string],
    };
    const steps: MachineStep[] = [];
    stopRecording = recordMachineSteps((step) => {
      if (step.server === "loop") steps.push(step);
    });
    const autoRestart = { maxRetries: 2, initialDelayMs: 20, maxDelayMs: 40, stableAfterMs: 60_000 };
    const source = await sources.load({ mcpServers: { loop: config } }, { autoRestart });
    process.kill(pidOf(source, "loop") as number, "SIGKILL");
    await waitFor(() => steps.some((s) => s.after.reason === "gave-up"), { timeoutMs: 15_000 });
    await source.close();

    // The recorded run: start, ready, a crash, two failed restarts, the give-up, the close.
    expect(steps.map((s) => `${s.before.state.kind} ${s.event.type} → ${s.after.state.kind}`)).toEqual([
      "stopped start → starting",
      "starting ready → running",
      "running lost → error",
      "error start → starting",
      "starting fail → error",
      "error start → starting",
      "starting fail → error",
      "error close → closed",
    ]);
    expect(steps.flatMap((s) => s.after.effects.map((e) => e.type))).toContain("withdraw-tools");

    // Replayed from a fresh machine with the events alone.
    const first = steps[0]?.before as Machine;
    let machine: Machine = initialMachine(first.context.policy);
    expect(machine).toEqual(first);
    for (const step of steps) {
      const replayed = transition(machine, step.event);
      expect(replayed, `${step.before.state.kind} × ${step.event.type}`).toEqual(step.after);
      machine = { state: replayed?.state ?? machine.state, context: replayed?.context ?? machine.context };
    }
    expect(steps[6]?.after.context).toMatchObject({ attempts: 2, restarts: 0, hasRun: true });
    expect(steps[6]?.after.state).toMatchObject({ kind: "error", gaveUp: true, retry: undefined });
    expect(machine.state.kind).toBe("closed");
  });
});
