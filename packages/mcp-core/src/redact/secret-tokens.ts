/**
 * Redaction by shape: every secret-shaped value (an issuer's key prefix, a JWT, a PEM private key)
 * replaced, for texts that may hold secrets no redactor learned — the host's own errors, such as
 * a model provider's, which quote the host's key.
 * @module
 */
import { secretTokenSpans } from "../env/secret-token.js";
import { REDACTED } from "./redactor.js";

/**
 * `text` with each secret-shaped span (see `secretTokenSpans`) replaced by `[REDACTED]`; `text`
 * itself when it holds none. Linear in the text's length.
 */
export function redactSecretTokens(text: string): string {
  const spans = secretTokenSpans(text);
  if (spans.length === 0) return text;
  let redacted = "";
  let from = 0;
  for (const [start, end] of spans) {
    redacted += text.slice(from, start) + REDACTED;
    from = end;
  }
  return redacted + text.slice(from);
}
