// One hygiene sample in a fresh process (see child.mjs): connect a contender, note every process
// below us, close, and count which of them are still running right after close and 1 s later
// (none running right after close means none 1 s later: a process that ended does not come back,
// so that wait is skipped; otherwise it ends early once every one of them is gone).
import { setTimeout as sleep } from "node:timers/promises";
import { childMain } from "./child-main.mjs";
import { contender } from "./contenders.mjs";
import { descendantPids, isRunning } from "./processes.mjs";

/** How long a close may take before the sample records it as hung (and moves on). */
const CLOSE_CAP_MS = 15_000;
/** When the second count is taken, after close resolved. */
const LATER_MS = 1000;
const POLL_MS = 20;

childMain(async ({ name, servers }) => {
  const conn = await contender(name).connect(servers);
  const before = descendantPids();
  const t0 = performance.now();
  const closed = await Promise.race([conn.close().then(() => true), sleep(CLOSE_CAP_MS).then(() => false)]);
  const closeMs = performance.now() - t0;
  const survivorsNow = before.filter(isRunning).length;
  const laterAt = performance.now() + LATER_MS;
  while (survivorsNow > 0 && performance.now() < laterAt && before.some(isRunning)) await sleep(POLL_MS);
  const survivorsLater = before.filter(isRunning).length;
  return { spawned: before.length, closeMs, closeHung: !closed, survivorsNow, survivorsLater };
});
