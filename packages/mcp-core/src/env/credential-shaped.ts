/**
 * The scrub rule for names a glob brings in: credential-shaped names and values stay behind.
 * @module
 */
import { isCredentialValue } from "./credential-value.js";
import { hasUrlPassword } from "./url-password.js";

export { hasUrlPassword, isCredentialValue };

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
 * `SECRETACCESSKEY`, `CLIENTSECRETS`, `GPGPASSPHRASE` or `SUPABASEJWT`. Only words no common
 * non-secret name contains.
 */
const CREDENTIAL_INFIXES: readonly string[] = Object.freeze([
  "SECRET",
  "PASSWORD",
  "PASSWD",
  "PASSPHRASE",
  "JWT",
]);

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
  "PASS",
]);

/**
 * Segments that end in `PASS` without being a password: English words and program names
 * (`BYPASS_CACHE`, `COMPASS_HOME`, `ENCOMPASS`, `MULTIPASS_DRIVER`) and encoder passes (`TWOPASS`).
 * `PASS` as a start (`PASSAGE`, `PASSENGER`, `PASSPORT`) is never a suffix match.
 */
const NOT_PASS_SUFFIXES: readonly string[] = Object.freeze([
  "BYPASS",
  "COMPASS",
  "SURPASS",
  "TRESPASS",
  "OVERPASS",
  "UNDERPASS",
  "MULTIPASS",
  "SINGLEPASS",
  "TWOPASS",
]);

const SEGMENTS = new Set(CREDENTIAL_SEGMENTS);

/**
 * Whether a name looks like it holds a credential.
 * @param name An env name.
 * @returns true when, upper-cased and split on `_`, a segment is in {@link CREDENTIAL_SEGMENTS},
 *   contains one of {@link CREDENTIAL_INFIXES}, or ends with one of {@link CREDENTIAL_SUFFIXES}
 *   (`PASS` not after the words of {@link NOT_PASS_SUFFIXES}); the name `PWD` itself (the shell's
 *   working directory) is not one.
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
    CREDENTIAL_SUFFIXES.some(
      (word) =>
        segment.endsWith(word) &&
        (word !== "PASS" || !NOT_PASS_SUFFIXES.some((other) => segment.endsWith(other))),
    )
  );
}

/**
 * Whether a name/value pair must be scrubbed when a glob would bring it in.
 * @param name An env name.
 * @param value Its value.
 * @returns true when the name is credential-shaped or the value carries a credential (a URL
 *   password, a password or key assignment, a webhook URL: see `isCredentialValue`).
 */
export function isCredentialShaped(name: string, value: string): boolean {
  return isCredentialName(name) || isCredentialValue(value);
}
