/**
 * What `auth.issuer` may be: an https URL, or http on a loopback host (RFC 8252 §7.3, for local
 * development), without credentials, query or fragment (RFC 8414 §2).
 * @module
 */
import { isLoopbackHostname } from "../loopback-hostname.js";

/**
 * True for an issuer identifier the config may pin. Loopback is the one rule every URL check
 * shares ({@link isLoopbackHostname}): a subdomain of `localhost` is not loopback, since the
 * resolver decides where it goes.
 */
export function isIssuerUrl(value: string): boolean {
  if (!URL.canParse(value)) return false;
  const url = new URL(value);
  if (url.username || url.password || url.search || url.hash) return false;
  if (url.protocol === "https:") return true;
  return url.protocol === "http:" && isLoopbackHostname(url.hostname);
}
