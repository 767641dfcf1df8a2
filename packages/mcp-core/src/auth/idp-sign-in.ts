/**
 * The IdP step of Enterprise-Managed Authorization needs a person: no ID token could be had (the
 * source failed or gave an expired one) or the IdP refused the one it had. It is the SDK's
 * `UnauthorizedError` so the connection waits in `needs-auth` as for any authorization, and a
 * class of its own so that state says which step waits: a sign-in at the IdP, not at the server.
 * @module
 */
import { UnauthorizedError } from "@modelcontextprotocol/client";

/** No usable ID token for the IdP `issuer`: a person must sign in there (host or `toolnexus-mcp login`). */
export class IdpSignInRequired extends UnauthorizedError {
  readonly idpIssuer: string;

  constructor(idpIssuer: string, reason: string) {
    super(reason);
    this.name = "IdpSignInRequired";
    this.idpIssuer = idpIssuer;
  }
}

/** The IdP sign-in an error (or one of its causes) waits for, if any. */
export function idpSignInOf(error: unknown): IdpSignInRequired | undefined {
  for (let e = error, depth = 0; e instanceof Error && depth < 6; e = e.cause, depth++) {
    if (e instanceof IdpSignInRequired) return e;
  }
  return undefined;
}
