/**
 * The loopback rule every URL check shares (the config's `auth.issuer`, authorization servers,
 * URL elicitations, the CLI's browser opener): `http:` is accepted only on the loopback interface
 * (RFC 8252 §7.3). It is the stricter of the two checks the project once had: an IPv4 literal in
 * 127.0.0.0/8 (loopback by its address, RFC 1122 §3.2.1.3), `[::1]` or the name `localhost`; no
 * subdomain of `localhost` (a resolver need not keep it on the host, RFC 6761 §6.3) and no
 * IPv4-mapped IPv6 form.
 * @module
 */

/** True for a loopback host as the WHATWG URL parser writes it (IPv4 forms are normalized to dotted decimal). */
export function isLoopbackHostname(hostname: string): boolean {
  return (
    hostname === "localhost" || hostname === "[::1]" || /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(hostname)
  );
}
