/**
 * A remote server's OAuth as its connection uses it: the config's `auth` with `${VAR}` expanded,
 * turned into the auth side of the server (`createServerAuth`) over the load's token store, every
 * secret it learns handed to the server's redactor. An `auth` that cannot be used (an unset
 * variable, an unreadable key file) fails the server's start, not the load.
 * @module
 */
import type { FetchLike, OAuthClientProvider } from "@modelcontextprotocol/client";
import type { ServerConfig } from "../config/server-config.js";
import type { Redactor } from "../redact/redactor.js";
import { expandedAuth } from "./expand-auth.js";
import { fileTokenStore } from "./file-token-store.js";
import { createServerAuth, type ServerAuth } from "./server-auth.js";
import type { TokenStore } from "./token-store.js";

/** What building a server's OAuth needs from the load. */
export interface ServerOAuthContext {
  parentEnv: Record<string, string | undefined>;
  store: () => TokenStore;
  refreshSkewMs: number;
  redactor: Redactor;
  warn: (message: string) => void;
  /** A `perTenant` server's tenant: the instance's credentials are the tenant's own. */
  tenant?: string | undefined;
}

/**
 * The load's token store: the host's, or a `fileTokenStore()` made on the first call (a default
 * store touches the disk only when a server needs it), shared by every server of the load.
 */
export function loadTokenStore(given: TokenStore | undefined): () => TokenStore {
  let made: TokenStore | undefined = given;
  return () => {
    made ??= fileTokenStore();
    return made;
  };
}

/** The server's OAuth, or undefined for a server without `auth`. */
export function serverOAuth(
  config: ServerConfig,
  context: ServerOAuthContext,
  /** A person completed the authorization through the loopback redirect: start the server. */
  onAuthorized: () => void,
): ServerAuth | undefined {
  if (config.transport === "stdio" || config.auth === undefined) return undefined;
  try {
    const auth = createServerAuth({
      server: config.name,
      url: config.url,
      auth: expandedAuth(config.name, config.auth, context.parentEnv),
      store: context.store(),
      refreshSkewMs: context.refreshSkewMs,
      // The configured client secret is pinned, the current tokens held, older tokens a bounded history.
      onSecret: (value, kind) => context.redactor.secret(value, kind),
      warn: context.warn,
      tenant: context.tenant,
      onAuthorized,
    });
    return auth;
  } catch (error) {
    return unusableAuth(error);
  }
}

/** An `auth` that cannot be used: every start fails with why (before the provider is asked for anything). */
function unusableAuth(error: unknown): ServerAuth {
  const fail = (): never => {
    throw error;
  };
  return {
    get provider(): OAuthClientProvider {
      return fail();
    },
    wrapFetch: (base?: FetchLike) => base ?? fetch,
    authorizationUrl: () => undefined,
    finish: async () => fail(),
    ready: async () => fail(),
    close: () => {},
  };
}
