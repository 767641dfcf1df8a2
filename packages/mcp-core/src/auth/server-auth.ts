/**
 * `createServerAuth` — the one object the core uses per remote OAuth server: the provider and the
 * fetch for the v2 transport, the pending authorization URL, `finish` (code → tokens), proactive
 * `ready`, `close`. Built on the SDK's `auth()`; what it adds is in `store-provider.ts`.
 * @module
 */
import { auth, type FetchLike, type OAuthClientProvider } from "@modelcontextprotocol/client";
import { McpCoreError } from "../errors.js";
import type { SecretKind } from "../redact/redactor.js";
import { type AuthCallback, type ParsedAuthCallback, parseAuthCallback } from "./auth-callback.js";
import { type AuthConfig, validateAuthConfig, warnOfExposedKeyFile } from "./auth-config-checks.js";
import { authEntryKey, clientKeyOf } from "./auth-entry-key.js";
import { refreshingFetch } from "./auth-fetch.js";
import { exchangeFailure, keptCause, messageOf } from "./auth-message.js";
import { assertAuthUrl } from "./authorization-server-policy.js";
import { DEFAULT_AUTH_REQUEST_TIMEOUT_MS, guardedFetch, serverFetchGuard } from "./guarded-fetch.js";
import { headlessFactory } from "./headless-grant.js";
import { type LoopbackRedirect, listenForRedirect } from "./loopback-redirect.js";
import { optional } from "./optional.js";
import { isBindingFailure } from "./resource-binding.js";
import { routeSdkWarnings, withSdkWarnings } from "./sdk-warnings.js";
import { StoreProvider } from "./store-provider.js";
import { timedFetch } from "./timed-fetch.js";
import type { TokenStore } from "./token-store.js";

export type { AuthConfig } from "./auth-config-checks.js";

export interface ServerAuthParams {
  /** The server's name, for messages. */
  server: string;
  /** The server's Streamable HTTP URL (the protected resource). */
  url: string;
  auth: AuthConfig;
  store: TokenStore;
  /** Refresh this long before the access token expires. */
  refreshSkewMs: number;
  /** Called with every secret learned (tokens, client secret, code, verifier) so the core redacts it. */
  onSecret: (value: string, kind?: SecretKind) => void;
  warn: (message: string) => void;
  /** Called when an authorization completed through the loopback redirect (no `finish` call from the host). */
  onAuthorized?: (() => void) | undefined;
  /** A `perTenant` server's tenant: its credentials are its own, under its own store key. */
  tenant?: string | undefined;
  /** Bound of each discovery, token and refresh request the provider makes. @default 30000 */
  requestTimeoutMs?: number | undefined;
  /** How long the loopback listener waits for the person. @default 300000 (5 min) */
  redirectTimeoutMs?: number | undefined;
}

/** The OAuth side of one remote server. */
export interface ServerAuth {
  /** Give to `StreamableHTTPClientTransport({ authProvider })`. */
  provider: OAuthClientProvider;
  /** Wrap the transport's fetch: a 401 is refreshed once (single-flight) and retried once. */
  wrapFetch(base?: FetchLike): FetchLike;
  /** Set once an authorization request was made: a person must open it. */
  authorizationUrl(): URL | undefined;
  /** The redirect (callback URL, its query, or `{ code, state, iss }`) → tokens. Rejects with `AUTH_FAILED`. */
  finish(input: AuthCallback): Promise<void>;
  /**
   * Discovers and binds the server (rejects with `AUTH_FAILED` when its metadata names another
   * resource, or an authorization server the config does not let its client go to), then refreshes
   * now if the access token expires within the skew (headless: gets the first token). Rejects for
   * nothing else.
   */
  ready(): Promise<void>;
  /** Stops the loopback listener, if any. */
  close(): void;
}

/** Default bound of one discovery, token or refresh request. */
export const DEFAULT_REQUEST_TIMEOUT_MS = DEFAULT_AUTH_REQUEST_TIMEOUT_MS;

const authFailed = (server: string, message: string, cause?: unknown) =>
  new McpCoreError("AUTH_FAILED", `MCP server "${server}": ${message}`, { server, cause });

