// DPoP-bound tokens (RFC 9449, SEP-1932; issue 45 goal 3) through loadMcp, end to end against a
// real authorization server and resource on 127.0.0.1 that verify every proof (signature, htm, htu,
// iat, jti replay, nonce; at the resource ath and the token's key): tokens are DPoP-bound when the
// authorization server advertises ES256 or `auth.dpop` asks; a nonce is retried once at each server;
// an unusable nonce (huge, a control character) is refused and never shown; a refresh is signed with
// the same key; a Bearer answer to a bound refresh is refused (no silent downgrade); a token bound to
// another process's key is never presented; no proof shows in what the host sees. Over Streamable
// HTTP and, once, over the legacy HTTP+SSE transport (the event stream's GET and each message proven).
import { describe, expect, it } from "vitest";
import type { McpSource } from "../src/index.js";
import { closeDpopServersAfterEach, type DpopServers, startDpopServers } from "./support/dpop-servers.js";
import { failOnUnhandledRejections, toolByRawName, useSources } from "./support/harness.js";
import { approve, MemoryTokenStore } from "./support/oauth-harness.js";

failOnUnhandledRejections();
closeDpopServersAfterEach();

const sources = useSources({ toolCache: null, autoRestart: { enabled: false } });

/** A headless server entry (no person needed) for `servers`' resource. */
const headless = (servers: DpopServers, extra: object = {}) => ({
  url: servers.mcp,
  protocol: "2025-06-18",
  auth: {
    type: "client_credentials",
    clientId: "cc",
    clientSecret: "canary-cc-secret",
    issuer: servers.issuer,
    ...extra,
  },
});

async function load(entry: object, store = new MemoryTokenStore()) {
  const warnings: string[] = [];
  const source = await sources.load(
    { mcpServers: { d: entry } },
    { tokenStore: store, onWarning: (w) => warnings.push(w) },
  );
  return { source, warnings, store };
}

const call = (source: McpSource) => toolByRawName(source, "echo", "d").execute({});

/** Everything the host can see of the source. */
const surfaced = (source: McpSource, warnings: string[], ...results: unknown[]) =>
  JSON.stringify({ servers: source.servers(), status: source.status, warnings, results });

