/**
 * A per-server redactor: the secrets a server was given or that were issued for it (header values,
 * credential-shaped env values, OAuth client secrets and tokens), replaced by `[REDACTED]` in every
 * text the library surfaces about that server.
 *
 * What it keeps, and for how long:
 * - **pinned** values (env, the `${VAR}`s a config references, a configured client secret): for
 *   the server's lifetime;
 * - **held** values, one per named slot (each header by name; the current access, refresh and id
 *   token; a registered client secret): while current, the value a slot replaces joining the history;
 * - the **history** (replaced slot values, codes, verifiers): the most recent {@link MAX_HISTORY}.
 * So however long a server runs and however often its tokens are renewed, what it was configured
 * with and what it holds now are always redacted; only old tokens may go.
 *
 * Every value is kept as at most {@link MAX_SECRET_CHARS} characters: a longer one by its prefix,
 * whose matches are covered through the end of the run of non-space characters that follows. So a
 * 100 000-character token costs no more than a short one, and its echo is still covered whole.
 * Matching is one linear pass over the text ({@link SecretMatcher}), never a regex built from values.
 * @module
 */
import { isCredentialShaped } from "../env/credential-shaped.js";
import { urlPasswords } from "../env/url-password.js";
import { SecretMatcher, type SecretPattern } from "./secret-matcher.js";

/** What a redacted value is replaced with. */
export const REDACTED = "[REDACTED]";

/** Values shorter than this are not registered: replacing `on` or `1` everywhere would mangle text. */
const MIN_SECRET_LENGTH = 6;

/**
 * Longest text kept per value: a longer one is kept as this many characters, and each match of
 * them is covered through the end of the run of non-space characters that follows. Longer than
 * common tokens and keys (kept whole); short enough that the automaton stays small whatever an
 * authorization server issues. Two long secrets that share their prefix (JWTs often do) are each
 * still covered.
 */
export const MAX_SECRET_CHARS = 128;

/** Replaced and one-off values kept (spellings, not values): old tokens go first. */
export const MAX_HISTORY = 256;

/** Named slots kept; beyond them a value goes to the history (a header function inventing names). */
const MAX_SLOTS = 64;

/**
 * How an OAuth secret is kept (`onSecret(value, kind)`): `"configured"` pins it (a client secret from
 * the config); a slot name holds it while current (the value the slot had joins the history); none
 * puts it in the history (codes, verifiers).
 */
export type SecretKind = "configured" | "client_secret" | "access_token" | "refresh_token" | "id_token";

/** The spellings of one value, each as it is kept (see {@link MAX_SECRET_CHARS}). */
type Spelling = string;

/** What a redactor keeps, by how long (see the module's comment). */
interface KeptSpellings {
  pinned: Set<Spelling>;
  slots: Map<string, Spelling[]>;
  /** Most recently learned last. */
  history: Set<Spelling>;
}

export class Redactor {
  /** Made on the first value: most servers hold none (no headers, no credential-shaped env). */
  private kept: KeptSpellings | undefined;
  private matcher: SecretMatcher | undefined;
  private empty = true;

  /** Keeps `value` (and its spellings) for the server's lifetime: configured secrets. */
  pin(value: string): void {
    const { pinned } = this.keep();
    for (const spelling of spellings(value)) {
      if (pinned.has(spelling)) continue;
      pinned.add(spelling);
      this.changed();
    }
  }

  /**
   * Holds `value` as the current value of `slot`: kept while current, however many values are
   * learned meanwhile. The value the slot held before joins the history.
   */
  hold(slot: string, value: string): void {
    const { slots } = this.keep();
    const previous = slots.get(slot);
    const current = spellings(value);
    if (previous && sameSpellings(previous, current)) return;
    if (!previous && slots.size >= MAX_SLOTS) {
      this.learn(value);
      return;
    }
    slots.set(slot, current);
    for (const spelling of previous ?? []) this.remember(spelling);
    this.changed();
  }

  /** Adds `value` to the bounded history: the least recently learned spellings go first. */
  learn(value: string): void {
    for (const spelling of spellings(value)) this.remember(spelling);
  }

  /**
   * The `onSecret` of the server's OAuth: `kind` says how long the value is kept (see
   * {@link SecretKind}); without it, the value goes to the history.
   */
  secret(value: string, kind?: SecretKind): void {
    if (kind === "configured") this.pin(value);
    else if (kind) this.hold(`oauth:${kind}`, value);
    else this.learn(value);
  }

