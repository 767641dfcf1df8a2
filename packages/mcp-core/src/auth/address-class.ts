/**
 * What kind of network an IP address is on, for the rule of `address-rule.ts`: which addresses a
 * server may make the OAuth side fetch. Pure: no DNS, no I/O. An IPv6 address that carries an IPv4
 * one (mapped `::ffff:a.b.c.d`, the deprecated compatible `::a.b.c.d`, NAT64 `64:ff9b::/96`, 6to4
 * `2002::/16`) is classified by the IPv4 address it reaches.
 * @module
 */
import { BlockList, isIPv4, isIPv6 } from "node:net";

/**
 * `public`: anywhere on the internet. `loopback`: this machine. `private`: a private network
 * (RFC 1918, CGNAT 100.64/10, IPv6 ULA and site-local). `link-local`: the local link (169.254/16,
 * fe80::/10). `metadata`: a cloud instance metadata service (AWS, GCP, Azure, Alibaba, ECS), which
 * hands out the machine's credentials. `reserved`: unspecified, multicast, broadcast,
 * documentation, benchmarking and other special-purpose ranges no server lives on.
 */
export type AddressClass = "public" | "loopback" | "private" | "link-local" | "metadata" | "reserved";

type Range = [address: string, prefix: number];

function blockList(ranges: readonly Range[]): BlockList {
  const list = new BlockList();
  for (const [address, prefix] of ranges) list.addSubnet(address, prefix, isIPv4(address) ? "ipv4" : "ipv6");
  return list;
}

// Checked in this order: a metadata address is also link-local or private.
const CLASSES: ReadonlyArray<[AddressClass, BlockList]> = [
  [
    "metadata",
    blockList([
      ["169.254.169.254", 32], // AWS, GCP, Azure, OpenStack, …
      ["169.254.170.2", 32], // AWS ECS task credentials
      ["100.100.100.200", 32], // Alibaba Cloud
      ["168.63.129.16", 32], // Azure WireServer
      ["fd00:ec2::254", 128], // AWS over IPv6
    ]),
  ],
  [
    "loopback",
    blockList([
      ["127.0.0.0", 8],
      ["::1", 128],
    ]),
  ],
  [
    "private",
    blockList([
      ["10.0.0.0", 8],
      ["172.16.0.0", 12],
      ["192.168.0.0", 16],
      ["100.64.0.0", 10], // carrier-grade NAT
      ["fc00::", 7], // unique local
      ["fec0::", 10], // site-local (deprecated)
    ]),
  ],
  [
    "link-local",
    blockList([
      ["169.254.0.0", 16],
      ["fe80::", 10],
    ]),
  ],
  [
    "reserved",
    blockList([
      ["0.0.0.0", 8], // "this network": 0.0.0.0 reaches this machine's listeners
      ["192.0.0.0", 24],
      ["192.0.2.0", 24],
      ["198.18.0.0", 15],
      ["198.51.100.0", 24],
      ["203.0.113.0", 24],
      ["224.0.0.0", 4], // multicast
      ["240.0.0.0", 4], // reserved, broadcast
      ["::", 128],
      ["100::", 64], // discard
      ["2001::", 32], // Teredo: the IPv4 address it reaches is hidden
      ["2001:db8::", 32],
      ["ff00::", 8], // multicast
    ]),
  ],
];

/** The 16 bytes of an IPv6 address (already known to be valid), `::` and a dotted tail expanded. */
function ipv6Bytes(address: string): number[] {
  let text = address.split("%")[0] ?? "";
  const dotted = /(\d+\.\d+\.\d+\.\d+)$/.exec(text)?.[1];
  if (dotted) {
    const [a, b, c, d] = dotted.split(".").map(Number) as [number, number, number, number];
    text = `${text.slice(0, -dotted.length)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const [head = "", tail] = text.split("::");
  const groups = (part: string) =>
    part === "" ? [] : part.split(":").map((group) => Number.parseInt(group, 16));
  const left = groups(head);
  const right = tail === undefined ? [] : groups(tail);
  const words = [...left, ...new Array<number>(8 - left.length - right.length).fill(0), ...right];
  return words.flatMap((word) => [word >> 8, word & 0xff]);
}

/** The IPv4 address an IPv6 one carries (mapped, compatible, NAT64, 6to4), or undefined. */
export function embeddedIpv4(address: string): string | undefined {
  const bytes = ipv6Bytes(address);
  const zero = (from: number, to: number) => bytes.slice(from, to).every((byte) => byte === 0);
  const v4 = (at: number) => bytes.slice(at, at + 4).join(".");
  if (zero(0, 10) && bytes[10] === 0xff && bytes[11] === 0xff) return v4(12); // ::ffff:a.b.c.d
  if (zero(0, 12) && !zero(12, 14)) return v4(12); // ::a.b.c.d (not :: nor ::1)
  if (bytes[0] === 0 && bytes[1] === 0x64 && bytes[2] === 0xff && bytes[3] === 0x9b && zero(4, 12))
    return v4(12);
  if (bytes[0] === 0x20 && bytes[1] === 0x02) return v4(2); // 6to4
  return undefined;
}

/**
 * The class of `address`, an IPv4 or IPv6 address without brackets (a zone id is ignored). Anything
 * that is not an IP address is `reserved`: it is refused, never guessed at.
 */
export function addressClass(address: string): AddressClass {
  const bare = address.replace(/^\[|\]$/g, "");
  const family = isIPv4(bare) ? "ipv4" : isIPv6(bare) ? "ipv6" : undefined;
  if (family === undefined) return "reserved";
  if (family === "ipv6") {
    const carried = embeddedIpv4(bare);
    if (carried !== undefined) return addressClass(carried);
  }
  const unzoned = bare.split("%")[0] ?? bare;
  for (const [kind, list] of CLASSES) if (list.check(unzoned, family)) return kind;
  return "public";
}

/** The IP address a URL's hostname (as the WHATWG parser writes it) is, or undefined for a name. */
export function hostnameAddress(hostname: string): string | undefined {
  const bare = hostname.replace(/^\[|\]$/g, "");
  return isIPv4(bare) || isIPv6(bare) ? bare : undefined;
}
