/**
 * The loopback rule every URL check shares (authorization servers, URL elicitations, the CLI's
 * browser opener): `http:` is accepted only on the loopback interface (RFC 8252 §7.3).
 * @module
 */

/** True for a loopback host as the WHATWG URL parser writes it (IPv4 forms are normalized to dotted decimal). */
export function isLoopbackHostname(hostname: string): boolean {
  return (
    hostname === "localhost" || hostname === "[::1]" || /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(hostname)
  );
}
