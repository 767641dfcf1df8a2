/**
 * What a failed `fetch` says. Node's fetch rejects with a bare `TypeError: fetch failed` and keeps
 * the reason (`connect ECONNREFUSED 127.0.0.1:18731`, a DNS or TLS failure) in its `cause`.
 * @module
 */

const MAX_CAUSES = 5;

/** One error's own text; happy eyeballs (localhost → ::1, 127.0.0.1) fails with an empty AggregateError. */
function ownText(value: unknown): string {
  if (!(value instanceof Error)) return String(value);
  if (value.message) return value.message;
  if (value instanceof AggregateError) return value.errors.map(ownText).join(", ");
  return value.name;
}

/**
 * An Error whose message names the cause of a failed fetch, e.g.
 * `fetch failed: connect ECONNREFUSED 127.0.0.1:18731`. It carries no `cause`: its message already
 * says everything, and the EventSource of legacy SSE would append the cause chain a second time.
 */
export function describeFetchFailure(error: unknown): Error {
  const parts: string[] = [];
  let current: unknown = error;
  for (let depth = 0; current !== undefined && current !== null && depth < MAX_CAUSES; depth++) {
    const text = ownText(current);
    if (text && !parts.some((part) => part.includes(text))) parts.push(text);
    current = current instanceof Error ? current.cause : undefined;
  }
  return new Error(parts.join(": ") || "fetch failed");
}
