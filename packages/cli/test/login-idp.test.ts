// `toolnexus-mcp login` signing the person in at an enterprise IdP (issue 45, goal 2: the ID token
// "through an interactive sign-in through the CLI"): an IdP on 127.0.0.1 that runs the OpenID
// Connect code flow and the RFC 8693 token exchange. The ID token lands in the file the config
// names (0600) and is what the library then exchanges; a callback without the request's state is
// refused, and an ID token minted for another sign-in (a wrong nonce) is never written.
import { once } from "node:events";
import { existsSync, readFileSync, statSync } from "node:fs";
import { createServer, type Server } from "node:http";
import { join } from "node:path";
import { type HttpFixture, makeTempDir, removeTempDir, startHttpFixture } from "@toolnexus/fixtures";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { startCli, writeConfig } from "./helpers.js";

const part = (value: object) => Buffer.from(JSON.stringify(value)).toString("base64url");
const jwt = (claims: object) => `${part({ alg: "RS256" })}.${part(claims)}.c2ln`;

interface Idp {
  url: string;
  exchanged: string[];
  /** The nonce the ID token carries: the request's, or a planted one. */
  nonce: (requested: string) => string;
}

let oauth: HttpFixture;
let authDir: string;
const servers: Server[] = [];
const dirs: string[] = [];
beforeAll(async () => {
  oauth = await startHttpFixture("oauth");
  authDir = makeTempDir("cli-auth-");
});
afterAll(async () => {
  await oauth.stop();
  removeTempDir(authDir);
});
afterEach(async () => {
  for (const server of servers.splice(0)) {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  }
  for (const dir of dirs.splice(0)) removeTempDir(dir);
});

async function startIdp(): Promise<Idp> {
  const idp: Idp = { url: "", exchanged: [], nonce: (requested) => requested };
  let nonce = "";
  const server = createServer(async (request, response) => {
    let body = "";
    for await (const chunk of request) body += chunk;
    const url = new URL(request.url ?? "/", idp.url);
    const json = (status: number, value: object) =>
      response.writeHead(status, { "content-type": "application/json" }).end(JSON.stringify(value));
    if (url.pathname === "/.well-known/openid-configuration")
      return json(200, {
        issuer: idp.url,
        authorization_endpoint: `${idp.url}/authorize`,
        token_endpoint: `${idp.url}/token`,
      });
    if (url.pathname === "/authorize") {
      nonce = url.searchParams.get("nonce") ?? "";
      const back = new URL(url.searchParams.get("redirect_uri") ?? "");
      back.searchParams.set("code", "idp-code");
      back.searchParams.set("state", url.searchParams.get("state") ?? "");
      response.writeHead(302, { location: back.href }).end();
      return;
    }
    const form = new URLSearchParams(body);
    if (url.pathname === "/token" && form.get("grant_type") === "authorization_code") {
      if (form.get("code") !== "idp-code" || !form.get("code_verifier"))
        return json(400, { error: "invalid_grant" });
      const exp = Math.floor(Date.now() / 1000) + 600;
      return json(200, {
        id_token: jwt({ iss: idp.url, aud: "agent", sub: "ada", nonce: idp.nonce(nonce), exp }),
        access_token: "idp-access",
        token_type: "Bearer",
      });
    }
    if (url.pathname === "/token") {
      idp.exchanged.push(form.get("subject_token") ?? "");
      return json(400, { error: "invalid_request" }); // the server step is not under test here
    }
    json(404, {});
  });
  servers.push(server);
  server.listen(0, "127.0.0.1");
  await once(server, "listening");
  const address = server.address();
  idp.url = `http://127.0.0.1:${typeof address === "object" && address ? address.port : 0}`;
  return idp;
}

function configFor(idp: Idp) {
  const { dir, path } = writeConfig({
    corp: {
      url: oauth.url,
      auth: {
        type: "enterprise_managed",
        clientId: "corp-app",
        clientSecret: "canary-secret-a1",
        idp: { issuer: idp.url, clientId: "agent", idToken: { file: join("${ID_TOKEN_DIR}", "corp.jwt") } },
      },
    },
  });
  dirs.push(dir);
  return { dir, path, file: join(dir, "tokens", "corp.jwt") };
}

describe("login: the sign-in at the identity provider", () => {
  it("should sign in with PKCE, write the ID token to the file (0600) and exchange it, never printing it", async () => {
    const idp = await startIdp();
    const { dir, path, file } = configFor(idp);
    const cli = startCli(["login", "corp", path], {
      env: { TOOLNEXUS_MCP_AUTH_DIR: authDir, ID_TOKEN_DIR: join(dir, "tokens") },
    });
    const [, url] = await cli.waitForOutput(
      /^Open this URL to sign in at the identity provider of "corp":\n(http\S+)$/m,
    );
    const authorize = new URL(url as string);
    expect(authorize.searchParams.get("code_challenge_method")).toBe("S256");
    // A callback without this request's state is refused; the pending sign-in goes on.
    const redirectUri = authorize.searchParams.get("redirect_uri") ?? "";
    expect((await fetch(`${redirectUri}?code=idp-code&state=forged`)).status).toBe(400);
    // The "browser": the IdP approves at once and redirects to the CLI's listener.
    const approved = await fetch(url as string, { redirect: "manual" });
    expect((await fetch(approved.headers.get("location") ?? "")).status).toBe(200);
    const run = await cli.exited;
    const idToken = readFileSync(file, "utf8");
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(idp.exchanged).toContain(idToken); // the library read it from the file
    expect(run.stdout).toContain("signed in at the identity provider");
    expect(`${run.stdout}${run.stderr}`).not.toContain(idToken);
    expect(`${run.stdout}${run.stderr}`).not.toContain("canary-secret-a1");
  });

  it("should not write an ID token minted for another sign-in (its nonce is not this one's)", async () => {
    const idp = await startIdp();
    idp.nonce = () => "planted";
    const { dir, path, file } = configFor(idp);
    const cli = startCli(["login", "corp", path], {
      env: { TOOLNEXUS_MCP_AUTH_DIR: authDir, ID_TOKEN_DIR: join(dir, "tokens") },
    });
    const [, url] = await cli.waitForOutput(/^(http\S+\/authorize\S+)$/m);
    const approved = await fetch(url as string, { redirect: "manual" });
    await fetch(approved.headers.get("location") ?? "");
    const run = await cli.exited;
    expect(run.code).toBe(1);
    expect(run.stderr.replace(/\s+/g, " ")).toContain("the ID token's nonce is not this sign-in's");
    expect(existsSync(file)).toBe(false);
    expect(idp.exchanged).toEqual([]);
  });
});
