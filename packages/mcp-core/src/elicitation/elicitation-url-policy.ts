/**
 * The URL of a URL-mode elicitation is the server's choice, and the server is not trusted: before the
 * host sees it, it must be `https:` (or `http:` on a loopback host), carry no user or password, hold
 * no control or bidirectional-formatting character (the URL parser would drop a tab or a line break
 * silently, and a bidi control makes the shown URL differ from the opened one), and be at most
 * {@link MAX_ELICITATION_URL_CHARS} characters.
 * @module
 */
import { isLoopbackHostname } from "../loopback-hostname.js";

/** The longest URL a URL-mode elicitation may carry. */
export const MAX_ELICITATION_URL_CHARS = 2048;

/**
 * The bidirectional formatting characters (ALM, LRM, RLM, embeddings, overrides, isolates) and the
 * zero-width ones (space, non-joiner, joiner, BOM), which hide or reorder what a person reads.
 */
const BIDI = new Set([
  0x061c, 0x200b, 0x200c, 0x200d, 0x200e, 0x200f, 0x202a, 0x202b, 0x202c, 0x202d, 0x202e, 0x2066, 0x2067,
  0x2068, 0x2069, 0xfeff,
]);

/** Whether `value` holds a C0 or C1 control, DEL, or a bidirectional or zero-width character. */
function hasUnsafeCharacter(value: string): boolean {
  for (let i = 0; i < value.length; i++) {
    const code = value.charCodeAt(i);
    if (code <= 0x1f || (code >= 0x7f && code <= 0x9f) || BIDI.has(code)) return true;
  }
  return false;
}

/**
 * The URL the host may be handed — the parsed form (`href`: what a browser opens, a backslash made
 * a slash, an international host in punycode), so what a person reads is what opens — or why not.
 * The reason names the rule, never the URL.
 */
export function checkElicitationUrl(value: unknown): { href: string } | { refused: string } {
  if (typeof value !== "string") return { refused: "the URL is not a string" };
  if (value.length > MAX_ELICITATION_URL_CHARS)
    return { refused: `the URL is over ${MAX_ELICITATION_URL_CHARS} characters` };
  if (hasUnsafeCharacter(value))
    return { refused: "the URL holds a control, bidirectional-formatting or zero-width character" };
  if (!URL.canParse(value)) return { refused: "the URL does not parse" };
  const url = new URL(value);
  if (url.username !== "" || url.password !== "") return { refused: "the URL carries a user or password" };
  if (url.protocol === "https:" || (url.protocol === "http:" && isLoopbackHostname(url.hostname))) {
    return url.href.length > MAX_ELICITATION_URL_CHARS
      ? { refused: `the URL is over ${MAX_ELICITATION_URL_CHARS} characters` }
      : { href: url.href };
  }
  return {
    refused:
      url.protocol === "http:"
        ? "the URL is http: off loopback (only https:, or http: on a loopback host, is allowed)"
        : "the URL's scheme is not https: (only https:, or http: on a loopback host, is allowed)",
  };
}
