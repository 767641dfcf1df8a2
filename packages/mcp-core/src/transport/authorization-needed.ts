/**
 * The OAuth failure only a person can fix: the client needs an authorization it cannot get alone
 * (no tokens, or a refresh the authorization server refused for good). The connection then waits in
 * `needs-auth` instead of retrying.
 * @module
 */
import { UnauthorizedError } from "@modelcontextprotocol/client";
import { idpSignInOf } from "../auth/idp-sign-in.js";
import { describeServerUrl } from "../auth/resource-binding.js";
import { McpCoreError } from "../errors.js";
import { serverLabel } from "../server-message.js";

/** True for the client's "authorization needed" error, also when a negotiation wrapped it. */
export function isAuthorizationNeeded(error: unknown): boolean {
  for (let e = error, depth = 0; e instanceof Error && depth < 4; e = e.cause, depth++) {
    if (e instanceof UnauthorizedError) return true;
  }
  return false;
}

/**
 * `AUTH_REQUIRED`: `MCP server "x" needs authorization`, or, when the enterprise IdP's step is the
 * one that waits (`auth/idp-sign-in.ts`), `needs a sign-in at its identity provider`.
 */
export function authorizationNeeded(server: string, cause: unknown, tenant?: string): McpCoreError {
  const idp = idpSignInOf(cause);
  if (idp) {
    return new McpCoreError(
      "AUTH_REQUIRED",
      `${serverLabel(server)} needs a sign-in at its identity provider ${describeServerUrl(idp.idpIssuer)} (${idp.message}): sign in there so that auth.idp.idToken gives a valid ID token, then restart the server`,
      { server, cause },
    );
  }
  // A tenant's instance (SPEC §23.3) is authorized for that tenant alone.
  const whose = tenant === undefined ? "" : ` for tenant ${JSON.stringify(tenant)}`;
  const option = tenant === undefined ? "" : `, { tenant: ${JSON.stringify(tenant)} }`;
  return new McpCoreError(
    "AUTH_REQUIRED",
    `${serverLabel(server)} needs authorization${whose}: open its authorization URL (onStateChange) and call source.authorize("${server}", …${option})`,
    { server, cause },
  );
}
