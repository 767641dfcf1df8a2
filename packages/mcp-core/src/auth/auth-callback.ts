/**
 * What a person (or the loopback listener) hands back after authorizing: the redirect's URL, its
 * query, or the parts. Parsed into the code, state, RFC 9207 `iss` and an OAuth `error`.
 * @module
 */

/** The callback URL, its query string, or `{ code, state, iss }`. */
export type AuthCallback =
  | string
  | URL
  | URLSearchParams
  | { code: string; state?: string | undefined; iss?: string | undefined };

export interface ParsedAuthCallback {
  code: string | undefined;
  state: string | undefined;
  iss: string | undefined;
  /** The OAuth error code, when the authorization was refused (only a short token, never free text). */
  error: string | undefined;
}

function fromQuery(query: URLSearchParams): ParsedAuthCallback {
  const error = query.get("error") ?? undefined;
  return {
    code: query.get("code") ?? undefined,
    state: query.get("state") ?? undefined,
    iss: query.get("iss") ?? undefined,
    error: error === undefined ? undefined : /^[a-z_]{1,64}$/.test(error) ? error : "invalid error code",
  };
}

/** Parses a callback; a string that is neither a URL nor a query is taken as the bare code. */
export function parseAuthCallback(input: AuthCallback): ParsedAuthCallback {
  if (input instanceof URL) return fromQuery(input.searchParams);
  if (input instanceof URLSearchParams) return fromQuery(input);
  if (typeof input === "string") {
    const text = input.trim();
    if (URL.canParse(text)) return fromQuery(new URL(text).searchParams);
    if (text.includes("=")) return fromQuery(new URLSearchParams(text.replace(/^\?/, "")));
    return { code: text || undefined, state: undefined, iss: undefined, error: undefined };
  }
  return { code: input.code || undefined, state: input.state, iss: input.iss, error: undefined };
}