describe("DPoP-bound tokens", () => {
  it("should bind the token and prove every request when the authorization server advertises ES256", async () => {
    const servers = await startDpopServers({ algs: ["ES256"] });
    const { source, warnings, store } = await load(headless(servers));
    expect(await call(source)).toMatchObject({ isError: false });
    expect(await call(source)).toMatchObject({ isError: false });
    expect(servers.problems).toEqual([]);
    expect(servers.replays).toBe(0);
    expect(servers.grants).toEqual(["client_credentials"]);
    expect(servers.authorizations.length).toBeGreaterThanOrEqual(3);
    expect(servers.authorizations.every((value) => value.startsWith("DPoP "))).toBe(true);
    const stored = [...store.entries.values()][0]?.tokens as Record<string, unknown> | undefined;
    expect(stored?.token_type).toBe("DPoP");
    expect(stored?.dpop_jkt).toBe(servers.boundTo.get(String(stored?.access_token)));
    const shown = surfaced(source, warnings);
    for (const proof of servers.proofs) expect(shown).not.toContain(proof);
  });

  it("should bind the token and prove the event stream and every message over the legacy SSE transport", async () => {
    const servers = await startDpopServers({ algs: ["ES256"], sse: true });
    const { source, warnings } = await load({ ...headless(servers), type: "sse", protocol: undefined });
    expect(source.state("d")).toBe("running");
    expect(await call(source)).toMatchObject({ isError: false, text: "ok" });
    expect(servers.problems).toEqual([]);
    expect(servers.replays).toBe(0);
    // The GET that opened the stream and each POST (initialize, initialized, tools/list, the call).
    expect(servers.authorizations.length).toBeGreaterThanOrEqual(5);
    expect(servers.authorizations.every((value) => value.startsWith("DPoP "))).toBe(true);
    const targets = servers.proofs.map((proof) => {
      const claims = JSON.parse(Buffer.from(proof.split(".")[1] ?? "", "base64url").toString());
      return `${claims.htm} ${new URL(claims.htu).pathname}`;
    });
    expect(targets).toContain("GET /sse");
    expect(targets).toContain("POST /messages");
    const shown = surfaced(source, warnings);
    for (const proof of servers.proofs) expect(shown).not.toContain(proof);
  });

  it("should stay Bearer where the authorization server offers no DPoP, and with auth.dpop { enabled: false }", async () => {
    // Their resource takes only DPoP: the start fails; the grants tell what was asked for.
    const plain = await startDpopServers();
    await load(headless(plain));
    expect(new Set(plain.grants)).toEqual(new Set(["client_credentials-bearer"]));
    expect(plain.authorizations.every((value) => value.startsWith("Bearer "))).toBe(true);
    const offered = await startDpopServers({ algs: ["ES256"] });
    await load(headless(offered, { dpop: { enabled: false } }));
    expect(new Set(offered.grants)).toEqual(new Set(["client_credentials-bearer"]));
    expect(offered.proofs).toEqual([]);
  });

  it("should ask for DPoP with auth.dpop {} although the authorization server does not advertise it", async () => {
    const servers = await startDpopServers();
    const { source } = await load(headless(servers, { dpop: {} }));
    expect(await call(source)).toMatchObject({ isError: false });
    expect(servers.grants).toEqual(["client_credentials"]);
    expect(servers.problems).toEqual([]);
  });

  it("should retry once with the nonce at the authorization server and at the resource, then keep it", async () => {
    const servers = await startDpopServers({ algs: ["ES256"], asNonce: "as-nonce-1", rsNonce: "rs-nonce-1" });
    const { source } = await load(headless(servers));
    expect(await call(source)).toMatchObject({ isError: false });
    const challenged = servers.authorizations.length;
    expect(await call(source)).toMatchObject({ isError: false });
    expect(servers.grants).toEqual(["client_credentials-nonce", "client_credentials"]);
    // One challenge at the resource: the nonce is remembered for the calls after it.
    expect(servers.authorizations.length - challenged).toBe(1);
    expect(servers.problems).toEqual([]);
    expect(servers.replays).toBe(0);
  });

  it.each([
    ["longer than 512 characters", "n".repeat(10_000)],
    ["with a control character", "canary\tnonce"],
    ["with a quote and a space", 'canary "nonce'],
  ])("should refuse a resource's nonce %s, never sending or showing it", async (_what, nonce) => {
    const servers = await startDpopServers({ algs: ["ES256"], rsNonce: nonce });
    const { source, warnings } = await load(headless(servers));
    // The first request meets the challenge: the start fails, and says why.
    expect(source.state("d")).toBe("error");
    const shown = surfaced(source, warnings);
    expect(shown).not.toContain(nonce);
    expect(shown).not.toContain("canary");
    expect(shown).toContain("DPoP nonce");
    const sent = servers.proofs.map((proof) =>
      Buffer.from(proof.split(".")[1] ?? "", "base64url").toString(),
    );
    expect(sent.some((claims) => claims.includes("canary") || claims.includes("nnnnnnnn"))).toBe(false);
  });

  it("should refuse an authorization server's unusable nonce without sending it back", async () => {
    const nonce = `canary${"x".repeat(600)}`;
    const servers = await startDpopServers({ algs: ["ES256"], asNonce: nonce });
    const { source, warnings } = await load(headless(servers));
    // Each attempt of the start asks once and stops at the challenge: no proof carries the nonce.
    expect(new Set(servers.grants)).toEqual(new Set(["client_credentials-nonce"]));
    const sent = servers.proofs.map((proof) =>
      Buffer.from(proof.split(".")[1] ?? "", "base64url").toString(),
    );
    expect(sent.some((claims) => claims.includes("canary"))).toBe(false);
    const shown = surfaced(source, warnings);
    expect(shown).not.toContain("canary");
    expect(shown).toContain("DPoP nonce");
  });

  it("should refresh with the same key, and refuse a Bearer answer to the refresh of a bound token", async () => {
    const servers = await startDpopServers({ algs: ["ES256"] });
    const { source, warnings } = await load({
      url: servers.mcp,
      protocol: "2025-06-18",
      auth: { type: "oauth", redirectUrl: "http://127.0.0.1:1/cb" },
    });
    expect(source.state("d")).toBe("needs-auth");
    await source.authorize("d", await approve(new URL(source.servers()[0]?.authorizationUrl ?? "")));
    expect(await call(source)).toMatchObject({ isError: false });
    const [first] = servers.boundTo.keys();
    servers.revoked.add(first ?? "");
    expect(await call(source)).toMatchObject({ isError: false });
    // The AS refuses a refresh signed with any key but the refresh token's.
    expect(servers.grants).toEqual(["authorization_code", "refresh_token"]);
    expect(new Set(servers.boundTo.values()).size).toBe(1);

    servers.options.refreshTokenType = "Bearer";
    for (const token of servers.boundTo.keys()) servers.revoked.add(token);
    const downgraded = await call(source);
    expect(downgraded.isError).toBe(true);
    expect(servers.grants).toEqual(["authorization_code", "refresh_token", "refresh_token"]);
    expect(servers.authorizations.some((value) => value.startsWith("Bearer"))).toBe(false);
    expect(surfaced(source, warnings, downgraded)).toContain(
      "Bearer token where a DPoP-bound one was asked for",
    );
    expect(servers.problems).toEqual([]);
    expect(servers.replays).toBe(0);
  });

  it("should never present a token bound to another process's key: the second gets its own", async () => {
    const servers = await startDpopServers({ algs: ["ES256"] });
    const store = new MemoryTokenStore();
    const first = await load(headless(servers), store);
    expect(await call(first.source)).toMatchObject({ isError: false });
    await first.source.close();
    const second = await load(headless(servers), store);
    expect(await call(second.source)).toMatchObject({ isError: false });
    expect(servers.grants).toEqual(["client_credentials", "client_credentials"]);
    // Every token the resource saw came with a proof of its own key (else "invalid_token" above).
    expect(new Set(servers.boundTo.values()).size).toBe(2);
    expect(servers.problems).toEqual([]);
  });

  it("should share one DPoP-bound token across processes that share a sealing key, the key sealed in the store", async () => {
    const servers = await startDpopServers({ algs: ["ES256"] });
    const store = new MemoryTokenStore();
    const dpop = { sealingKey: "canary-sealing-key-0123456789abcdef" };
    const first = await load(headless(servers, { dpop }), store);
    expect(await call(first.source)).toMatchObject({ isError: false });
    const stored = JSON.stringify([...store.entries.values()]);
    expect(stored).toContain('"dpop_key":"v1.');
    expect(stored).not.toContain('"d":');
    expect(stored).not.toContain("canary-sealing-key");
    await first.source.close();
    const second = await load(headless(servers, { dpop }), store);
    expect(await call(second.source)).toMatchObject({ isError: false });
    // The second process adopted the sealed key: one grant, one key, every proof of the token's key.
    expect(servers.grants).toEqual(["client_credentials"]);
    expect(new Set(servers.boundTo.values()).size).toBe(1);
    expect(servers.problems).toEqual([]);
    expect(surfaced(second.source, second.warnings)).not.toContain("canary-sealing-key");
  });

  it("should bind its own token when the stored key does not open with its sealing key, saying so without the key", async () => {
    const servers = await startDpopServers({ algs: ["ES256"] });
    const store = new MemoryTokenStore();
    const first = await load(
      headless(servers, { dpop: { sealingKey: "canary-sealing-key-A-0123456789abcdef" } }),
      store,
    );
    expect(await call(first.source)).toMatchObject({ isError: false });
    await first.source.close();
    const other = { dpop: { sealingKey: "canary-sealing-key-B-0123456789abcdef" } };
    const second = await load(headless(servers, other), store);
    expect(await call(second.source)).toMatchObject({ isError: false });
    expect(servers.grants).toEqual(["client_credentials", "client_credentials"]);
    expect(servers.problems).toEqual([]);
    const shown = surfaced(second.source, second.warnings);
    expect(shown).toContain("does not open with auth.dpop.sealingKey");
    expect(shown).not.toContain("canary-sealing-key");
  });

  it("should refuse a sealing key shorter than 32 characters", async () => {
    const servers = await startDpopServers({ algs: ["ES256"] });
    const { source } = await load(headless(servers, { dpop: { sealingKey: "canary-short" } }));
    expect(source.state("d")).toBe("error");
    expect(source.servers()[0]?.lastError).toContain("auth.dpop.sealingKey must be at least 32 characters");
    expect(source.servers()[0]?.lastError).not.toContain("canary-short");
    expect(servers.grants).toEqual([]);
  });
});
