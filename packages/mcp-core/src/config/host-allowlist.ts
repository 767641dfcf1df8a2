/**
 * `auth.allowPrivateHosts`: the hosts a config author lets a server's OAuth URLs reach although
 * they are on a private, loopback, link-local, metadata or reserved address (`address-rule.ts`).
 * An entry is a hostname (exact, any case), an IP address, or a CIDR range (`10.0.0.0/8`, `fd00::/8`).
 * @module
 */
import { BlockList, isIPv4, isIPv6 } from "node:net";

/** A parsed allowlist. */
export interface HostAllowlist {
  /** Whether `hostname` (as the URL parser writes it) or `address` (what it resolved to) is listed. */
  allows(hostname: string, address?: string): boolean;
}

/** Why `entry` is not a hostname, IP address or CIDR range; undefined when it is one. */
export function hostPatternProblem(entry: string): string | undefined {
  const [address = "", prefix, extra] = entry.split("/");
  if (prefix !== undefined) {
    const bits = isIPv4(address) ? 32 : isIPv6(address) ? 128 : undefined;
    if (bits === undefined || extra !== undefined || !/^\d{1,3}$/.test(prefix) || Number(prefix) > bits)
      return "a CIDR range must be an IP address, a slash and a prefix length";
    return undefined;
  }
  if (isIPv4(entry) || isIPv6(entry.replace(/^\[|\]$/g, ""))) return undefined;
  return /^[a-z0-9-]+(\.[a-z0-9-]+)*\.?$/i.test(entry) && entry.length <= 253
    ? undefined
    : "a hostname, an IP address or a CIDR range";
}

/** The allowlist of `entries` (each already passed {@link hostPatternProblem}). */
export function hostAllowlist(entries: readonly string[] | undefined): HostAllowlist {
  const names = new Set<string>();
  const ranges = new BlockList();
  for (const entry of entries ?? []) {
    const [address = "", prefix] = entry.replace(/^\[|\]$/g, "").split("/");
    const family = isIPv4(address) ? "ipv4" : isIPv6(address) ? "ipv6" : undefined;
    if (family === undefined) names.add(entry.toLowerCase().replace(/\.$/, ""));
    else if (prefix === undefined) ranges.addAddress(address, family);
    else ranges.addSubnet(address, Number(prefix), family);
  }
  const listed = (address: string) => {
    const bare = address.replace(/^\[|\]$/g, "");
    if (isIPv4(bare)) return ranges.check(bare, "ipv4");
    return isIPv6(bare) && ranges.check(bare, "ipv6");
  };
  return {
    allows: (hostname, address) =>
      names.has(hostname.toLowerCase().replace(/\.$/, "")) ||
      listed(hostname) ||
      (address !== undefined && listed(address)),
  };
}
