/**
 * Which network addresses a server may make the OAuth side fetch (SPEC §3.5.11): a URL a server or
 * its authorization server chose is fetched only on a `public` address, or on a loopback, private
 * or link-local one when the configured server URL is itself on an address of that kind — so a
 * server on the internet cannot make the host request its own loopback services, its private
 * network or a cloud metadata service (a blind SSRF), while a server on this machine or the
 * office network may keep its authorization server beside it. Metadata and reserved addresses are
 * never fetched; `auth.allowPrivateHosts` lets the config author name exceptions. The check runs on
 * every address a name resolves to, in the socket's own `lookup`, so the address checked is the
 * one connected to (a DNS answer cannot change in between).
 * @module
 */
import { lookup as dnsLookup, type LookupAddress } from "node:dns";
import type { LookupFunction } from "node:net";
import { hostAllowlist } from "../config/host-allowlist.js";
import { McpCoreError } from "../errors.js";
import { type AddressClass, addressClass, hostnameAddress } from "./address-class.js";
import { safeOrigin } from "./safe-origin.js";

/** The classes a configured server's own address lends to the URLs its server chooses. */
const LENDABLE: ReadonlySet<AddressClass> = new Set(["loopback", "private", "link-local"]);

const DESCRIBED: Record<Exclude<AddressClass, "public">, string> = {
  loopback: "a loopback address",
  private: "a private network address",
  "link-local": "a link-local address",
  metadata: "a cloud metadata service address",
  reserved: "a reserved address",
};

/** What the rule needs from the server's config. */
export interface AddressRuleParams {
  server: string;
  /** The configured server URL: the config author's, so its host is always reachable. */
  serverUrl: string;
  /** `auth.allowPrivateHosts`. */
  allowPrivateHosts?: readonly string[] | undefined;
  /** Resolves names. @default node:dns lookup */
  lookup?: typeof dnsLookup | undefined;
}

/** The rule for one server. */
export interface AddressRule {
  /** Rejects with `AUTH_FAILED` when `url`'s host is an IP address the rule refuses (no I/O then). */
  checkHost(url: URL): Promise<void>;
  /** A socket `lookup` that resolves every address of a name and fails with `AUTH_FAILED` unless all pass. */
  lookup: LookupFunction;
}

/** Whether an address of `kind` may be fetched for a server whose configured URL is on `configured`. */
export function mayReach(kind: AddressClass, configured: ReadonlySet<AddressClass>): boolean {
  return kind === "public" || (LENDABLE.has(kind) && configured.has(kind));
}

/** The rule for the server configured at `params.serverUrl`. */
export function addressRule(params: AddressRuleParams): AddressRule {
  const resolve = params.lookup ?? dnsLookup;
  const configuredUrl = new URL(params.serverUrl);
  const allowlist = hostAllowlist(params.allowPrivateHosts);
  let configured: Promise<ReadonlySet<AddressClass>> | undefined;
  /** The classes of the configured host's addresses; resolved once (a failure lends nothing). */
  const configuredClasses = () => {
    configured ??= addressesOf(resolve, configuredUrl.hostname).then(
      (addresses) => new Set(addresses.map((entry) => addressClass(entry.address))),
      () => new Set<AddressClass>(),
    );
    return configured;
  };

  /** The refusal for `address` of `hostname` (`shown` in a message), or undefined when it may be fetched. */
  async function refusal(
    hostname: string,
    address: string,
    shown: string,
  ): Promise<McpCoreError | undefined> {
    if (hostname === configuredUrl.hostname || allowlist.allows(hostname, address)) return undefined;
    const kind = addressClass(address);
    if (kind === "public" || mayReach(kind, await configuredClasses())) return undefined;
    return refusedAddress(params.server, shown, address, kind);
  }

  return {
    async checkHost(url) {
      const address = hostnameAddress(url.hostname);
      const refused =
        address === undefined ? undefined : await refusal(url.hostname, address, safeOrigin(url));
      if (refused) throw refused;
    },
    lookup: (hostname, options, callback) => {
      resolve(
        hostname,
        { all: true, family: options.family ?? 0, hints: options.hints ?? 0 },
        (error, found) => {
          if (error) return callback(error, "", 0);
          const shown = `${hostname.replace(/[^\x21-\x7e]/g, "?").slice(0, 200)} (${found.map((entry) => entry.address).join(", ")})`;
          void Promise.all(found.map((entry) => refusal(hostname, entry.address, shown))).then((refusals) => {
            const refused = refusals.find((entry) => entry !== undefined);
            const first = found[0];
            if (refused || !first) return callback(refused ?? new Error(`${hostname} has no address`), "", 0);
            if (options.all) return callback(null, found);
            return callback(null, first.address, first.family);
          });
        },
      );
    },
  };
}

function addressesOf(resolve: typeof dnsLookup, hostname: string): Promise<LookupAddress[]> {
  const literal = hostnameAddress(hostname);
  if (literal !== undefined)
    return Promise.resolve([{ address: literal, family: literal.includes(":") ? 6 : 4 }]);
  return new Promise((done, fail) =>
    resolve(hostname, { all: true }, (error, found) => (error ? fail(error) : done(found))),
  );
}

/** `AUTH_FAILED`: a URL a server chose is on an address the rule refuses (`shown`: its origin or host). */
export function refusedAddress(
  server: string,
  shown: string,
  address: string,
  kind: Exclude<AddressClass, "public">,
): McpCoreError {
  return new McpCoreError(
    "AUTH_FAILED",
    `MCP server "${server}": refused an OAuth request to ${shown}: ${address} is ${DESCRIBED[kind]}; a URL a server chooses may be on a loopback, private or link-local address only when the configured server URL is on one of the same kind (never a metadata or reserved one), or when auth.allowPrivateHosts names it`,
    { server },
  );
}
