/**
 * The one classifier of a failed start: every path that opens a server (a start, a restart attempt,
 * a lazy server's discovery) turns its failure into one `McpCoreError` here.
 * @module
 */
import { McpCoreError } from "../errors.js";
import { serverLabel, startFailedMessage } from "../server-message.js";
import { authorizationNeeded, isAuthorizationNeeded } from "../transport/authorization-needed.js";
import { OpenFailure } from "../transport/open-session.js";
import { isRequestTimeout } from "../transport/protocol-errors.js";

/** Where a start was when it failed: preparing and spawning, the initialize handshake, the listing. */
export type StartPhase = "spawn" | "initialize" | "list";

/** Everything a start failure is classified by. */
export interface StartFailure {
  server: string;
  phase: StartPhase;
  error: unknown;
  /** The attempt's own signal was aborted (stop, close, the load signal): the error is its echo. */
  aborted: boolean;
  /** The per-phase timeout, for the message of a timed-out phase. */
  timeoutMs: number;
  /** The child's last stderr lines, when it is a stdio server. */
  stderrTail?: string | undefined;
  /** A first line the child wrote to stdout that is not JSON-RPC. */
  stdoutNoise?: string | undefined;
  /** The tenant of a `perTenant` server's instance. */
  tenant?: string | undefined;
}

/**
 * A refresh's failed listing: a timeout said as the start's listing phase says it, anything else
 * as it is (a refresh is not a start: it keeps the previous tools and only warns).
 */
export function listingFailure(server: string, error: unknown, timeoutMs: number): unknown {
  if (!isRequestTimeout(error)) return error;
  return classifyStartFailure({ server, phase: "list", error, aborted: false, timeoutMs });
}

/** The one message of an aborted start. */
export function startAborted(server: string, cause?: unknown): McpCoreError {
  return new McpCoreError("ABORTED", `${serverLabel(server)}: start aborted`, { server, cause });
}

const TIMED_OUT: Record<StartPhase, string> = {
  spawn: "did not start within",
  initialize: "did not initialize within",
  list: "did not list its tools within",
};

/**
 * ABORTED when the attempt was aborted; an error a layer already said (a fatal frame, an invalid
 * listing, an authorization needed) as it is; START_TIMEOUT for a timed-out request; START_FAILED
 * otherwise. The stderr tail and stdout noise are appended so a server that only wrote garbage is
 * still explained. A transport's `OpenFailure` is read for its phase, its output and its abort.
 * Called once per failure, by the opener: nothing classifies a classified error again.
 */
export function classifyStartFailure(failure: StartFailure): McpCoreError {
  const { error } = failure;
  if (!(error instanceof OpenFailure)) return classify(failure);
  return classify({
    ...failure,
    phase: error.phase,
    error: error.cause,
    aborted: error.aborted,
    stderrTail: error.stderrTail ?? failure.stderrTail,
    stdoutNoise: error.stdoutNoise,
  });
}

function classify(failure: StartFailure): McpCoreError {
  const { server, error, phase } = failure;
  if (failure.aborted) {
    return error instanceof McpCoreError && error.code === "ABORTED" ? error : startAborted(server, error);
  }
  const noise = failure.stdoutNoise === undefined ? "" : `\nstdout (not JSON-RPC): ${failure.stdoutNoise}`;
  const tail = `${noise}${failure.stderrTail ? `\nstderr:\n${failure.stderrTail}` : ""}`;
  const options = { server, cause: error, stderrTail: failure.stderrTail };
  if (error instanceof McpCoreError) {
    // An env problem is found before anything starts; it is said as a failed start like any other.
    if (error.code === "ENV_INVALID")
      return new McpCoreError("ENV_INVALID", startFailedMessage(server, error), options);
    return error;
  }
  // A listing refused with 401 after the open (the resource moved to another authorization
  // server, a token revoked meanwhile) waits for a person like a refused open does.
  if (isAuthorizationNeeded(error)) return authorizationNeeded(server, error, failure.tenant);
  if (isRequestTimeout(error)) {
    return new McpCoreError(
      "START_TIMEOUT",
      `${serverLabel(server)} ${TIMED_OUT[phase]} ${failure.timeoutMs} ms${tail}`,
      options,
    );
  }
  return new McpCoreError("START_FAILED", `${startFailedMessage(server, error)}${tail}`, options);
}
