/**
 * What a failed `fetch` says. Node's fetch rejects with a bare `TypeError: fetch failed` and keeps
 * the reason (`connect ECONNREFUSED 127.0.0.1:18731`, a DNS or TLS failure) in its `cause`.
 * @module
 */

const MAX_DEPTH = 4;

/** The messages of `error` and its causes, most general first, without repeats. */
function causeMessages(error: unknown, depth = 0): string[] {
  if (!(error instanceof Error) || depth > MAX_DEPTH) return error === undefined ? [] : [String(error)];
  // Happy eyeballs (localhost → ::1 and 127.0.0.1) fails with an AggregateError and an empty message.
  const own =
    error.message ||
    (error instanceof AggregateError ? error.errors.map((e) => errorText(e)).join(", ") : "");
  const rest = "cause" in error ? causeMessages(error.cause, depth + 1) : [];
  return own ? [own, ...rest.filter((message) => !own.includes(message))] : rest;
}

function errorText(value: unknown): string {
  return value instanceof Error ? value.message || value.name : String(value);
}

/**
 * An Error whose message names the cause of a failed fetch, e.g.
 * `fetch failed: connect ECONNREFUSED 127.0.0.1:18731`. It carries no `cause`: its message already
 * says everything, and the EventSource of legacy SSE would append the cause chain a second time.
 */
export function describeFetchFailure(error: unknown): Error {
  return new Error(causeMessages(error).join(": ") || "fetch failed");
}
