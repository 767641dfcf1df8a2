/**
 * The `roots/list` handler one server's sessions install: its own roots, or the load's. The host's
 * function is bounded by a timeout and shared by concurrent requests (a server asking in a loop
 * gets the one answer in flight), and its failure answers the server with a generic JSON-RPC error.
 * @module
 */
import { hostHandlerFailure } from "../client-handler-failure.js";
import { withTimeout } from "../timing/with-timeout.js";
import type { ResolvedRoot } from "./root.js";

/** What the server is told when the roots cannot be listed: nothing of the host's own error text. */
export const ROOTS_FAILED_MESSAGE = "The client could not list its roots";

/** How long the host's roots function may take before the request fails. */
export const ROOTS_TIMEOUT_MS = 10_000;

/** Answers a server's `roots/list`; `onChange` (load-level roots only) reports later changes. */
export interface RootsHandler {
  list(): Promise<{ roots: ResolvedRoot[] }>;
  /** Subscribes to changes of the roots; returns the function that stops it. Absent for fixed roots. */
  onChange?: ((listener: () => void) => () => void) | undefined;
}

/**
 * Wraps a roots reader for one server.
 * @param server The server's name, for the warning.
 * @param read Reads the roots now.
 * @param warn Where a failure's detail goes.
 * @param timeoutMs The bound on one read.
 */
export function guardRoots(
  server: string,
  read: () => Promise<ResolvedRoot[]>,
  warn: (message: string) => void,
  timeoutMs = ROOTS_TIMEOUT_MS,
): RootsHandler["list"] {
  let inFlight: Promise<{ roots: ResolvedRoot[] }> | undefined;
  const once = async () => {
    try {
      const roots = await withTimeout(read(), timeoutMs, () => {
        throw new Error(`the roots function took over ${timeoutMs} ms`);
      });
      return { roots: roots.map((root) => ({ ...root })) };
    } catch (error) {
      throw hostHandlerFailure(server, "the roots could not be listed", error, ROOTS_FAILED_MESSAGE, warn);
    } finally {
      inFlight = undefined;
    }
  };
  return () => {
    inFlight ??= once();
    return inFlight;
  };
}
