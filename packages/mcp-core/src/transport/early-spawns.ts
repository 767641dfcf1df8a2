/**
 * Children spawned by `loadMcp` before its engine (the MCP client, the connections) has loaded, so
 * a server boots while the host's process loads the rest: on a process's first load the engine's
 * import would otherwise come before every spawn. Each eager stdio server's first open adopts its
 * child when it would launch the very same process (command, arguments, directory, env); any other
 * child, and every one not adopted by the end of the load, is killed.
 * @module
 */
import { killGroup } from "./child-registry.js";
import { type ChildLaunch, sameLaunch, spawnChild, type WatchedChild } from "./spawn-child.js";

/** The early children of one load, by server name. */
export class EarlySpawns {
  private readonly children = new Map<string, WatchedChild>();

  /** Spawns `server`'s child now (see {@link spawnChild}). */
  spawn(server: string, launch: ChildLaunch, keepAlive: boolean): void {
    this.children.set(server, spawnChild(launch, keepAlive));
  }

  /**
   * `server`'s early child if it launched exactly `launch` (it is then the caller's), else
   * undefined; either way the server has none from now on. A child of another launch is killed.
   */
  take(server: string, launch: ChildLaunch): WatchedChild | undefined {
    const early = this.children.get(server);
    if (!early) return undefined;
    this.children.delete(server);
    if (sameLaunch(early.launch, launch)) return early;
    discard(early);
    return undefined;
  }

  /** Kills every child not adopted: the load is over (or failed) without them. */
  discardAll(): void {
    for (const early of this.children.values()) discard(early);
    this.children.clear();
  }
}

function discard({ child }: WatchedChild): void {
  // It never served a request: nothing to let finish. (No pid: the spawn failed, nothing runs.)
  if (child.pid !== undefined) killGroup(child.pid, "SIGKILL");
}
