/**
 * Kills every live child process group when the host process ends, so no stdio server outlives
 * its host: on `exit`, and on SIGTERM/SIGINT (docker stop, Ctrl-C), which end a process without
 * `exit` and do not reach children in their own process groups.
 *
 * The listeners are installed before a child is spawned and its group tracked as soon as `spawn()`
 * returns ({@link spawnTracked}): a signal that comes while the child is being created is then
 * caught, and the JS listener that runs after it finds the group to kill. (Installed only on the
 * child's `spawn` event, a signal in between killed the host by its default action and left the
 * child running.)
 *
 * The host's own signal semantics stay as they were. The signal listeners exist only while a
 * child group is live or being spawned; when one fires and the host has a listener of its own,
 * the groups are killed and the host's listeners decide what happens next; when the host has none,
 * the groups are killed and the signal is raised again with Node's default action (the process
 * dies by it).
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

/**
 * Runs `spawn` (a synchronous `child_process.spawn` of a child in its own group) with the exit and
 * signal listeners already installed, and tracks the child's group from the moment it returns,
 * until {@link releaseChildGroup}. A spawn that failed (no pid) tracks nothing.
 */
export function spawnTracked<T extends { readonly pid?: number | undefined }>(spawn: () => T): T {
  hook();
  let child: T | undefined;
  try {
    child = spawn();
  } finally {
    if (child?.pid !== undefined) liveGroups.add(child.pid);
    else if (liveGroups.size === 0) unhook();
  }
  return child;
}

/** Stops tracking a group whose leader has exited (and which has been killed). */
export function releaseChildGroup(pid: number): void {
  liveGroups.delete(pid);
  if (liveGroups.size === 0) unhook();
}
