// One hygiene sample in a fresh process (see child.mjs): connect a contender, note every process
// below us, close, and count which of them are still running right after close and 1 s later.
import { setTimeout as sleep } from "node:timers/promises";
import { childMain } from "./child-main.mjs";
import { contender } from "./contenders.mjs";
import { descendantPids, isRunning } from "./processes.mjs";

/** How long a close may take before the sample records it as hung (and moves on). */
const CLOSE_CAP_MS = 15_000;

childMain(async ({ name, servers }) => {
  const conn = await contender(name).connect(servers);
  const before = descendantPids();
  const t0 = performance.now();
  const closed = await Promise.race([conn.close().then(() => true), sleep(CLOSE_CAP_MS).then(() => false)]);
  const closeMs = performance.now() - t0;
  const survivorsNow = before.filter(isRunning).length;
  await sleep(1000);
  const survivorsLater = before.filter(isRunning).length;
  return { spawned: before.length, closeMs, closeHung: !closed, survivorsNow, survivorsLater };
});
