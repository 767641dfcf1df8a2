/**
 * A remote server's OAuth as its connection uses it: the config's `auth` with `${VAR}` expanded,
 * turned into the auth side of the server (`createServerAuth`) over the load's token store, every
 * secret it learns handed to the server's redactor. An `auth` that cannot be used (an unset
 * variable, an unreadable key file) fails the server's start, not the load.
 * @module
 */
import type { FetchLike, OAuthClientProvider } from "@modelcontextprotocol/client";
import { type AuthConfig, createServerAuth, type ServerAuth } from "../auth/server-auth.js";
import type { TokenStore } from "../auth/token-store.js";
import type { AuthInput, ServerConfig } from "../config/server-config.js";
import { expandVars } from "../env/expand-vars.js";
import type { Redactor } from "../redact/redactor.js";

/** What building a server's OAuth needs from the load. */
export interface ServerOAuthContext {
  parentEnv: Record<string, string | undefined>;
  store: () => TokenStore;
  refreshSkewMs: number;
  redactor: Redactor;
  warn: (message: string) => void;
}

const isHostProvider = (auth: AuthInput): auth is OAuthClientProvider => !("type" in auth);

/** The config's `auth` with `${VAR}` expanded in its strings (an unset variable throws, naming the field). */
function expandedAuth(
  config: ServerConfig,
  auth: AuthInput,
  env: ServerOAuthContext["parentEnv"],
): AuthConfig {
  if (isHostProvider(auth)) return { type: "provider", provider: auth };
  const expand = (value: string | undefined, field: string) =>
    value === undefined
      ? undefined
      : expandVars(value, env, "error", { server: config.name, field: `auth.${field}` });
  const scopes = auth.scopes ? [...auth.scopes] : undefined;
  if (auth.type === "client_credentials") {
    return {
      type: "client_credentials",
      clientId: expand(auth.clientId, "clientId") ?? "",
      clientSecret: expand(auth.clientSecret, "clientSecret"),
      privateKeyFile: expand(auth.privateKeyFile, "privateKeyFile"),
      scopes,
    };
  }
  return {
    type: "oauth",
    clientId: expand(auth.clientId, "clientId"),
    clientSecret: expand(auth.clientSecret, "clientSecret"),
    clientMetadataUrl: expand(auth.clientMetadataUrl, "clientMetadataUrl"),
    redirectUrl: expand(auth.redirectUrl, "redirectUrl"),
    scopes,
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
      auth: expandedAuth(config, config.auth, context.parentEnv),
      store: context.store(),
      refreshSkewMs: context.refreshSkewMs,
      // The configured client secret is pinned, the current tokens held, older tokens a bounded history.
      onSecret: (value, kind) => context.redactor.secret(value, kind),
      warn: context.warn,
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
