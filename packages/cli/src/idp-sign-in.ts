/**
 * The interactive sign-in at an enterprise IdP that `toolnexus-mcp login` runs for an
 * `enterprise_managed` server whose ID token source is a file (`auth.idp.idToken: { file }`): the
 * OpenID Connect authorization code flow with PKCE (S256), `state` and `nonce`, the redirect taken
 * on a listener on 127.0.0.1 (RFC 8252), the ID token checked (issuer, audience, nonce, expiry; it
 * came straight from the token endpoint over the channel OIDC Core §3.1.3.7 lets stand in for the
 * signature, and the IdP verifies it again at the token exchange) and written to that file (0600).
 * The library then reads it there. The IdP is trusted only as far as the config names it: its
 * metadata must name the configured issuer, its endpoints must be https (http on a loopback host),
 * a callback without this request's state is refused, and the ID token is never printed.
 * @module
 */
import { createHash, randomBytes } from "node:crypto";
import { once } from "node:events";
import { mkdir, rename, writeFile } from "node:fs/promises";
import { createServer, type Server } from "node:http";
import { dirname } from "node:path";
import type { HttpServerConfig } from "@toolnexus/mcp-core/config";
import { isLoopbackHostname } from "@toolnexus/mcp-core/config";

/** What the sign-in needs of the server's config. */
export interface IdpSignInTarget {
  issuer: string;
  clientId: string;
  clientSecret?: string | undefined;
  /** Where the library reads the ID token (`auth.idp.idToken.file`). */
  file: string;
}

const expand = (value: string): string =>
  value.replace(/\$\{([A-Za-z_][A-Za-z0-9_]*)\}/g, (_, name: string) => {
    const found = process.env[name];
    if (found === undefined) throw new Error(`\${${name}} is not set`);
    return found;
  });

/** The sign-in an `enterprise_managed` server's config allows the CLI, or undefined. */
export function idpSignInTarget(config: HttpServerConfig): IdpSignInTarget | undefined {
  const auth = config.auth;
  if (!auth || !("type" in auth) || auth.type !== "enterprise_managed") return undefined;
  const source = auth.idp.idToken;
  if (typeof source === "function" || !("file" in source)) return undefined;
  return {
    issuer: expand(auth.idp.issuer),
    clientId: expand(auth.idp.clientId),
    clientSecret: auth.idp.clientSecret === undefined ? undefined : expand(auth.idp.clientSecret),
    file: expand(source.file),
  };
}

const base64url = (bytes: Buffer): string => bytes.toString("base64url");

function secureEndpoint(value: unknown, what: string): string {
  if (typeof value !== "string" || !URL.canParse(value)) throw new Error(`the IdP's metadata has no ${what}`);
  const url = new URL(value);
  if (url.protocol === "https:" || (url.protocol === "http:" && isLoopbackHostname(url.hostname)))
    return url.href;
  throw new Error(`the IdP's ${what} is not https`);
}

const sameIssuer = (a: string, b: string) => a.replace(/\/$/, "") === b.replace(/\/$/, "");

/** The IdP's authorization and token endpoints, from its RFC 8414 or OpenID Connect metadata. */
async function idpEndpoints(issuer: string): Promise<{ authorize: string; token: string }> {
  const url = new URL(issuer);
  const path = url.pathname === "/" ? "" : url.pathname.replace(/\/$/, "");
  const candidates = [
    `${url.origin}/.well-known/oauth-authorization-server${path}`,
    `${url.origin}/.well-known/openid-configuration${path}`,
    ...(path ? [`${url.origin}${path}/.well-known/openid-configuration`] : []),
  ];
  for (const candidate of candidates) {
    const response = await fetch(candidate, { redirect: "error", signal: AbortSignal.timeout(30_000) });
    if (!response.ok) {
      await response.body?.cancel().catch(() => {});
      continue;
    }
    const metadata = (await response.json()) as Record<string, unknown>;
    if (typeof metadata.issuer !== "string" || !sameIssuer(metadata.issuer, issuer))
      throw new Error("the IdP's metadata names another issuer");
    return {
      authorize: secureEndpoint(metadata.authorization_endpoint, "authorization_endpoint"),
      token: secureEndpoint(metadata.token_endpoint, "token_endpoint"),
    };
  }
  throw new Error("no metadata of the identity provider was found");
}

