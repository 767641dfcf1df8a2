/**
 * The URL of a URL-mode elicitation is the server's choice, and the server is not trusted: before the
 * host sees it, it must be `https:` (or `http:` on a loopback host), carry no user or password, hold
 * no control or bidirectional-formatting character (the URL parser would drop a tab or a line break
 * silently, and a bidi control makes the shown URL differ from the opened one), and be at most
 * {@link MAX_ELICITATION_URL_CHARS} characters.
 * @module
 */
import { isLoopbackHostname } from "../auth/auth-url-policy.js";

/** The longest URL a URL-mode elicitation may carry. */
export const MAX_ELICITATION_URL_CHARS = 2048;

/** The bidirectional formatting characters (ALM, LRM, RLM, embeddings, overrides, isolates). */
const BIDI = new Set([
  0x061c, 0x200e, 0x200f, 0x202a, 0x202b, 0x202c, 0x202d, 0x202e, 0x2066, 0x2067, 0x2068, 0x2069,
]);

/** Whether `value` holds a C0 or C1 control, DEL, or a bidirectional formatting character. */
function hasUnsafeCharacter(value: string): boolean {
  for (let i = 0; i < value.length; i++) {
    const code = value.charCodeAt(i);
    if (code <= 0x1f || (code >= 0x7f && code <= 0x9f) || BIDI.has(code)) return true;
  }
  return false;
}

/**
 * Why `value` may not be handed to the host, or undefined when it may. The reason names the rule,
 * never the URL.
 */
export function refusedElicitationUrl(value: unknown): string | undefined {
  if (typeof value !== "string") return "the URL is not a string";
  if (value.length > MAX_ELICITATION_URL_CHARS)
    return `the URL is over ${MAX_ELICITATION_URL_CHARS} characters`;
  if (hasUnsafeCharacter(value)) return "the URL holds a control or bidirectional-formatting character";
  if (!URL.canParse(value)) return "the URL does not parse";
  const url = new URL(value);
  if (url.username !== "" || url.password !== "") return "the URL carries a user or password";
  if (url.protocol === "https:") return undefined;
  if (url.protocol === "http:" && isLoopbackHostname(url.hostname)) return undefined;
  return url.protocol === "http:"
    ? "the URL is http: off loopback (only https:, or http: on a loopback host, is allowed)"
    : "the URL's scheme is not https: (only https:, or http: on a loopback host, is allowed)";
}
