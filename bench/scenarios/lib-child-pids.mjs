// Finds the server processes a client spawned, for contenders that do not report a pid (every
// peer): walks /proc for descendants of this process whose command line contains a marker (a path
// unique to one contender's server, e.g. its `--log` file). Linux only, like the rest of the bench.
import { readdirSync, readFileSync } from "node:fs";

/** `ppid` of `pid` from /proc/<pid>/stat, or undefined when the process is gone. */
function parentOf(pid) {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
    // The command name (field 2) is in parentheses and may hold spaces: read after its last ")".
    return Number(stat.slice(stat.lastIndexOf(")") + 2).split(" ")[1]);
  } catch {
    return undefined;
  }
}

function cmdlineOf(pid) {
  try {
    return readFileSync(`/proc/${pid}/cmdline`, "utf8").split("\0").join(" ");
  } catch {
    return "";
  }
}

/**
 * The pids of the live descendants of `rootPid` (default: this process) whose command line
 * contains `marker`.
 * @param {string} marker
 * @param {number} [rootPid]
 * @returns {number[]}
 */
export function descendantPids(marker, rootPid = process.pid) {
  const parents = new Map();
  for (const entry of readdirSync("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    const ppid = parentOf(entry);
    if (ppid !== undefined) parents.set(Number(entry), ppid);
  }
  const isDescendant = (pid) => {
    for (let at = parents.get(pid), hops = 0; at !== undefined && hops < 64; at = parents.get(at), hops++) {
      if (at === rootPid) return true;
    }
    return false;
  };
  return [...parents.keys()].filter((pid) => isDescendant(pid) && cmdlineOf(pid).includes(marker));
}

/**
 * SIGKILLs the one descendant whose command line contains `marker`; throws when there is not
 * exactly one (a bench must not kill a guess).
 * @param {string} marker
 * @returns {number} the pid killed
 */
export function killChildByMarker(marker) {
  const pids = descendantPids(marker);
  if (pids.length !== 1)
    throw new Error(`expected one child process matching ${marker}, found ${pids.length}`);
  process.kill(pids[0], "SIGKILL");
  return pids[0];
}

/**
 * SIGKILLs every descendant whose command line contains `marker`, again and again until none has
 * shown up for `quietMs` (or `budgetMs` ran out): a client restarting in the background may spawn
 * after its own close (seen with @langchain/mcp-adapters' stdio `restart`).
 * @param {string} marker
 * @param {{ quietMs?: number, budgetMs?: number }} [options]
 * @returns {Promise<number>} how many processes were killed
 */
export async function reapDescendants(marker, { quietMs = 500, budgetMs = 5_000 } = {}) {
  const start = performance.now();
  let killed = 0;
  let lastSeen = performance.now();
  while (performance.now() - lastSeen < quietMs && performance.now() - start < budgetMs) {
    for (const pid of descendantPids(marker)) {
      try {
        process.kill(pid, "SIGKILL");
        killed++;
      } catch {
        // gone already
      }
      lastSeen = performance.now();
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return killed;
}
