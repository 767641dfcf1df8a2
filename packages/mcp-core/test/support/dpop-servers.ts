// A DPoP authorization server and resource (RFC 9449) as real HTTP servers on 127.0.0.1, playing
// the adversary's checks: every proof's signature (ES256, the public JWK in its header), typ, htm,
// htu, iat, jti (a replay is recorded), nonce when one is demanded, and at the resource ath and the
// token's key (cnf.jkt). The authorization server registers clients, approves at /authorize,
// answers the code, refresh_token and client_credentials grants, and binds each token and refresh
// token to the proof's key; a refresh signed with another key is refused (a public client's refresh
// token is bound, RFC 9449 §5).
import { createHash, randomUUID } from "node:crypto";
import { once } from "node:events";
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import { afterEach } from "vitest";
import { b64, verifyProof } from "./dpop-proof.js";

export { type CheckedProof, thumbprint, verifyProof } from "./dpop-proof.js";

const servers: Server[] = [];

/** Closes every server the file started, after each test. */
export function closeDpopServersAfterEach(): void {
  afterEach(async () => {
    for (const server of servers.splice(0)) {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    }
  });
}

type Answer = [number, object | undefined, Record<string, string>?];
/** The handler took the response over (an event stream it keeps open). */
const STREAMING = "streaming";

async function listen(
  handler: (
    request: IncomingMessage,
    body: string,
    response: ServerResponse,
  ) => Promise<Answer | typeof STREAMING>,
): Promise<string> {
  const server = createServer(async (request, response) => {
    let body = "";
    for await (const chunk of request) body += chunk;
    const answer = await handler(request, body, response);
    if (answer === STREAMING) return;
    const [status, json, headers] = answer;
    response.writeHead(status, { ...(json ? { "content-type": "application/json" } : {}), ...headers });
    response.end(json ? JSON.stringify(json) : undefined);
  });
  servers.push(server);
  server.listen(0, "127.0.0.1");
  await once(server, "listening");
  const address = server.address();
  return `http://127.0.0.1:${typeof address === "object" && address ? address.port : 0}`;
}

export interface DpopServersOptions {
  /** What the metadata advertises in dpop_signing_alg_values_supported (undefined: the field is left out). */
  algs?: string[] | undefined;
  /** A nonce the AS demands (400 use_dpop_nonce) and the RS demands (401), or the raw header value a hostile server sends. */
  asNonce?: string | undefined;
  rsNonce?: string | undefined;
  /** The token_type a refresh answers (a downgrade when "Bearer"). */
  refreshTokenType?: string | undefined;
  /** Tokens last this long (s). */
  expiresIn?: number | undefined;
  /**
   * Serve the legacy HTTP+SSE transport instead of Streamable HTTP: `GET /sse` opens the event
   * stream (its `mcp` URL), `POST /messages?sessionId=…` carries the client's messages; both
   * checked as a Streamable HTTP request is.
   */
  sse?: boolean | undefined;
}

/** The pair and what they saw. */
export interface DpopServers {
  issuer: string;
  mcp: string;
  /** Every Authorization header the resource received. */
  authorizations: string[];
  /** Every proof either server received, verbatim. */
  proofs: string[];
  /** Failed checks, by server (empty when every proof was right). */
  problems: string[];
  /** Grant types the token endpoint answered, in order ("-nonce" when it asked for one). */
  grants: string[];
  /** How many times a proof's jti was seen again. */
  replays: number;
  /** Access tokens the resource no longer takes (as if expired early). */
  revoked: Set<string>;
  /** Token → key thumbprint, as the AS bound them. */
  boundTo: Map<string, string>;
  options: DpopServersOptions;
}