/** Builds the OAuth side of one remote server. Throws `CONFIG_INVALID` for an unusable `auth`. */
export function createServerAuth(params: ServerAuthParams): ServerAuth {
  const config = params.auth;
  if (config.type === "provider") return hostProviderAuth(params, config.provider);
  validateAuthConfig(params.server, config);
  let loopback: LoopbackRedirect | undefined;
  let closed = false;
  const finishing = new Map<string, Promise<void>>();
  const guard = serverFetchGuard(params, config.allowPrivateHosts);
  const fetchFn = guardedFetch(guard, timedFetch(params.requestTimeoutMs ?? DEFAULT_REQUEST_TIMEOUT_MS));

  // A workload JWT is guarded by its audience (`workload-grant.ts`), not by the issuer's origin.
  const clientSecret = "clientSecret" in config ? config.clientSecret : undefined;
  const confidential =
    clientSecret !== undefined || (config.type === "client_credentials" && !!config.privateKeyFile);
  const provider = new StoreProvider({
    server: params.server,
    url: params.url,
    binding: { server: params.server, url: params.url, policy: { pinned: config.issuer, confidential } },
    storeKey: authEntryKey(params.url, clientKeyOf(config), params.tenant),
    fetchFn,
    store: params.store,
    refreshSkewMs: params.refreshSkewMs,
    onSecret: params.onSecret,
    warn: params.warn,
    dpop: config.dpop,
    grant:
      config.type === "oauth"
        ? { kind: "interactive", ...config, listen }
        : {
            kind: "credentials",
            clientId: config.clientId,
            create: headlessFactory(params, config, fetchFn),
          },
  });
  warnOfExposedKeyFile(params.server, params.warn, config);
  if (clientSecret) params.onSecret(clientSecret, "configured");
  if (config.dpop?.sealingKey) params.onSecret(config.dpop.sealingKey, "configured");
  if (config.type === "enterprise_managed" && config.idp.clientSecret)
    params.onSecret(config.idp.clientSecret, "configured");
  routeSdkWarnings(provider, params.server, params.warn);

  async function listen(): Promise<string> {
    if (closed) throw new Error(`MCP server "${params.server}": closed`);
    if (loopback) return loopback.url; // one pending authorization at a time
    const listener = await listenForRedirect({
      timeoutMs: params.redirectTimeoutMs,
      expectedState: () => provider.pendingState,
    });
    loopback = listener;
    listener.result
      .then(
        (callback) => finish(callback).then(() => params.onAuthorized?.()),
        (error: unknown) => {
          if (!closed && loopback === listener)
            params.warn(`MCP server "${params.server}": ${messageOf(error)}`);
        },
      )
      .catch((error: unknown) => params.warn(messageOf(error)))
      .finally(() => {
        if (loopback === listener) loopback = undefined;
      });
    return listener.url;
  }

  function finish(input: AuthCallback): Promise<void> {
    const callback = parseAuthCallback(input);
    if (callback.code) params.onSecret(callback.code);
    const key = callback.code ?? "";
    const running = finishing.get(key) ?? exchange(callback).finally(() => finishing.delete(key));
    finishing.set(key, running);
    return running;
  }

  async function exchange(callback: ParsedAuthCallback): Promise<void> {
    if (callback.error)
      throw authFailed(params.server, `the authorization was not granted (${callback.error})`);
    // A callback without a state is refused as a wrong one is: taking it would let anyone who
    // learned a code (or forged one) finish the pending authorization with its PKCE verifier.
    if (!callback.state)
      throw authFailed(params.server, "the callback carries no state of the pending authorization request");
    if (!(await provider.prepareExchange(callback.state))) {
      throw authFailed(
        params.server,
        "the callback's state does not match the pending authorization request",
      );
    }
    await exchangeCode(params, provider, callback, fetchFn);
    provider.clearPendingAuthorization();
    loopback?.close();
    loopback = undefined;
  }

  return {
    provider,
    wrapFetch: (base) =>
      refreshingFetch(
        {
          renew: (rejected) => provider.renew(rejected),
          currentAccessToken: () => provider.currentAccessToken(),
          refused: () => provider.tokenRefused(),
          proofFor: async (accessToken, htm, htu) =>
            (await provider.dpop())?.buildProof({ htm, htu, accessToken }),
        },
        guardedFetch({ ...guard, passEndpoint: true }, base),
      ),
    authorizationUrl: () => provider.pendingAuthorization,
    finish,
    ready: async () => {
      await provider.tokens().catch((error: unknown) => {
        if (isBindingFailure(error)) throw error;
        params.warn(`MCP server "${params.server}": ${messageOf(error)}`);
      });
    },
    close: () => {
      closed = true;
      loopback?.close();
      loopback = undefined;
    },
  };
}

/** The callback's code → tokens through the SDK's `auth()`; rejects with `AUTH_FAILED`. */
async function exchangeCode(
  params: ServerAuthParams,
  provider: OAuthClientProvider,
  callback: ParsedAuthCallback,
  fetchFn: FetchLike | undefined,
): Promise<void> {
  if (callback.error)
    throw authFailed(params.server, `the authorization was not granted (${callback.error})`);
  if (!callback.code) throw authFailed(params.server, "the callback carries no authorization code");
  const code = callback.code;
  let result: string;
  try {
    result = await withSdkWarnings(params.server, params.warn, () =>
      auth(provider, {
        serverUrl: params.url,
        authorizationCode: code,
        ...optional("iss", callback.iss),
        ...optional("fetchFn", fetchFn),
      }),
    );
  } catch (error) {
    throw authFailed(params.server, exchangeFailure(error), keptCause(error));
  }
  if (result !== "AUTHORIZED") throw authFailed(params.server, "the code exchange did not authorize");
}

/** A host's own provider: used as it is; the authorization URL it is sent to is remembered. */
function hostProviderAuth(params: ServerAuthParams, host: OAuthClientProvider): ServerAuth {
  let pending: URL | undefined;
  const guard = serverFetchGuard(params);
  const provider = new Proxy(host, {
    get(target, property) {
      if (property === "redirectToAuthorization") {
        return async (url: URL) => {
          assertAuthUrl(params.server, params.url, url, "the authorization endpoint");
          pending = url;
          await target.redirectToAuthorization(url);
        };
      }
      const value: unknown = Reflect.get(target, property, target);
      return typeof value === "function" ? value.bind(target) : value;
    },
  });
  routeSdkWarnings(provider, params.server, params.warn);
  return {
    provider,
    wrapFetch: (base) => guardedFetch({ ...guard, passEndpoint: true }, base),
    authorizationUrl: () => pending,
    finish: async (input) => {
      const callback = parseAuthCallback(input);
      if (callback.code) params.onSecret(callback.code);
      await exchangeCode(params, provider, callback, guardedFetch(guard));
      pending = undefined;
    },
    ready: async () => {},
    close: () => {},
  };
}
