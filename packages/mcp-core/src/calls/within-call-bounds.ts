import { onAbort } from "../abort-fanout.js";
import { McpCoreError } from "../errors.js";

/**
 * Settles as `work` does, unless the call's own time or signal runs out first: then it rejects
 * with START_TIMEOUT or ABORTED and leaves `work` going on (a lazy start then still serves later
 * calls). The timer is ref'd: a host awaiting the call must not exit before it settles.
 */
export function withinCallBounds<T>(
  work: Promise<T>,
  bounds: { timeoutMs: number; signal: AbortSignal | undefined; server: string },
): Promise<T> {
  const { timeoutMs, signal, server } = bounds;
  return new Promise<T>((resolve, reject) => {
    let timer: NodeJS.Timeout | undefined;
    let offAbort: (() => void) | undefined;
    const settle = (finish: () => void) => {
      clearTimeout(timer);
      offAbort?.();
      finish();
    };
    const aborted = () =>
      settle(() =>
        reject(new McpCoreError("ABORTED", `Waiting for MCP server "${server}" was aborted`, { server })),
      );
    if (signal?.aborted) return aborted();
    // Through the signal's one listener: every call of a turn may wait on one lazy start with it.
    if (signal) offAbort = onAbort(signal, aborted);
    timer = setTimeout(
      () =>
        settle(() =>
          reject(
            new McpCoreError(
              "START_TIMEOUT",
              `MCP server "${server}" was not running within ${timeoutMs} ms`,
              {
                server,
              },
            ),
          ),
        ),
      timeoutMs,
    );
    work.then(
      (value) => settle(() => resolve(value)),
      (error: unknown) => settle(() => reject(error)),
    );
  });
}