/** Starts the authorization server and the MCP resource it protects. */
export async function startDpopServers(options: DpopServersOptions = {}): Promise<DpopServers> {
  const seen = new Set<string>();
  const state: DpopServers = {
    issuer: "",
    mcp: "",
    authorizations: [],
    proofs: [],
    problems: [],
    grants: [],
    replays: 0,
    revoked: new Set(),
    boundTo: new Map(),
    options,
  };
  const refreshKeys = new Map<string, string>();
  const check = async (where: string, proof: string | undefined, method: string, url: string) => {
    if (proof) state.proofs.push(proof);
    try {
      const checked = await verifyProof(proof, method, url);
      if (seen.has(checked.jti)) state.replays++;
      seen.add(checked.jti);
      return checked;
    } catch (error) {
      state.problems.push(`${where}: ${(error as Error).message}`);
      return undefined;
    }
  };
  let counter = 0;
  const issue = (jkt: string | undefined, tokenType = jkt ? "DPoP" : "Bearer") => {
    counter++;
    const access = `at-${counter}-${randomUUID()}`;
    const refresh = `rt-${counter}-${randomUUID()}`;
    if (jkt) {
      state.boundTo.set(access, jkt);
      refreshKeys.set(refresh, jkt);
    }
    return {
      access_token: access,
      token_type: tokenType,
      expires_in: options.expiresIn ?? 3600,
      refresh_token: refresh,
    };
  };

  state.issuer = await listen(async (request, body) => {
    const url = new URL(request.url ?? "/", state.issuer);
    if (url.pathname === "/.well-known/oauth-authorization-server")
      return [
        200,
        {
          issuer: state.issuer,
          authorization_endpoint: `${state.issuer}/authorize`,
          token_endpoint: `${state.issuer}/token`,
          registration_endpoint: `${state.issuer}/register`,
          response_types_supported: ["code"],
          grant_types_supported: ["authorization_code", "refresh_token", "client_credentials"],
          code_challenge_methods_supported: ["S256"],
          token_endpoint_auth_methods_supported: ["none", "client_secret_post", "client_secret_basic"],
          ...(options.algs ? { dpop_signing_alg_values_supported: options.algs } : {}),
        },
      ];
    if (url.pathname === "/register") {
      const metadata = JSON.parse(body) as Record<string, unknown>;
      return [201, { ...metadata, client_id: "dpop-client", token_endpoint_auth_method: "none" }];
    }
    if (url.pathname === "/authorize") {
      const back = new URL(url.searchParams.get("redirect_uri") ?? "");
      back.searchParams.set("code", "the-code");
      back.searchParams.set("state", url.searchParams.get("state") ?? "");
      back.searchParams.set("iss", state.issuer);
      return [302, undefined, { location: back.href }];
    }
    if (url.pathname !== "/token") return [404, {}];
    const form = new URLSearchParams(body);
    const grant = form.get("grant_type") ?? "";
    const header = request.headers.dpop;
    const proof = Array.isArray(header) ? header.join(",") : header;
    if (!proof) {
      state.grants.push(`${grant}-bearer`);
      return [200, issue(undefined)];
    }
    const checked = await check("as", proof, "POST", `${state.issuer}/token`);
    if (!checked) return [400, { error: "invalid_dpop_proof" }];
    if (options.asNonce !== undefined && checked.nonce !== options.asNonce) {
      state.grants.push(`${grant}-nonce`);
      return [400, { error: "use_dpop_nonce" }, { "dpop-nonce": options.asNonce }];
    }
    state.grants.push(grant);
    if (grant === "refresh_token") {
      const refresh = form.get("refresh_token") ?? "";
      if (refreshKeys.get(refresh) !== checked.jkt) return [400, { error: "invalid_grant" }];
      refreshKeys.delete(refresh);
      return [200, issue(checked.jkt, options.refreshTokenType)];
    }
    if (grant === "authorization_code" && form.get("code") !== "the-code")
      return [400, { error: "invalid_grant" }];
    return [200, issue(checked.jkt)];
  });

  /** The resource's checks of one request: undefined when it may pass, else the refusal. */
  const gate = async (
    request: IncomingMessage,
    method: string,
    target: string,
  ): Promise<Answer | undefined> => {
    const metadataUrl = `${resource}/.well-known/oauth-protected-resource/${options.sse ? "sse" : "mcp"}`;
    const challenge = (extra = "") => ({
      "www-authenticate": `DPoP${extra} resource_metadata="${metadataUrl}"`,
    });
    const authorization = request.headers.authorization ?? "";
    if (authorization) state.authorizations.push(authorization);
    const token = /^DPoP (\S+)$/.exec(authorization)?.[1];
    if (!token) return [401, { error: "invalid_token" }, challenge()];
    const header = request.headers.dpop;
    const checked = await check("rs", Array.isArray(header) ? header.join(",") : header, method, target);
    if (!checked) return [401, { error: "invalid_dpop_proof" }, challenge(' error="invalid_dpop_proof",')];
    if (checked.ath !== b64(createHash("sha256").update(token).digest())) {
      state.problems.push("rs: ath");
      return [401, { error: "invalid_dpop_proof" }, challenge(' error="invalid_dpop_proof",')];
    }
    if (options.rsNonce !== undefined && checked.nonce !== options.rsNonce)
      return [
        401,
        { error: "use_dpop_nonce" },
        { ...challenge(' error="use_dpop_nonce",'), "dpop-nonce": options.rsNonce },
      ];
    const bound = state.boundTo.get(token);
    // A token presented with a proof of another key: what a thief without the key would send.
    if (bound !== undefined && bound !== checked.jkt)
      state.problems.push("rs: the proof's key is not the token's");
    if (bound !== checked.jkt || state.revoked.has(token))
      return [401, { error: "invalid_token" }, challenge(' error="invalid_token",')];
    return undefined;
  };
  /** The JSON-RPC answer to one client message; undefined for a notification. */
  const reply = (body: string) => {
    const message = JSON.parse(body) as {
      id?: number;
      method: string;
      params?: { protocolVersion?: string };
    };
    if (message.id === undefined) return undefined;
    const result =
      message.method === "initialize"
        ? {
            protocolVersion: message.params?.protocolVersion,
            capabilities: { tools: {} },
            serverInfo: { name: "dpop", version: "1.0.0" },
          }
        : message.method === "tools/list"
          ? { tools: [{ name: "echo", inputSchema: { type: "object" } }] }
          : { content: [{ type: "text", text: "ok" }] };
    return { jsonrpc: "2.0", id: message.id, result };
  };
  const streams = new Map<string, ServerResponse>();

  const resource = await listen(async (request, body, response) => {
    const url = new URL(request.url ?? "/", resource);
    if (url.pathname.startsWith("/.well-known/oauth-protected-resource"))
      return [200, { resource: state.mcp, authorization_servers: [state.issuer] }];
    if (options.sse && url.pathname === "/sse" && request.method === "GET") {
      const refused = await gate(request, "GET", state.mcp);
      if (refused) return refused;
      const session = randomUUID();
      streams.set(session, response);
      request.once("close", () => streams.delete(session));
      response.writeHead(200, { "content-type": "text/event-stream", "cache-control": "no-cache" });
      response.write(`event: endpoint\ndata: /messages?sessionId=${session}\n\n`);
      return STREAMING;
    }
    if (options.sse && url.pathname === "/messages" && request.method === "POST") {
      const refused = await gate(request, "POST", `${resource}/messages`);
      if (refused) return refused;
      const stream = streams.get(url.searchParams.get("sessionId") ?? "");
      if (!stream) return [404, {}];
      const answer = reply(body);
      if (answer) stream.write(`event: message\ndata: ${JSON.stringify(answer)}\n\n`);
      return [202, undefined];
    }
    if (options.sse || url.pathname !== "/mcp" || request.method !== "POST") return [405, {}];
    const refused = await gate(request, "POST", state.mcp);
    if (refused) return refused;
    const answer = reply(body);
    return answer ? [200, answer] : [202, undefined];
  });
  state.mcp = `${resource}/${options.sse ? "sse" : "mcp"}`;
  return state;
}
