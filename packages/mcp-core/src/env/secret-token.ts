/**
 * Secret-shaped values: API keys and tokens recognizable by their issuer's prefix (Stripe, OpenAI,
 * Anthropic, GitHub, GitLab, Slack, AWS key ids, Google, npm, Hugging Face, PyPI, SendGrid), JWTs
 * and PEM private keys. Found by forward scanning with `indexOf`, no regex: linear in the text.
 * @module
 */

type CharTest = (code: number) => boolean;

const isUpperOrDigit: CharTest = (code) => (code >= 48 && code <= 57) || (code >= 65 && code <= 90);
const isAlphanumeric: CharTest = (code) => isUpperOrDigit(code) || (code >= 97 && code <= 122);
/** `[A-Za-z0-9_]` */
const isWord: CharTest = (code) => isAlphanumeric(code) || code === 95;
/** `[A-Za-z0-9_-]`: base64url, and what most tokens are made of. */
const isDashed: CharTest = (code) => isWord(code) || code === 45;
/** `[A-Za-z0-9_.-]` */
const isDotted: CharTest = (code) => isDashed(code) || code === 46;

/** A token: a case-sensitive prefix at the start of a word, then at least `min` body characters. */
interface PrefixShape {
  prefixes: readonly string[];
  body: CharTest;
  min: number;
  /** The body is exactly `min` characters (AWS key ids): the next one must not be alphanumeric. */
  exact?: boolean;
}

/**
 * The prefixed token shapes. Each needs a body long enough that a word or an id does not match
 * (`sk-etch`, `ghp_short`, `task-runner-…` is not at a word start).
 */
export const TOKEN_SHAPES: readonly PrefixShape[] = Object.freeze([
  // Stripe secret, restricted and webhook keys.
  { prefixes: ["sk_live_", "sk_test_", "rk_live_", "rk_test_", "whsec_"], body: isAlphanumeric, min: 16 },
  // OpenAI (`sk-`, `sk-proj-`, `sk-svcacct-`) and Anthropic (`sk-ant-api03-`).
  { prefixes: ["sk-"], body: isDashed, min: 20 },
  { prefixes: ["ghp_", "gho_", "ghu_", "ghs_", "ghr_"], body: isAlphanumeric, min: 30 },
  { prefixes: ["github_pat_"], body: isWord, min: 30 },
  { prefixes: ["glpat-"], body: isDashed, min: 20 },
  { prefixes: ["xoxb-", "xoxp-", "xoxa-", "xoxr-", "xoxs-", "xoxe-", "xapp-"], body: isDashed, min: 10 },
  { prefixes: ["AKIA", "ASIA"], body: isUpperOrDigit, min: 16, exact: true },
  { prefixes: ["AIza"], body: isDashed, min: 35 },
  { prefixes: ["npm_"], body: isAlphanumeric, min: 36 },
  { prefixes: ["hf_"], body: isAlphanumeric, min: 30 },
  { prefixes: ["pypi-AgEIcHlwaS5vcmc"], body: isDashed, min: 20 },
  { prefixes: ["SG."], body: isDotted, min: 60 },
]);

/** A found secret: `[start, end)` in the text. */
export type TokenSpan = readonly [start: number, end: number];

/** The end of the run of `body` characters from `at`, looking at no more than `limit` of them. */
function runEnd(text: string, at: number, body: CharTest, limit = Number.POSITIVE_INFINITY): number {
  let end = at;
  while (end < text.length && end - at < limit && body(text.charCodeAt(end))) end++;
  return end;
}

/** Whether `at` starts a word: the text's start, or after a character that is not `[A-Za-z0-9]`. */
function wordStart(text: string, at: number): boolean {
  return at === 0 || !isAlphanumeric(text.charCodeAt(at - 1));
}

/**
 * The span of a prefixed token at `at` (where `prefix` was found), or undefined. Only `min` body
 * characters are looked at to decide, so a refused candidate costs a constant; a match runs to its
 * body's end (and the caller goes on after it).
 */
function prefixedAt(text: string, at: number, prefix: string, shape: PrefixShape): TokenSpan | undefined {
  if (!wordStart(text, at)) return undefined;
  const start = at + prefix.length;
  const seen = runEnd(text, start, shape.body, shape.min + 1);
  if (seen - start < shape.min) return undefined;
  if (shape.exact) {
    return seen - start === shape.min && !isAlphanumeric(text.charCodeAt(seen)) ? [at, seen] : undefined;
  }
  return [at, runEnd(text, seen, shape.body)];
}

