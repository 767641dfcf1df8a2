// `inspect`'s OAuth line for a DPoP-bound token (issue 45, goal 6; SPEC §3.6.7, §3.7): the binding
// is read from the stored token_type — `token: DPoP` (`--json` binding "DPoP") — and nothing of the
// token, its refresh token, its key thumbprint or its sealed key is shown.
import { parseConfig } from "@toolnexus/mcp-core/config";
import { authStoreKey, type StoredAuth, type TokenStore } from "@toolnexus/mcp-core/stores";
import { describe, expect, it } from "vitest";
import { authLines, inspectAuth } from "../src/commands/inspect-auth.js";
import type { Output } from "../src/output.js";

const SECRETS = ["canary-at-1f", "canary-rt-2e", "canary-jkt-3d", "v1.canary-iv.canary-sealed-4c"];

/** A store holding one entry, under the key the config gives. */
function storeWith(key: string, value: StoredAuth): TokenStore {
  return {
    get: async (asked) => (asked === key ? structuredClone(value) : undefined),
    set: async () => {},
    delete: async () => {},
    withLock: (_key, fn) => fn(),
  };
}

const output: Output = { out: () => {}, err: () => {}, interactive: false, color: false, width: 80 };

describe("inspect and a DPoP-bound token", () => {
  it.each([
    ["DPoP", "DPoP"],
    ["dpop", "DPoP"],
    ["Bearer", "bearer"],
  ] as const)("token_type %s shows token: %s and no secret", async (tokenType, shown) => {
    const { servers } = await parseConfig({
      mcpServers: { pay: { url: "https://mcp.pay.example/mcp", auth: { type: "oauth", dpop: {} } } },
    });
    const [config] = servers;
    if (!config) throw new Error("no server");
    const [access, refresh, jkt, sealed] = SECRETS;
    const store = storeWith(authStoreKey(config), {
      tokens: {
        access_token: access ?? "",
        refresh_token: refresh,
        token_type: tokenType,
        dpop_jkt: jkt,
        dpop_key: sealed,
      } as StoredAuth["tokens"],
      savedAt: new Date().toISOString(),
    });
    const views = await inspectAuth(servers, store);
    expect(views.get("pay")).toEqual({ flow: "oauth", binding: shown });
    const printed = `${authLines(output, views.get("pay")).join("\n")}\n${JSON.stringify([...views])}`;
    expect(printed).toContain(`auth: oauth, token: ${shown}`);
    for (const secret of SECRETS) expect(printed).not.toContain(secret);
  });
});
