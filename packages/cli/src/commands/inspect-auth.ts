/**
 * What `inspect` shows of a remote server's OAuth: which flow its config runs (`auth.type`, or the
 * host's own provider) and how the token it holds is bound — `bearer`, or `DPoP` (sender-
 * constrained: useless without the key) — read from the token store's entry (its `token_type`).
 * Never a token, a secret or a key: only these words.
 * @module
 */
import type { ServerConfig } from "@toolnexus/mcp-core/config";
import { authStoreKey, type TokenStore } from "@toolnexus/mcp-core/stores";
import { labelled, type Output } from "../output.js";

/** One server's OAuth, as `inspect --json` prints it (`auth`). */
export interface InspectAuth {
  /** `oauth`, `client_credentials`, `enterprise_managed`, `workload_identity`, or `provider` (the host's own). */
  flow: string;
  /**
   * How the stored token is bound: `bearer` or `DPoP`; `none` when no token is stored; `unknown`
   * when the store cannot say (the host's own provider keeps its own; a `${VAR}` in the key unset).
   */
  binding: "bearer" | "DPoP" | "none" | "unknown";
}

async function bindingOf(config: ServerConfig, store: TokenStore): Promise<InspectAuth["binding"]> {
  let key: string;
  try {
    key = authStoreKey(config);
  } catch {
    return "unknown";
  }
  const tokens = await store
    .get(key)
    .then((stored) => stored?.tokens)
    .catch(() => undefined);
  if (!tokens) return "none";
  return tokens.token_type?.toLowerCase() === "dpop" ? "DPoP" : "bearer";
}

/** Each remote server with `auth`: its flow and its token's binding, by name. */
export async function inspectAuth(
  configs: readonly ServerConfig[],
  store: TokenStore,
): Promise<Map<string, InspectAuth>> {
  const views = new Map<string, InspectAuth>();
  for (const config of configs) {
    if (config.transport === "stdio" || config.auth === undefined) continue;
    const flow = "type" in config.auth ? config.auth.type : "provider";
    const binding = flow === "provider" ? "unknown" : await bindingOf(config, store);
    views.set(config.name, { flow, binding });
  }
  return views;
}

/** `  auth: enterprise_managed, token bound: DPoP` below the server's row. */
export function authLines(output: Output, auth: InspectAuth | undefined): string[] {
  if (!auth) return [];
  const bound = auth.binding === "none" ? "no token stored" : `token: ${auth.binding}`;
  return labelled(output, "  auth: ", `${auth.flow}, ${bound}`);
}
