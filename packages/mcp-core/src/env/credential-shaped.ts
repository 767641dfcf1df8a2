/**
 * The scrub rule for names a glob brings in: credential-shaped names and values stay behind.
 * @module
 */

/** Name segments (split on `_`, compared upper-cased) that mark a name as a credential. */
export const CREDENTIAL_SEGMENTS: readonly string[] = Object.freeze([
  "KEY",
  "APIKEY",
  "TOKEN",
  "SECRET",
  "PASSWORD",
  "PASSWD",
  "PWD",
  "CREDENTIAL",
  "CREDENTIALS",
  "PRIVATE",
  "AUTH",
  "SESSION",
  "COOKIE",
]);

const SEGMENTS = new Set(CREDENTIAL_SEGMENTS);

/**
 * A URL whose userinfo has a non-empty password: `scheme://[user]:password@`, anywhere in the value.
 * The password may hold `:` or `@` but not `/`, `?`, `#` or whitespace, so `http://host:8080/?a=b@c`
 * (a port, then an `@` in the query) does not match.
 */
export const URL_WITH_PASSWORD = /[A-Za-z][A-Za-z0-9+.-]*:\/\/[^/?#@:\s]*:[^/?#\s]+@/;

/**
 * Whether a name looks like it holds a credential.
 * @param name An env name.
 * @returns true when a `_`-separated segment, case-insensitive, is in {@link CREDENTIAL_SEGMENTS};
 *   the name `PWD` itself (the shell's working directory) is not one.
 */
export function isCredentialName(name: string): boolean {
  const upper = name.toUpperCase();
  if (upper === "PWD") return false;
  return upper.split("_").some((segment) => SEGMENTS.has(segment));
}

/**
 * Whether a value carries a URL with a password, e.g. `postgres://u:p@host`.
 * @param value An env value.
 * @returns true when {@link URL_WITH_PASSWORD} matches anywhere in the value.
 */
export function hasUrlPassword(value: string): boolean {
  return URL_WITH_PASSWORD.test(value);
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
