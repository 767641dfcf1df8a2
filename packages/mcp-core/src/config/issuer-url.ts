/**
 * What `auth.issuer` may be: an https URL, or http on a loopback host (RFC 8252 §7.3, for local
 * development), without credentials, query or fragment (RFC 8414 §2).
 * @module
 */

const LOOPBACK_HOSTS = new Set(["127.0.0.1", "[::1]", "localhost"]);

/** True for an issuer identifier the config may pin. */
export function isIssuerUrl(value: string): boolean {
  if (!URL.canParse(value)) return false;
  const url = new URL(value);
  if (url.username || url.password || url.search || url.hash) return false;
  if (url.protocol === "https:") return true;
  return (
    url.protocol === "http:" && (LOOPBACK_HOSTS.has(url.hostname) || url.hostname.endsWith(".localhost"))
  );
}
