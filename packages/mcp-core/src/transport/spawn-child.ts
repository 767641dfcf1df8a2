/**
 * Spawning a stdio server's child and watching it from its first moment: the transport's own spawn,
 * and an early one made by `loadMcp` before the engine has loaded (`early-spawns.ts`), which the
 * transport later adopts. The watch is attached at spawn, so a child that fails or exits before
 * anyone reads it is still seen: its `spawn`, `error`, `exit` and `close` are kept as promises.
 * @module
 */
import { type ChildProcess, spawn } from "node:child_process";
import { killGroup, releaseChildGroup, spawnTracked } from "./child-registry.js";

/** What a child is launched with; `env` is its complete environment (already scoped). */
export interface ChildLaunch {
  command: string;
  args: readonly string[];
  env: Record<string, string>;
  cwd: string | undefined;
}

/** A spawned child and what became of it. */
export interface WatchedChild {
  readonly child: ChildProcess;
  readonly launch: ChildLaunch;
  /** Resolves once the process runs; rejects with the spawn error (a missing command). */
  readonly spawned: Promise<void>;
  /** Resolves when the leader exits (its group is then killed and released). */
  readonly exited: Promise<void>;
  /** Resolves when its stdio streams have closed. */
  readonly closed: Promise<void>;
}

/**
 * Spawns `launch` in its own process group (so a stop reaches grandchildren started through npx or
 * a shell), tracked for the host's exit and signals from the moment `spawn()` returns (the listeners
 * are installed before it runs, `child-registry.ts`), and watched at once. Unless `keepAlive`,
 * neither the child nor its pipes hold the host process open.
 */
export function spawnChild(launch: ChildLaunch, keepAlive: boolean): WatchedChild {
  const child = spawnTracked(() =>
    spawn(launch.command, [...launch.args], {
      env: launch.env,
      cwd: launch.cwd,
      stdio: ["pipe", "pipe", "pipe"],
      detached: process.platform !== "win32",
      windowsHide: true,
      shell: false,
    }),
  );
  const spawned = new Promise<void>((resolve, reject) => {
    child.once("error", reject);
    child.once("spawn", () => resolve());
  });
  // Nobody may be waiting yet: a spawn error is read through `spawned` when it is.
  spawned.catch(() => {});
  // "exit", not "close": a grandchild holding stdout open must not hide the leader's death.
  const exited = new Promise<void>((resolve) =>
    child.once("exit", () => {
      if (child.pid !== undefined) {
        // The leader is gone; members it left behind must not outlive it.
        killGroup(child.pid, "SIGKILL");
        releaseChildGroup(child.pid);
      }
      resolve();
    }),
  );
  const closed = new Promise<void>((resolve) => child.once("close", () => resolve()));
  // A pipe error before a transport listens (an early child not adopted yet) must not throw on the
  // host; the transport adds listeners of its own that report.
  for (const stream of [child.stdin, child.stdout, child.stderr]) stream?.on("error", () => {});
  // Unless the host asked to be kept alive, it must be able to exit while a server runs; close() and
  // the exit hook clean up. Kept alive, a crash is seen even by a host that only waits.
  if (!keepAlive) {
    child.unref();
    for (const stream of [child.stdin, child.stdout, child.stderr]) {
      (stream as unknown as { unref?: () => void } | null)?.unref?.();
    }
  }
  return { child, launch, spawned, exited, closed };
}

/** Whether two launches start the same process: same command, arguments, directory and env. */
export function sameLaunch(a: ChildLaunch, b: ChildLaunch): boolean {
  if (a.command !== b.command || a.cwd !== b.cwd || a.args.length !== b.args.length) return false;
  if (a.args.some((arg, i) => arg !== b.args[i])) return false;
  const keys = Object.keys(a.env);
  if (keys.length !== Object.keys(b.env).length) return false;
  return keys.every((key) => Object.hasOwn(b.env, key) && a.env[key] === b.env[key]);
}
