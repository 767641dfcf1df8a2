// The address rule of the OAuth side (SPEC §3.5.11): the pure classifier on the forms an address
// can take (mapped, compatible, NAT64, 6to4, hex and decimal IPv4 as the URL parser reads them), the
// rule's matrix, and the address-checked fetch against a real loopback listener: a server configured
// on a public address cannot make the host connect to loopback, by address or by a name that
// resolves there (the socket's own lookup refuses it), unless auth.allowPrivateHosts names it.
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { addressCheckedFetch } from "../src/auth/address-checked-fetch.js";
import { type AddressClass, addressClass, hostnameAddress } from "../src/auth/address-class.js";
import { addressRule, mayReach } from "../src/auth/address-rule.js";
import { hostPatternProblem } from "../src/config/host-allowlist.js";
import { isMcpCoreError } from "../src/errors.js";

describe("addressClass", () => {
  it.each<[string, AddressClass]>([
    ["169.254.169.254", "metadata"],
    ["::ffff:169.254.169.254", "metadata"],
    ["::ffff:a9fe:a9fe", "metadata"],
    ["fd00:ec2::254", "metadata"],
    ["100.100.100.200", "metadata"],
    ["127.0.0.1", "loopback"],
    ["127.255.0.9", "loopback"],
    ["::1", "loopback"],
    ["::ffff:7f00:1", "loopback"],
    ["::ffff:127.0.0.1", "loopback"],
    ["::127.0.0.1", "loopback"],
    ["64:ff9b::7f00:1", "loopback"],
    ["10.0.0.1", "private"],
    ["::ffff:10.0.0.1", "private"],
    ["::ffff:a00:1", "private"],
    ["2002:a00:1::1", "private"],
    ["172.16.0.1", "private"],
    ["172.31.255.255", "private"],
    ["192.168.1.1", "private"],
    ["100.64.0.1", "private"],
    ["fd12:3456::1", "private"],
    ["fc00::1", "private"],
    ["169.254.1.1", "link-local"],
    ["fe80::1", "link-local"],
    ["fe80::1%eth0", "link-local"],
    ["0.0.0.0", "reserved"],
    ["::", "reserved"],
    ["::ffff:0.0.0.0", "reserved"],
    ["224.0.0.1", "reserved"],
    ["255.255.255.255", "reserved"],
    ["ff02::1", "reserved"],
    ["2001:db8::1", "reserved"],
    ["2001:0:4136:e378:8000:63bf:3fff:fdd2", "reserved"],
    ["not-an-address", "reserved"],
    ["172.32.0.1", "public"],
    ["8.8.8.8", "public"],
    ["::ffff:8.8.8.8", "public"],
    ["2606:4700:4700::1111", "public"],
  ])("should class %s as %s", (address, kind) => {
    expect(addressClass(address)).toBe(kind);
  });

  it.each<[string, AddressClass]>([
    ["http://0x7f.1/", "loopback"],
    ["http://2130706433/", "loopback"],
    ["http://017700000001/", "loopback"],
    ["http://127.1/", "loopback"],
    ["http://[::ffff:7f00:1]/", "loopback"],
    ["http://[0:0:0:0:0:ffff:127.0.0.1]/", "loopback"],
    ["http://0xa9.0xfe.0xa9.0xfe/", "metadata"],
    ["http://2852039166/", "metadata"],
    ["http://[::ffff:169.254.169.254]/", "metadata"],
    ["http://[fd00:ec2:0::254]/", "metadata"],
    ["http://0/", "reserved"],
    ["http://012.1/", "private"],
  ])("should read %s's host as the URL parser does: %s", (url, kind) => {
    const address = hostnameAddress(new URL(url).hostname);
    expect(address).toBeDefined();
    expect(addressClass(address ?? "")).toBe(kind);
  });

  it("should take a name for a name", () => {
    expect(hostnameAddress("localhost")).toBeUndefined();
    expect(hostnameAddress("127.0.0.1.nip.io")).toBeUndefined();
  });
});

describe("mayReach", () => {
  it.each<[AddressClass, AddressClass[], boolean]>([
    ["public", [], true],
    ["loopback", [], false],
    ["loopback", ["public"], false],
    ["loopback", ["loopback"], true],
    ["private", ["loopback"], false],
    ["private", ["private"], true],
    ["link-local", ["link-local"], true],
    ["metadata", ["metadata"], false],
    ["metadata", ["loopback", "private", "link-local"], false],
    ["reserved", ["reserved"], false],
  ])("%s for a server configured on %j: %s", (kind, configured, allowed) => {
    expect(mayReach(kind, new Set(configured))).toBe(allowed);
  });
});

describe("auth.allowPrivateHosts entries", () => {
  it.each([
    ["auth.internal", true],
    ["10.0.0.0/8", true],
    ["fd00::/8", true],
    ["169.254.169.254", true],
    ["[::1]", true],
    ["10.0.0.0/33", false],
    ["10.0.0.0/8/1", false],
    ["http://auth.internal", false],
    ["", false],
  ])("%s is valid: %s", (entry, valid) => {
    expect(hostPatternProblem(entry) === undefined).toBe(valid);
  });
});

describe("addressCheckedFetch against a real loopback listener", () => {
  let server: Server;
  let port: number;
  let connections = 0;
  beforeAll(async () => {
    server = createServer((_request, response) => response.end("ok"));
    server.on("connection", () => {
      connections += 1;
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    port = (server.address() as AddressInfo).port;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  const fetchFor = (serverUrl: string, allowPrivateHosts?: string[]) =>
    addressCheckedFetch(addressRule({ server: "s", serverUrl, allowPrivateHosts }));
  const refusal = (promise: Promise<Response>) =>
    promise.then(
      () => undefined,
      (error: unknown) => error as TypeError,
    );

  it.each([
    ["by address", (p: number) => `http://127.0.0.1:${p}/token`, /127\.0\.0\.1 is a loopback address/],
    [
      "by a name that resolves there",
      (p: number) => `http://localhost:${p}/token`,
      /localhost \([^)]*\): \S+ is a loopback address/,
    ],
    [
      "by a mapped address",
      (p: number) => `http://[::ffff:127.0.0.1]:${p}/token`,
      /::ffff:7f00:1 is a loopback address/,
    ],
  ])(
    "should connect nowhere for a server on a public address naming loopback %s",
    async (_how, url, reason) => {
      const before = connections;
      const error = await refusal(
        fetchFor("https://8.8.8.8/mcp")(url(port), { method: "POST", body: "x=1" }),
      );
      expect(error).toBeInstanceOf(TypeError);
      const cause = error?.cause;
      expect(isMcpCoreError(cause) && cause.code).toBe("AUTH_FAILED");
      expect(String(error?.message)).toMatch(reason);
      expect(connections).toBe(before);
    },
  );

  it.each([
    ["a server on loopback", "http://127.0.0.1:9/mcp", undefined],
    ["a public server whose allowlist names the host", "https://8.8.8.8/mcp", ["localhost"]],
    ["a public server whose allowlist names the range", "https://8.8.8.8/mcp", ["127.0.0.0/8", "::1"]],
  ])("should fetch a loopback name for %s", async (_who, serverUrl, allow) => {
    const before = connections;
    const response = await fetchFor(serverUrl, allow)(`http://localhost:${port}/x`, {
      method: "POST",
      body: new URLSearchParams({ a: "1" }),
    });
    expect(response.status).toBe(200);
    expect(await response.text()).toBe("ok");
    expect(connections).toBe(before + 1);
  });
});
