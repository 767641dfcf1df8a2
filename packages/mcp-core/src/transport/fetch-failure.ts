/**
 * What a failed `fetch` says. Node's fetch rejects with a bare `TypeError: fetch failed` and keeps
 * the reason (`connect ECONNREFUSED 127.0.0.1:18731`, a DNS or TLS failure) in its `cause`: the
 * message names the kind of failure in words (DNS, refused, TLS…), the system's own text, and the
 * URL with its credentials and query left out.
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

/** The errors of the cause chain, outermost first. */
function chain(error: unknown): unknown[] {
  const found: unknown[] = [];
  let current: unknown = error;
  for (let depth = 0; current !== undefined && current !== null && depth < MAX_CAUSES; depth++) {
    found.push(current);
    current = current instanceof Error ? current.cause : undefined;
  }
  return found;
}

/** The first system error code (`ECONNREFUSED`, `ERR_SSL_…`) of the chain or an AggregateError's members. */
function codeOf(error: unknown): string | undefined {
  const all = chain(error).flatMap((e) => (e instanceof AggregateError ? [e, ...e.errors.slice(0, 4)] : [e]));
  for (const e of all) {
    const code = (e as { code?: unknown } | null)?.code;
    if (typeof code === "string" && /^[A-Z][A-Z0-9_]{1,63}$/.test(code)) return code;
  }
  return undefined;
}

const DNS_CODES = new Set(["ENOTFOUND", "EAI_AGAIN", "EAI_NONAME", "EAI_FAIL", "EAI_NODATA"]);
const TLS_CODE = /^(ERR_SSL_|ERR_TLS_|CERT_|UNABLE_TO_|DEPTH_ZERO_|SELF_SIGNED_|HOSTNAME_MISMATCH)/;
const SOCKET_WORDS: Record<string, string> = {
  ECONNREFUSED: "connection refused",
  ECONNRESET: "connection reset",
  ETIMEDOUT: "connection timed out",
  UND_ERR_CONNECT_TIMEOUT: "connection timed out",
  UND_ERR_SOCKET: "connection closed by the other side",
  EHOSTUNREACH: "host unreachable",
  ENETUNREACH: "network unreachable",
};

/**
 * A URL as a message may show it: scheme, host, port and path; user info and the query (which may
 * carry a key) are left out, a query is marked `?…`.
 */
export function shownUrl(text: string): string {
  try {
    const url = new URL(text);
    return `${url.protocol}//${url.host}${url.pathname}${url.search ? "?…" : ""}`;
  } catch {
    return "(an invalid URL)";
  }
}

/** What failed, in words: `DNS: …`, `connection refused`, `TLS: …`, else undefined. */
function kindOf(code: string | undefined, url: string | undefined): string | undefined {
  if (code === undefined) return undefined;
  if (DNS_CODES.has(code)) {
    let host = "the host";
    try {
      if (url) host = `"${new URL(url).hostname}"`;
    } catch {}
    return `DNS: ${host} does not resolve`;
  }
  if (TLS_CODE.test(code)) return "TLS handshake failed";
  return SOCKET_WORDS[code];
}

/**
 * An Error whose message names the cause of a failed fetch, e.g.
 * `fetch failed: connection refused (connect ECONNREFUSED 127.0.0.1:18731) at http://127.0.0.1:18731/mcp`.
 * It carries no `cause`: its message already says everything, and the EventSource of legacy SSE
 * would append the cause chain a second time. `url` is the request's, shown by {@link shownUrl}.
 */
export function describeFetchFailure(error: unknown, url?: string): Error {
  const parts: string[] = [];
  for (const e of chain(error)) {
    const text = ownText(e).trim();
    if (text && !parts.some((part) => part.includes(text))) parts.push(text);
  }
  const code = codeOf(error);
  const kind = kindOf(code, url);
  let message = parts.join(": ") || "fetch failed";
  if (kind) {
    // The system's own text stays in brackets; OpenSSL's (a line of hex and file names) as its code,
    // and a plain-http server answering a TLS hello reads to OpenSSL as a wrong record version.
    const tls = code !== undefined && TLS_CODE.test(code);
    const hint = code === "ERR_SSL_WRONG_VERSION_NUMBER" ? ": does the server speak plain http?" : "";
    const own = tls ? `${code}${hint}` : parts.slice(1).join(": ") || code;
    message = `${parts[0] ?? "fetch failed"}: ${kind}${own ? ` (${own})` : ""}`;
  }
  return new Error(url === undefined ? message : `${message} at ${shownUrl(url)}`);
}
