/**
 * Binds a server's OAuth to the server the config names. The server and every authorization server
 * it names are untrusted: its protected-resource metadata (RFC 9728) must name the configured URL as
 * its resource (the SDK's `checkResourceAllowed`: same origin, the configured path under the
 * resource's) before any token is looked up, sent or refreshed for it; and the authorization server
 * it names must be the issuer `auth.issuer` pins, or — for a client that authenticates with a
 * configured secret or key — one on the configured URL's origin, before that secret goes anywhere.
 * @module
 */
import {
  type AuthorizationServerMetadata,
  checkResourceAllowed,
  discoverAuthorizationServerMetadata,
  discoverOAuthProtectedResourceMetadata,
  type FetchLike,
  type OAuthDiscoveryState,
  resourceUrlFromServerUrl,
} from "@modelcontextprotocol/client";
import { isMcpCoreError, McpCoreError } from "../errors.js";
import { optional } from "./optional.js";

/** Which authorization servers the config lets a server send its client to. */
export interface IssuerPolicy {
  /** `auth.issuer`: the only issuer accepted, whatever the server names. */
  pinned?: string | undefined;
  /** The client authenticates with a configured `clientSecret` or `privateKeyFile`. */
  confidential: boolean;
}

/** One configured server, as the binding checks see it. */
export interface ServerBinding {
  server: string;
  /** The configured URL. */
  url: string;
  policy: IssuerPolicy;
}

/** How much of a server-chosen URL a message shows. */
const MAX_SHOWN_CHARS = 200;
// C0 and C1 controls, DEL, and the bidirectional overrides that reorder what a terminal shows.
// biome-ignore lint/suspicious/noControlCharactersInRegex: replacing them is the point
const UNSAFE_CHARACTERS = /[\u0000-\u001f\u007f-\u009f\u200e\u200f\u202a-\u202e\u2066-\u2069]/g;

/**
 * A URL a server or authorization server chose, as a message may show it: parsed and serialized
 * (`new URL(x).href`), control and bidi characters replaced with `?`, at most 200 characters.
 */
export function describeServerUrl(value: string): string {
  let text = URL.canParse(value) ? new URL(value).href : value;
  text = text.replace(UNSAFE_CHARACTERS, "?");
  return text.length > MAX_SHOWN_CHARS ? `${text.slice(0, MAX_SHOWN_CHARS - 1)}…` : text;
}

/** Issuer identity as SEP-2352 compares it: equal, or equal but for one trailing `/`. */
export function issuersMatch(a: string, b: string): boolean {
  return a === b || (a.endsWith("/") && a.slice(0, -1) === b) || (b.endsWith("/") && b.slice(0, -1) === a);
}

/** The issuer a discovery found: the metadata's, else the authorization server URL itself. */
export function issuerOf(state: OAuthDiscoveryState): string {
  return state.authorizationServerMetadata?.issuer ?? String(state.authorizationServerUrl);
}

const authFailed = (server: string, message: string) =>
  new McpCoreError("AUTH_FAILED", `MCP server "${server}": ${message}`, { server });

const originOf = (url: string): string | undefined => (URL.canParse(url) ? new URL(url).origin : undefined);

/** Throws `AUTH_FAILED` unless `resource` (from the server's metadata) covers the configured URL. */
export function assertResource(binding: ServerBinding, resource: string): void {
  let allowed = false;
  try {
    allowed = checkResourceAllowed({
      requestedResource: resourceUrlFromServerUrl(binding.url),
      configuredResource: resource,
    });
  } catch {
    // not a URL: not allowed
  }
  if (allowed) return;
  throw authFailed(
    binding.server,
    `its protected resource metadata names the resource ${describeServerUrl(resource)}, not the configured server ${describeServerUrl(binding.url)}: no token is looked up, sent or refreshed for it`,
  );
}

