/**
 * Kills every live child process group when the host process ends, so no stdio server outlives
 * its host: on `exit`, and on SIGTERM/SIGINT (docker stop, Ctrl-C), which end a process without
 * `exit` and do not reach children in their own process groups.
 *
 * The host's own signal semantics stay as they were. The signal listeners exist only while a
 * child group is live; when one fires and the host has a listener of its own, the groups are
 * killed and the host's listeners decide what happens next; when the host has none, the groups
 * are killed and the signal is raised again with Node's default action (the process dies by it).
 */
const liveGroups = new Set<number>();
const SIGNALS = ["SIGTERM", "SIGINT"] as const;
let hooked = false;

function killAll(): void {
  for (const pid of liveGroups) killGroup(pid, "SIGKILL");
  liveGroups.clear();
}

function onSignal(signal: NodeJS.Signals): void {
  killAll();
  const hostListens = process.listenerCount(signal) > 1;
  unhook();
  // Without a host listener, Node would have died by this signal: die the same way.
  if (!hostListens) process.kill(process.pid, signal);
}

function hook(): void {
  if (hooked) return;
  hooked = true;
  process.on("exit", killAll);
  for (const signal of SIGNALS) process.on(signal, onSignal);
}

function unhook(): void {
  if (!hooked) return;
  hooked = false;
  process.off("exit", killAll);
  for (const signal of SIGNALS) process.off(signal, onSignal);
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
  liveGroups.add(pid);
  hook();
}

export function releaseChildGroup(pid: number): void {
  liveGroups.delete(pid);
  if (liveGroups.size === 0) unhook();
}
