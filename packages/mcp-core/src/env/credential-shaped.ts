/**
 * The scrub rule for names a glob brings in: credential-shaped names and values stay behind.
 * @module
 */
import { hasUrlPassword } from "./url-password.js";

export { hasUrlPassword };

/** Name segments (split on `_`, compared upper-cased) that mark a name as a credential. */
export const CREDENTIAL_SEGMENTS: readonly string[] = Object.freeze([
  "KEY",
  "APIKEY",
  "TOKEN",
  "SECRET",
  "PASSWORD",
  "PASSWD",
  "PASS",
  "PWD",
  "PAT",
  "DSN",
  "CREDENTIAL",
  "CREDENTIALS",
  "PRIVATE",
  "AUTH",
  "SESSION",
  "COOKIE",
]);

/**
 * Words that mark a segment wherever they appear in it: joined forms such as `PGPASSWORD`,
 * `SECRETACCESSKEY` or `CLIENTSECRETS`. Only words no common non-secret name contains.
 */
const CREDENTIAL_INFIXES: readonly string[] = Object.freeze(["SECRET", "PASSWORD", "PASSWD"]);

/**
 * Words that mark a segment when it ends with them: joined forms such as `GITHUBTOKEN`,
 * `OPENAIAPIKEY` or `AWS_SECRETACCESSKEY`. A suffix, not an infix, so `TOKENIZER` and `KEYRING` pass.
 */
const CREDENTIAL_SUFFIXES: readonly string[] = Object.freeze([
  "TOKEN",
  "TOKENS",
  "APIKEY",
  "ACCESSKEY",
  "SECRETKEY",
  "PRIVATEKEY",
  "CREDENTIAL",
  "CREDENTIALS",
  "COOKIE",
]);

const SEGMENTS = new Set(CREDENTIAL_SEGMENTS);

/**
 * Whether a name looks like it holds a credential.
 * @param name An env name.
 * @returns true when, upper-cased and split on `_`, a segment is in {@link CREDENTIAL_SEGMENTS},
 *   contains one of {@link CREDENTIAL_INFIXES}, or ends with one of {@link CREDENTIAL_SUFFIXES};
 *   the name `PWD` itself (the shell's working directory) is not one.
 */
export function isCredentialName(name: string): boolean {
  const upper = name.toUpperCase();
  if (upper === "PWD") return false;
  return upper.split("_").some(isCredentialSegment);
}

function isCredentialSegment(segment: string): boolean {
  return (
    SEGMENTS.has(segment) ||
    CREDENTIAL_INFIXES.some((word) => segment.includes(word)) ||
    CREDENTIAL_SUFFIXES.some((word) => segment.endsWith(word))
  );
}

/**
 * Whether a name/value pair must be scrubbed when a glob would bring it in.
 * @param name An env name.
 * @param value Its value.
 * @returns true when the name is credential-shaped or the value carries a URL password.
 */
export function isCredentialShaped(name: string, value: string): boolean {
  return isCredentialName(name) || hasUrlPassword(value);
}
