// OAuth against the bundled OAuth fixture (an authorization server and the MCP server it protects,
// on 127.0.0.1): the server waits in `needs-auth`, a "person" opens the authorization URL, the
// redirect goes to the library's loopback listener and the server starts without a reload; a second
// server authorizes itself with client_credentials. Run with `npm run build && node examples/oauth.mjs`.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { startHttpFixture } from "@toolnexus/fixtures";
import { loadMcp } from "@toolnexus/mcp-core";
import { fileTokenStore } from "@toolnexus/mcp-core/stores";

const fixture = await startHttpFixture("oauth", ["--client", "svc:example-secret"]);
const tokens = mkdtempSync(join(tmpdir(), "oauth-example-")); // instead of ~/.config/toolnexus-mcp/auth
const source = await loadMcp(
  {
    mcpServers: {
      interactive: { url: fixture.url, auth: { type: "oauth" } },
      service: {
        url: fixture.url,
        // biome-ignore lint/suspicious/noTemplateCurlyInString: the config's own ${VAR}, expanded by the library
        auth: { type: "client_credentials", clientId: "svc", clientSecret: "${SVC_SECRET}" },
      },
    },
  },
  { tokenStore: fileTokenStore(tokens), env: { SVC_SECRET: "example-secret" }, toolCache: null },
);

try {
  console.log("status:", source.status); // interactive: needs-auth, service: connected
  const running = new Promise((resolve) =>
    source.onStateChange((server, state) => server === "interactive" && state === "running" && resolve()),
  );
  const url = source.servers().find((s) => s.name === "interactive").authorizationUrl;
  console.log("a person would open:", `${url.slice(0, 60)}…`);
  // Here the "browser": the fixture approves at once and redirects to the loopback listener, which
  // completes the authorization (a host without a loopback URL calls source.authorize(server, redirect)).
  await fetch(url);
  await running;
  for (const server of ["interactive", "service"]) {
    const whoami = source.tools.find((t) => t.name === `mcp__${server}__whoami`);
    console.log(`${server}:`, (await whoami.execute({})).text);
  }
} finally {
  await source.close();
  await fixture.stop();
  rmSync(tokens, { recursive: true, force: true });
}
