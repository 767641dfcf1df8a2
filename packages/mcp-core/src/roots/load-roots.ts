/**
 * The load-level roots: what `loadMcp`'s `roots` option gave and `source.setRoots` replaces, read by
 * every server without its own `roots`, and the listeners (running legacy-era sessions) told when
 * they change.
 * @module
 */
import { McpCoreError } from "../errors.js";
import { EventHub } from "../event-hub.js";
import type { ResolvedRoot, RootsOption } from "./root.js";
import { resolveRoots } from "./root-uri.js";

type Current = ResolvedRoot[] | (() => readonly unknown[] | Promise<readonly unknown[]>);

/** The roots of a load; `configured` is false when the load had no `roots` option. */
export class LoadRoots {
  private current: Current | undefined;
  // One session failing to send its notice must not keep the others from theirs.
  private readonly changes = new EventHub<[]>(() => {});

  /** @throws McpCoreError `OPTIONS_INVALID` naming the bad root */
  constructor(option: RootsOption | undefined) {
    this.current = option === undefined ? undefined : checked(option, "roots");
  }

  /** Whether servers without their own roots declare the capability. */
  get configured(): boolean {
    return this.current !== undefined;
  }

  /**
   * Replaces the roots and tells every listener.
   * @throws McpCoreError `OPTIONS_INVALID` for a malformed list, or when the load had no `roots`
   */
  set(option: RootsOption): void {
    if (this.current === undefined) {
      throw new McpCoreError(
        "OPTIONS_INVALID",
        'setRoots: the source was loaded without the "roots" option, so no server was offered roots (load with roots: [] to offer them later)',
      );
    }
    this.current = checked(option, "setRoots");
    this.changes.emit();
  }

  /**
   * The roots now: the list, or what the function returns (validated; relative paths resolve
   * against the working directory).
   * @throws Error when the function fails or returns a malformed list
   */
  async list(): Promise<ResolvedRoot[]> {
    const current = this.current;
    if (current === undefined) return [];
    if (typeof current !== "function") return current;
    const resolved = resolveRoots(await current(), process.cwd());
    if ("roots" in resolved) return resolved.roots;
    throw new Error(`the roots function returned a malformed list: ${problemText(resolved)}`);
  }

  /** Calls `listener` after every change; returns the function that stops it. */
  subscribe(listener: () => void): () => void {
    return this.changes.subscribe(listener);
  }
}

function checked(option: RootsOption, where: string): Current {
  if (typeof option === "function") return option;
  const resolved = resolveRoots(option, process.cwd());
  if ("roots" in resolved) return resolved.roots;
  throw new McpCoreError("OPTIONS_INVALID", `loadMcp option "${where}": ${problemText(resolved)}`);
}

function problemText(problem: { index?: number; problem: string }): string {
  return problem.index === undefined ? problem.problem : `root ${problem.index}: ${problem.problem}`;
}