/** A JWT at `at` (an `eyJ` found there): `eyJ…` `.` `eyJ…` `.` and a signature, which may be empty. */
function jwtAt(text: string, at: number): TokenSpan | undefined {
  if (at > 0 && isDashed(text.charCodeAt(at - 1))) return undefined;
  const header = runEnd(text, at, isDashed);
  if (header - at < 10 || text.charCodeAt(header) !== 46 || !text.startsWith("eyJ", header + 1))
    return undefined;
  const payload = runEnd(text, header + 1, isDashed);
  if (payload - header - 1 < 10 || text.charCodeAt(payload) !== 46) return undefined;
  return [at, runEnd(text, payload + 1, isDashed)];
}

const PEM_BEGIN = "-----BEGIN ";
const PEM_END = "-----END ";
const DASHES = "-----";
/** The longest PEM label looked at (`ENCRYPTED PRIVATE KEY`, `PGP PRIVATE KEY BLOCK` are shorter). */
const MAX_PEM_LABEL = 64;

/** Finds PEM private keys: from their `BEGIN` line through their `END` line, else the text's end. */
class PemScanner {
  /** The next `-----END ` at or after the last header: headers only move forward, so it does too. */
  private nextEnd = -1;

  constructor(private readonly text: string) {}

  at(at: number): TokenSpan | undefined {
    const { text } = this;
    const labelStart = at + PEM_BEGIN.length;
    const labelEnd = text.indexOf(DASHES, labelStart);
    if (labelEnd < 0 || labelEnd - labelStart > MAX_PEM_LABEL) return undefined;
    if (!text.slice(labelStart, labelEnd).includes("PRIVATE KEY")) return undefined;
    if (this.nextEnd !== -2 && this.nextEnd < labelEnd) {
      const found = text.indexOf(PEM_END, labelEnd);
      this.nextEnd = found < 0 ? -2 : found;
    }
    if (this.nextEnd === -2) return [at, text.length];
    const close = text.indexOf(DASHES, this.nextEnd + PEM_END.length);
    return [at, close < 0 ? text.length : close + DASHES.length];
  }
}

/** Every candidate finder: the text to look for and what makes a span of it. */
function finders(text: string): { needle: string; span: (at: number) => TokenSpan | undefined }[] {
  const pem = new PemScanner(text);
  return [
    ...TOKEN_SHAPES.flatMap((shape) =>
      shape.prefixes.map((prefix) => ({
        needle: prefix,
        span: (at: number) => prefixedAt(text, at, prefix, shape),
      })),
    ),
    { needle: "eyJ", span: (at: number) => jwtAt(text, at) },
    { needle: PEM_BEGIN, span: (at: number) => pem.at(at) },
  ];
}

/**
 * Every secret-shaped span in `text`, sorted and merged where they overlap. Linear in the text's
 * length: each shape's search moves forward, past a match's end, and a refused candidate costs at
 * most its shape's minimum length.
 */
export function secretTokenSpans(text: string): TokenSpan[] {
  const spans: TokenSpan[] = [];
  for (const { needle, span } of finders(text)) {
    for (let at = text.indexOf(needle); at >= 0; ) {
      const found = span(at);
      if (found !== undefined) spans.push(found);
      at = text.indexOf(needle, found === undefined ? at + 1 : Math.max(found[1], at + 1));
    }
  }
  return mergeSpans(spans);
}

function mergeSpans(spans: TokenSpan[]): TokenSpan[] {
  spans.sort((a, b) => a[0] - b[0]);
  const merged: [number, number][] = [];
  for (const [start, end] of spans) {
    const last = merged[merged.length - 1];
    if (last !== undefined && start <= last[1]) last[1] = Math.max(last[1], end);
    else merged.push([start, end]);
  }
  return merged;
}

/** Whether `text` holds a secret-shaped value (see {@link secretTokenSpans}). */
export function hasSecretToken(text: string): boolean {
  for (const { needle, span } of finders(text)) {
    for (let at = text.indexOf(needle); at >= 0; at = text.indexOf(needle, at + 1)) {
      if (span(at) !== undefined) return true;
    }
  }
  return false;
}