/** Waits for the one redirect carrying `state` on `server`; others get 400 and are ignored. */
function redirectOf(server: Server, state: string, timeoutMs: number): Promise<URLSearchParams> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no sign-in within ${timeoutMs} ms`)), timeoutMs);
    server.on("request", (request, response) => {
      const query = new URL(request.url ?? "/", "http://127.0.0.1").searchParams;
      if (query.get("state") !== state) {
        response.writeHead(400).end("not the pending sign-in");
        return;
      }
      response.writeHead(200, { "content-type": "text/plain" }).end("Signed in; you can close this tab.");
      clearTimeout(timer);
      resolve(query);
    });
  });
}

/** The ID token's claims, checked as OIDC Core §3.1.3.7 asks of a code flow client (TLS for the signature). */
function checkIdToken(idToken: string, target: IdpSignInTarget, nonce: string): void {
  let claims: Record<string, unknown>;
  try {
    claims = JSON.parse(Buffer.from(idToken.split(".")[1] ?? "", "base64url").toString("utf8"));
  } catch {
    throw new Error("the IdP's id_token is not a JWT");
  }
  const audiences = Array.isArray(claims.aud) ? claims.aud : [claims.aud];
  if (typeof claims.iss !== "string" || !sameIssuer(claims.iss, target.issuer))
    throw new Error("the ID token names another issuer");
  if (!audiences.includes(target.clientId)) throw new Error("the ID token is for another client");
  if (claims.nonce !== nonce) throw new Error("the ID token's nonce is not this sign-in's");
  if (typeof claims.exp === "number" && claims.exp * 1000 <= Date.now())
    throw new Error("the ID token has expired");
}

/**
 * Signs the person in at the IdP and writes the ID token to `target.file`. `show` gets the URL to
 * open (printed and maybe opened by the caller). Rejects with a message that never holds a token.
 */
export async function signInAtIdp(
  target: IdpSignInTarget,
  show: (url: string) => void,
  timeoutMs: number,
): Promise<void> {
  const endpoints = await idpEndpoints(target.issuer);
  const verifier = base64url(randomBytes(32));
  const state = base64url(randomBytes(16));
  const nonce = base64url(randomBytes(16));
  const server = createServer();
  server.listen(0, "127.0.0.1");
  await once(server, "listening");
  try {
    const address = server.address();
    const redirectUri = `http://127.0.0.1:${typeof address === "object" && address ? address.port : 0}/callback`;
    const url = new URL(endpoints.authorize);
    for (const [key, value] of Object.entries({
      response_type: "code",
      client_id: target.clientId,
      redirect_uri: redirectUri,
      scope: "openid",
      state,
      nonce,
      code_challenge: base64url(createHash("sha256").update(verifier).digest()),
      code_challenge_method: "S256",
    }))
      url.searchParams.set(key, value);
    const waiting = redirectOf(server, state, timeoutMs);
    show(url.href);
    const query = await waiting;
    const error = query.get("error");
    if (error)
      throw new Error(`the IdP did not sign the person in (${error.replace(/[^\w.-]/g, "?").slice(0, 64)})`);
    const iss = query.get("iss");
    if (iss !== null && !sameIssuer(iss, target.issuer))
      throw new Error("the redirect's iss is not the IdP's");
    const code = query.get("code");
    if (!code) throw new Error("the redirect carries no code");
    const body = new URLSearchParams({
      grant_type: "authorization_code",
      code,
      redirect_uri: redirectUri,
      client_id: target.clientId,
      code_verifier: verifier,
      ...(target.clientSecret ? { client_secret: target.clientSecret } : {}),
    });
    const response = await fetch(endpoints.token, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded", accept: "application/json" },
      body,
      redirect: "error",
      signal: AbortSignal.timeout(30_000),
    });
    const answer = (await response.json().catch(() => ({}))) as Record<string, unknown>;
    const idToken = answer.id_token;
    if (!response.ok || typeof idToken !== "string")
      throw new Error(`the IdP's token endpoint gave no id_token (HTTP ${response.status})`);
    checkIdToken(idToken, target, nonce);
    await mkdir(dirname(target.file), { recursive: true, mode: 0o700 });
    const temporary = `${target.file}.${process.pid}.tmp`;
    await writeFile(temporary, idToken, { mode: 0o600 });
    await rename(temporary, target.file);
  } finally {
    server.closeAllConnections();
    server.close();
  }
}
