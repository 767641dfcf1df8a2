/**
 * The enterprise IdP's token endpoint, for the RFC 8693 token exchange: the configured one, else
 * read from the IdP's metadata. Written by hand because the SDK's discovery
 * (`discoverAuthorizationServerMetadata`, which `discoverAndRequestJwtAuthGrant` uses) validates the
 * whole RFC 8414 schema and refuses a document without `response_types_supported`, which IdPs that
 * publish only what token exchange needs leave out. What is required here is what RFC 8414 §3.3
 * requires a client to check: the document's `issuer` is the configured one; and a `token_endpoint`
 * that is https (or http on a loopback host). The URLs tried are RFC 8414 §3.1's, then OpenID
 * Connect Discovery's (both the path-inserted and the path-appended forms).
 * @module
 */
import type { FetchLike } from "@modelcontextprotocol/client";
import { isLoopbackHostname } from "../loopback-hostname.js";
import { describeServerUrl, issuersMatch } from "./resource-binding.js";

/** Whether a token endpoint may carry an ID token: https, or http on a loopback host. */
export function isSecureEndpoint(value: string): boolean {
  if (!URL.canParse(value)) return false;
  const url = new URL(value);
  return url.protocol === "https:" || (url.protocol === "http:" && isLoopbackHostname(url.hostname));
}

/** The metadata URLs of `issuer`, in the order they are tried. */
export function idpMetadataUrls(issuer: string): string[] {
  const url = new URL(issuer);
  const path = url.pathname === "/" ? "" : url.pathname.replace(/\/$/, "");
  return [
    `${url.origin}/.well-known/oauth-authorization-server${path}`,
    `${url.origin}/.well-known/openid-configuration${path}`,
    ...(path ? [`${url.origin}${path}/.well-known/openid-configuration`] : []),
  ];
}

async function readDocument(fetchFn: FetchLike, url: string): Promise<Record<string, unknown> | undefined> {
  const response = await fetchFn(url, { headers: { accept: "application/json" } });
  if (!response.ok) {
    await response.body?.cancel().catch(() => {});
    return undefined;
  }
  try {
    const body: unknown = await response.json();
    return body !== null && typeof body === "object" ? (body as Record<string, unknown>) : undefined;
  } catch {
    return undefined;
  }
}

/**
 * The token endpoint the IdP's metadata names. Rejects when no document was found, or the first
 * one found names another issuer or an insecure token endpoint (a document of another IdP is never
 * skipped over: the next URL is tried only when one is missing).
 */
export async function discoverIdpTokenEndpoint(issuer: string, fetchFn: FetchLike): Promise<string> {
  for (const url of idpMetadataUrls(issuer)) {
    const document = await readDocument(fetchFn, url);
    if (!document) continue;
    if (typeof document.issuer !== "string" || !issuersMatch(document.issuer, issuer)) {
      throw new Error(
        `the identity provider's metadata at ${describeServerUrl(url)} names another issuer than ${describeServerUrl(issuer)}`,
      );
    }
    const endpoint = document.token_endpoint;
    if (typeof endpoint !== "string" || !isSecureEndpoint(endpoint)) {
      throw new Error(
        `the identity provider's metadata at ${describeServerUrl(url)} names no https token_endpoint`,
      );
    }
    return endpoint;
  }
  throw new Error(
    `no metadata of the identity provider ${describeServerUrl(issuer)} was found (set auth.idp.tokenEndpoint)`,
  );
}