  /** Holds every header value of one request, one slot per header name (a static one stays current). */
  addHeaders(headers: Record<string, string>): void {
    for (const [name, value] of Object.entries(headers)) this.hold(`header:${name.toLowerCase()}`, value);
  }

  /** Pins the values of a child env whose name or value is credential-shaped. */
  addEnv(env: Record<string, string>): void {
    for (const [name, value] of Object.entries(env)) if (isCredentialShaped(name, value)) this.pin(value);
  }

  /** `text` with every part a kept value covers replaced by {@link REDACTED}. Linear in `text`. */
  redact(text: string): string;
  redact(text: string | undefined): string | undefined;
  redact(text: string | undefined): string | undefined {
    if (text === undefined || this.empty) return text;
    this.matcher ??= new SecretMatcher(this.patterns());
    const spans = this.matcher.spans(text);
    if (spans.length === 0) return text;
    let out = "";
    let at = 0;
    for (let i = 0; i < spans.length; i += 2) {
      out += `${text.slice(at, spans[i])}${REDACTED}`;
      at = spans[i + 1] as number;
    }
    return out + text.slice(at);
  }

  private remember(spelling: Spelling): void {
    // Re-learned spellings move to the back, so the oldest is the one that goes.
    const { history } = this.keep();
    const known = history.delete(spelling);
    history.add(spelling);
    if (known) return;
    if (history.size > MAX_HISTORY) history.delete(history.values().next().value as string);
    this.changed();
  }

  private changed(): void {
    this.matcher = undefined;
    this.empty = false;
  }

  private keep(): KeptSpellings {
    this.kept ??= { pinned: new Set(), slots: new Map(), history: new Set() };
    return this.kept;
  }

  private patterns(): SecretPattern[] {
    const { pinned, slots, history } = this.keep();
    const all = new Set([...pinned, ...[...slots.values()].flat(), ...history]);
    return [...all].map((text) => ({ text, throughRun: text.length === MAX_SECRET_CHARS }));
  }
}

/**
 * The spellings a server is likely to echo a value in: itself, the credentials after an auth scheme
 * (`Bearer abc…` ⇒ `abc…`), each URL password in it, and the JSON-escaped spelling of each; each cut
 * to {@link MAX_SECRET_CHARS}, those under {@link MIN_SECRET_LENGTH} dropped.
 */
function spellings(value: string): Spelling[] {
  const forms = [value];
  const credentials = afterAuthScheme(value);
  if (credentials !== undefined) forms.push(credentials);
  forms.push(...urlPasswords(value));
  // Escaping never shortens: the escaped prefix of a cut form is the cut of its escaped form.
  const cut = forms.map((form) => form.slice(0, MAX_SECRET_CHARS + 1));
  const escaped = cut.map((form) => JSON.stringify(form).slice(1, -1));
  const kept = [...cut, ...escaped]
    .filter((form) => form.length >= MIN_SECRET_LENGTH)
    .map((form) => form.slice(0, MAX_SECRET_CHARS));
  return [...new Set(kept)];
}

/** `scheme credentials` (`Bearer abc…`): the credentials, from the first non-space after the scheme. */
function afterAuthScheme(value: string): string | undefined {
  const first = value.charCodeAt(0);
  if (!((first >= 65 && first <= 90) || (first >= 97 && first <= 122))) return undefined;
  let i = 1;
  while (i < value.length && isSchemeTokenChar(value.charCodeAt(i))) i++;
  const spaces = i;
  while (i < value.length && isSpace(value.charCodeAt(i))) i++;
  return i > spaces && i < value.length ? value.slice(i) : undefined;
}

/** `[A-Za-z0-9._~+/-]`: an auth scheme's characters. */
function isSchemeTokenChar(code: number): boolean {
  return (
    (code >= 48 && code <= 57) ||
    (code >= 65 && code <= 90) ||
    (code >= 97 && code <= 122) ||
    code === 46 ||
    code === 95 ||
    code === 126 ||
    code === 43 ||
    code === 47 ||
    code === 45
  );
}

function isSpace(code: number): boolean {
  return code === 32 || (code >= 9 && code <= 13);
}

function sameSpellings(a: readonly Spelling[], b: readonly Spelling[]): boolean {
  return a.length === b.length && a.every((spelling, i) => spelling === b[i]);
}
