/**
 * Child processes of this process, read from /proc (Linux), so a scenario can count what a
 * contender leaves behind whatever library spawned it.
 * @module
 */
import { readdirSync, readFileSync } from "node:fs";

/** `{ pid, ppid, state }` of every process, or `[]` where /proc is missing. */
function processTable() {
  let entries;
  try {
    entries = readdirSync("/proc");
  } catch {
    return [];
  }
  const table = [];
  for (const entry of entries) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, "utf8");
      // The command name (field 2) may hold spaces and parentheses: read after the last ")".
      const [state, ppid] = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
      table.push({ pid: Number(entry), ppid: Number(ppid), state });
    } catch {
      // the process ended while we read
    }
  }
  return table;
}

/** Pids of every live (not zombie) descendant of `root` (default: this process). */
export function descendantPids(root = process.pid) {
  const table = processTable();
  const found = [];
  const queue = [root];
  while (queue.length > 0) {
    const parent = queue.shift();
    for (const p of table) {
      if (p.ppid === parent && p.state !== "Z") {
        found.push(p.pid);
        queue.push(p.pid);
      }
    }
  }
  return found;
}

/** Whether `pid` is a live process (a zombie counts as gone). */
export function isRunning(pid) {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
    return stat.slice(stat.lastIndexOf(")") + 2)[0] !== "Z";
  } catch {
    return false;
  }
}

/** SIGKILLs each pid still running (cleanup of what a contender left behind; ours to end). */
export function killAll(pids) {
  for (const pid of pids) {
    if (!isRunning(pid)) continue;
    try {
      process.kill(pid, "SIGKILL");
    } catch {
      // already gone
    }
  }
}
