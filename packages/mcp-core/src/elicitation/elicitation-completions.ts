/**
 * The waits of one server's URL-mode elicitations (2025 era): each settles `true` when the server
 * sends `notifications/elicitation/complete` with its `elicitationId`, or `false` when it does not
 * within {@link ELICITATION_COMPLETION_WAIT_MS}, when the session that carried the request ends (a
 * crashed or restarted server has forgotten the elicitation: nothing would ever complete it), or
 * when more than {@link MAX_PENDING_COMPLETIONS} waits pile up (the oldest gives way). Never
 * rejects, and a settled wait leaves no timer or listener behind, so a host that ignores it leaks
 * nothing. One set per server: a server can settle only its own waits.
 * @module
 */
import { onAbort } from "../abort-fanout.js";

/** How long a URL-mode elicitation's completion is waited for. */
export const ELICITATION_COMPLETION_WAIT_MS = 10 * 60_000;

/** The most completion waits one server may hold at once. */
export const MAX_PENDING_COMPLETIONS = 64;

export class ElicitationCompletions {
  private readonly pending = new Map<string, (completed: boolean) => void>();

  constructor(private readonly waitMs = ELICITATION_COMPLETION_WAIT_MS) {}

  /**
   * A wait for `elicitationId` (a repeated id replaces the earlier wait, which settles `false`).
   * @param sessionEnded aborts when the session that carried the request ends: the wait settles
   *   `false` then (at once if it already has).
   */
  wait(elicitationId: string, sessionEnded?: AbortSignal): Promise<boolean> {
    this.settle(elicitationId, false);
    if (sessionEnded?.aborted) return Promise.resolve(false);
    if (this.pending.size >= MAX_PENDING_COMPLETIONS) {
      const [oldest] = this.pending.keys();
      if (oldest !== undefined) this.settle(oldest, false);
    }
    return new Promise<boolean>((resolve) => {
      const finish = (completed: boolean) => {
        clearTimeout(timer);
        offEnded?.();
        resolve(completed);
      };
      // Only this wait: a later one under the same id belongs to another request.
      const onEnded = () => {
        if (this.pending.get(elicitationId) === finish) this.settle(elicitationId, false);
      };
      const timer = setTimeout(() => this.settle(elicitationId, false), this.waitMs);
      timer.unref?.();
      // Through the session end's one shared listener: up to MAX_PENDING_COMPLETIONS wait on it.
      const offEnded = sessionEnded ? onAbort(sessionEnded, onEnded) : undefined;
      this.pending.set(elicitationId, finish);
    });
  }

  /** The server's `notifications/elicitation/complete`: settles its wait; an unknown id is ignored. */
  complete(elicitationId: unknown): void {
    if (typeof elicitationId === "string") this.settle(elicitationId, true);
  }

  /** Settles the wait `false` now: the host declined or failed, so nothing will complete it. */
  abandon(elicitationId: string): void {
    this.settle(elicitationId, false);
  }

  private settle(elicitationId: string, completed: boolean): void {
    const resolve = this.pending.get(elicitationId);
    if (!resolve) return;
    this.pending.delete(elicitationId);
    resolve(completed);
  }
}
