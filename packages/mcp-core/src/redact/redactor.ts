/**
 * A per-server redactor: the values of the headers and of the credential-shaped env names a server
 * was given, replaced by `[REDACTED]` in every text the library surfaces about that server.
 * @module
 */
import { hasUrlPassword, isCredentialName } from "../env/credential-shaped.js";

/** What a redacted value is replaced with. */
export const REDACTED = "[REDACTED]";

/** Values shorter than this are not registered: replacing `on` or `1` everywhere would mangle text. */
const MIN_SECRET_LENGTH = 6;

/**
 * At most this many values learned per request (a header function rotating tokens); the least
 * recently sent go first. Values given at start (env) are never dropped.
 */
const MAX_SECRETS = 256;

/** `scheme credentials`, e.g. `Bearer abc…`: the credentials alone are a secret too. */
const AUTH_SCHEME = /^[A-Za-z][A-Za-z0-9._~+/-]*\s+(\S.*)$/s;
/** The password of a URL's userinfo, e.g. `postgres://user:password@host`. */
const URL_PASSWORD = /[A-Za-z][A-Za-z0-9+.-]*:\/\/[^/?#@:\s]*:([^/?#\s]+)@/g;

export class Redactor {
  /** Values given at start (a child's env): kept for the server's lifetime. */
  private readonly pinned = new Set<string>();
  /** Values learned per request (headers), most recently sent last; bounded by {@link MAX_SECRETS}. */
  private readonly rotating = new Set<string>();
  private pattern: RegExp | undefined;

  /**
   * Registers one secret value (and its forms a server is likely to echo: the credentials after an
   * auth scheme, URL passwords, the JSON-escaped spelling). Values under {@link MIN_SECRET_LENGTH}
   * characters are ignored.
   */
  add(value: string, kind: "pinned" | "rotating" = "pinned"): void {
    const forms = [value];
    const scheme = AUTH_SCHEME.exec(value);
    if (scheme?.[1]) forms.push(scheme[1]);
    for (const match of value.matchAll(URL_PASSWORD)) if (match[1]) forms.push(match[1]);
    for (const form of [...forms]) forms.push(JSON.stringify(form).slice(1, -1));
    for (const form of forms) this.remember(form, kind);
  }

  /** Registers every header value of one request. */
  addHeaders(headers: Record<string, string>): void {
    for (const value of Object.values(headers)) this.add(value, "rotating");
  }

  /** Registers the values of a child env whose name is credential-shaped or that carry a URL password. */
  addEnv(env: Record<string, string>): void {
    for (const [name, value] of Object.entries(env)) {
      if (isCredentialName(name) || hasUrlPassword(value)) this.add(value);
    }
  }

  /** `text` with every registered value replaced by {@link REDACTED}, longest first. */
  redact(text: string): string;
  redact(text: string | undefined): string | undefined;
  redact(text: string | undefined): string | undefined {
    if (text === undefined || this.pinned.size + this.rotating.size === 0) return text;
    this.pattern ??= new RegExp(
      [...this.pinned, ...this.rotating]
        .sort((a, b) => b.length - a.length)
        .map(escapeRegExp)
        .join("|"),
      "g",
    );
    return text.replace(this.pattern, REDACTED);
  }

  private remember(value: string, kind: "pinned" | "rotating"): void {
    if (value.length < MIN_SECRET_LENGTH || this.pinned.has(value)) return;
    if (kind === "pinned") {
      this.rotating.delete(value);
      this.pinned.add(value);
      this.pattern = undefined;
      return;
    }
    // Re-sent values move to the back, so a static header sent on every request is never the oldest.
    const known = this.rotating.delete(value);
    this.rotating.add(value);
    if (known) return;
    if (this.rotating.size > MAX_SECRETS) {
      this.rotating.delete(this.rotating.values().next().value as string);
    }
    this.pattern = undefined;
  }
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}
