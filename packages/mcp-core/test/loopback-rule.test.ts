// One loopback rule for every URL check: the config's `auth.issuer`, the authorization-server URL
// policy, URL elicitations and the CLI's browser opener. The cases come from both checks that
// used to exist (the issuer check took `*.localhost` but only 127.0.0.1; the others took all of
// 127.0.0.0/8 but no subdomain of localhost): the stricter answer wins on each.
import { describe, expect, it } from "vitest";
import { isIssuerUrl } from "../src/config/issuer-url.js";
import type { McpConfigInput } from "../src/config/mcp-config-input.js";
import { parseConfig } from "../src/config-entry.js";
import { isLoopbackHostname } from "../src/loopback-hostname.js";

const hostOf = (url: string) => new URL(url).hostname;

const LOOPBACK = [
  "http://localhost/",
  "http://127.0.0.1:8080/",
  "http://127.0.0.2/",
  "http://127.255.255.254/",
  "http://[::1]:9000/",
  // The URL parser writes these IPv4 forms as dotted decimal, so they are the same hosts.
  "http://0x7f000001/",
  "http://2130706433/",
  "http://LOCALHOST/",
];

// Names resolved by DNS may leave the host: a resolver need not keep `*.localhost` on loopback.
const NOT_LOOPBACK = [
  "http://auth.localhost/",
  "http://a.b.localhost:8080/",
  "http://localhost.example.com/",
  "http://127.0.0.1.nip.io/",
  "http://[::2]/",
  "http://[::ffff:7f00:1]/",
  "http://0.0.0.0/",
  "http://128.0.0.1/",
  "http://example.com/",
];

describe("the loopback rule", () => {
  it.each(LOOPBACK)("should take %s as loopback, for every check", (url) => {
    expect(isLoopbackHostname(hostOf(url))).toBe(true);
    expect(isIssuerUrl(url)).toBe(true);
  });

  it.each(NOT_LOOPBACK)("should not take %s as loopback, for every check", (url) => {
    expect(isLoopbackHostname(hostOf(url))).toBe(false);
    expect(isIssuerUrl(url)).toBe(false);
  });

  it("should refuse an http issuer on a subdomain of localhost in a config, naming the field", async () => {
    const config = {
      mcpServers: {
        r: { url: "https://mcp.example.com/mcp", auth: { type: "oauth", issuer: "http://auth.localhost/" } },
      },
    };
    await expect(parseConfig(config as McpConfigInput)).rejects.toThrow(/auth\.issuer/);
  });

  it("should keep an https issuer on any host and refuse one with a query, whatever its host", () => {
    expect(isIssuerUrl("https://auth.localhost/")).toBe(true);
    expect(isIssuerUrl("http://127.0.0.1/?x=1")).toBe(false);
  });
});