/** Throws `AUTH_FAILED` unless the config lets this server's client go to `issuer`. */
export function assertIssuer(binding: ServerBinding, issuer: string): void {
  const { pinned, confidential } = binding.policy;
  if (pinned !== undefined) {
    if (issuersMatch(issuer, pinned)) return;
    throw authFailed(
      binding.server,
      `the server names the authorization server ${describeServerUrl(issuer)}, not the one auth.issuer pins (${describeServerUrl(pinned)})`,
    );
  }
  if (!confidential) return;
  const origin = originOf(binding.url);
  if (origin !== undefined && originOf(issuer) === origin) return;
  throw authFailed(
    binding.server,
    `the server names the authorization server ${describeServerUrl(issuer)}, not on its own origin ${describeServerUrl(origin ?? binding.url)}; a configured client secret or key goes only to an issuer on the server's origin or to the one auth.issuer pins (set auth.issuer to pin the issuer you trust)`,
  );
}

/** Checks a discovery (ours or the SDK's) against the binding; returns the issuer it may use. */
export function checkDiscovery(binding: ServerBinding, state: OAuthDiscoveryState): string {
  if (state.resourceMetadata) assertResource(binding, state.resourceMetadata.resource);
  const issuer = issuerOf(state);
  assertIssuer(binding, issuer);
  return issuer;
}

/**
 * Discovery as the SDK's `discoverOAuthServerInfo` does it (RFC 9728, then RFC 8414), with two
 * differences: the resource is checked before any authorization server is contacted, and when
 * `auth.issuer` is among the authorization servers the metadata names, that one is used.
 * Rejects with `AUTH_FAILED` for a resource or issuer the binding refuses.
 */
export async function discoverBound(
  binding: ServerBinding,
  fetchFn: FetchLike,
): Promise<OAuthDiscoveryState> {
  let resourceMetadata: OAuthDiscoveryState["resourceMetadata"];
  try {
    resourceMetadata = await discoverOAuthProtectedResourceMetadata(binding.url, undefined, fetchFn);
  } catch (error) {
    // No metadata at the well-known URL: the authorization server is guessed at the origin (and a
    // 401's `resource_metadata` is bound in `saveDiscoveryState` when the SDK finds it).
    if (error instanceof TypeError) throw error;
  }
  if (resourceMetadata) assertResource(binding, resourceMetadata.resource);
  const named = resourceMetadata?.authorization_servers ?? [];
  const { pinned } = binding.policy;
  const authorizationServerUrl =
    (pinned === undefined ? undefined : named.find((candidate) => issuersMatch(candidate, pinned))) ??
    named[0] ??
    new URL("/", binding.url).href;
  const authorizationServerMetadata = await discoverAuthorizationServerMetadata(authorizationServerUrl, {
    fetchFn,
  });
  const state: OAuthDiscoveryState = {
    authorizationServerUrl,
    ...optional("resourceMetadata", resourceMetadata),
    ...optional("authorizationServerMetadata", authorizationServerMetadata),
  };
  checkDiscovery(binding, state);
  return state;
}

/**
 * Throws unless a token request to `tokenUrl` (with the authorization server's `metadata`) goes to
 * `issuer`: the last check before a client secret or assertion is attached to it.
 */
export function assertTokenDestination(
  server: string,
  issuer: string | undefined,
  tokenUrl: string | URL,
  metadata: AuthorizationServerMetadata | undefined,
): void {
  const goesThere =
    issuer !== undefined &&
    (metadata?.issuer !== undefined
      ? issuersMatch(metadata.issuer, issuer)
      : originOf(String(tokenUrl)) === originOf(issuer));
  if (goesThere) return;
  throw authFailed(
    server,
    `the token request would go to ${describeServerUrl(metadata?.issuer ?? String(tokenUrl))}, not to the bound issuer: the client credentials are not sent`,
  );
}

/** A discovery the binding refused (`AUTH_FAILED`): the start fails rather than go on without a token. */
export function isBindingFailure(error: unknown): boolean {
  return isMcpCoreError(error) && error.code === "AUTH_FAILED";
}
