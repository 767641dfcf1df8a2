/**
 * How a message quotes a URL a server or an authorization server chose: its origin only.
 * @module
 */

/** The most characters of an origin quoted in a message. */
const MAX_ORIGIN_CHARS = 200;

/**
 * The origin of `url` as a message may quote it: scheme and host only (no path, query or
 * credentials), printable ASCII (the parser percent-encodes or punycodes the rest), bounded.
 */
export function safeOrigin(url: URL): string {
  const origin = `${url.protocol}//${url.host}`.replace(/[^\x21-\x7e]/g, "?");
  return origin.length > MAX_ORIGIN_CHARS ? `${origin.slice(0, MAX_ORIGIN_CHARS)}…` : origin;
}
