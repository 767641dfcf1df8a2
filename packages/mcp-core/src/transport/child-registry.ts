/**
 * Kills every live child process group when the host process exits, so no stdio server outlives
 * its host. Only the synchronous `exit` event is used: adding SIGINT/SIGTERM handlers would change
 * how the host itself exits.
 */
const liveGroups = new Set<number>();
let hooked = false;

function killAll(): void {
  for (const pid of liveGroups) killGroup(pid, "SIGKILL");
  liveGroups.clear();
}

/** Sends `signal` to the process group led by `pid` (the child itself on Windows). */
export function killGroup(pid: number, signal: NodeJS.Signals): void {
  try {
    process.kill(process.platform === "win32" ? pid : -pid, signal);
  } catch {
    // ESRCH: the group is already gone.
  }
}

/** Tracks a child group until `release`. */
export function trackChildGroup(pid: number): void {
  if (!hooked) {
    hooked = true;
    process.on("exit", killAll);
  }
  liveGroups.add(pid);
}

export function releaseChildGroup(pid: number): void {
  liveGroups.delete(pid);
}
