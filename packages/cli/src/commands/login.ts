/**
 * `login <server> [config]`: OAuth for one server through the core's loopback redirect listener,
 * the token kept in the default store (`fileTokenStore()`). The headless flows (client_credentials,
 * enterprise_managed, workload_identity) get their token at once, with no URL. An enterprise_managed
 * server whose IdP step waits for a sign-in gets one (`idp-sign-in.ts`) when its ID token is read
 * from a file; otherwise login fails with the core's word for it. `logout <server> [config]` removes it,
 * under the key the core itself uses (`authStoreKey`).
 * @module
 */
import { loadMcp, type McpSource } from "@toolnexus/mcp-core";
import { type HttpServerConfig, parseConfig } from "@toolnexus/mcp-core/config";
import { authStoreKey, defaultAuthDir, fileTokenStore } from "@toolnexus/mcp-core/stores";
import { openOrExplain } from "../browser-opener.js";
import { type CommandContext, command, resolveConfig } from "../command.js";
import { idpSignInTarget, signInAtIdp } from "../idp-sign-in.js";
import { causeOf, labelled, type Output, oneLine } from "../output.js";
import { EXIT, UsageError } from "../usage-error.js";

/** How long `login` waits for the person when `--timeout` is not given: the loopback listener's own limit. */
const DEFAULT_LOGIN_WAIT_MS = 300_000;

/**
 * `<server> [config]`, and the server's remote config with OAuth (the config's warnings printed);
 * `nothing` says what there is not to do for a server without auth.
 */
async function oauthServer(
  context: CommandContext,
  verb: "login" | "logout",
  nothing: string,
): Promise<HttpServerConfig & { auth: object }> {
  const [server, named, ...extra] = context.positionals;
  if (server === undefined) throw new UsageError(`which server? usage: ${verb} <server> [config]`);
  if (extra.length > 0) throw new UsageError(`too many arguments: ${extra.join(" ")}`);
  const parsed = await parseConfig(resolveConfig(context, named).path);
  for (const warning of parsed.warnings)
    printLines(context.output, labelled(context.output, "warning: ", warning));
  const config = parsed.servers.find((s) => s.name === server);
  if (!config) {
    throw new UsageError(
      `no server "${server}" in the config (servers: ${parsed.servers.map((s) => s.name).join(", ")})`,
    );
  }
  if (config.transport === "stdio" || config.auth === undefined) {
    throw new UsageError(`server "${server}" has no auth configured: ${nothing}`);
  }
  if (context.flags.tenant !== undefined && config.perTenant === undefined) {
    throw new UsageError(`server "${server}" is not perTenant: --tenant needs "perTenant" in its entry`);
  }
  return config as HttpServerConfig & { auth: object };
}

/**
 * Resolves when the server (with `tenant`, that tenant's instance) is running; rejects when it fails
 * or the wait runs out.
 */
function untilRunning(source: McpSource, server: string, waitMs: number, tenant?: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no authorization within ${waitMs} ms`)), waitMs);
    const done = (error?: Error) => {
      clearTimeout(timer);
      unsubscribe();
      if (error) reject(error);
      else resolve();
    };
    const unsubscribe = source.onStateChange((name, state, info) => {
      if (name !== server || info.tenant !== tenant) return;
      if (state === "running") done();
      else if (state === "error") done(new Error(info.error?.message ?? "the server failed to start"));
    });
    if (tenant !== undefined) return;
    const now = source.servers().find((s) => s.name === server);
    if (now?.state === "running") done();
    else if (now?.state === "error") done(new Error(now.lastError ?? "the server failed to start"));
  });
}

function printLines(output: Output, lines: readonly string[]): void {
  for (const line of lines) output.err(line);
}

async function login(context: CommandContext): Promise<number> {
  const { output, flags } = context;
  const config = await oauthServer(context, "login", "there is nothing to log in to");
  // Only this server: the others of the config need not start to log in to one.
  const entry = {
    type: config.transport,
    url: config.url,
    auth: config.auth,
    timeout: config.timeoutMs,
    protocol: config.protocol,
    ...(config.headers === undefined ? {} : { headers: config.headers }),
    ...(config.perTenant === undefined ? {} : { perTenant: config.perTenant }),
  };
  const source = await loadMcp(
    { mcpServers: { [config.name]: entry } },
    {
      toolCache: null,
      autoRestart: { enabled: false },
      onWarning: (m) => flags.verbose && printLines(output, labelled(output, "warning: ", m)),
    },
  );
  try {
    if (flags.tenant !== undefined) return await loginTenant(context, source, config.name, flags.tenant);
    const snapshot = source.servers()[0];
    // A headless flow waiting for a person waits at the IdP (enterprise_managed: no ID token, or a
    // refused one), not at a URL of ours: say so now rather than wait out the timeout.
    if (snapshot?.state === "needs-auth" && !snapshot.authorizationUrl) {
      const target = idpSignInTarget(config);
      if (!target) throw new Error(snapshot.lastError ?? "the server waits for a sign-in");
      // Its ID token is read from a file: sign the person in at the IdP and write it there.
      const waitMs = flags.timeoutMs ?? DEFAULT_LOGIN_WAIT_MS;
      await signInAtIdp(
        target,
        (url) => {
          output.out(`Open this URL to sign in at the identity provider of "${config.name}":`);
          output.out(oneLine(url));
          if (flags.open) openOrExplain(output, url);
        },
        waitMs,
      );
      output.out(`signed in at the identity provider; the ID token is kept in ${target.file}`);
      await source.start(config.name).catch(() => {}); // untilRunning reports how it went
    }
    if (snapshot?.state === "needs-auth" && snapshot.authorizationUrl) {
      output.out(`Open this URL to authorize "${config.name}":`);
      // Whole on a line of its own (never cut nor broken: it is to be copied), escaped.
      output.out(oneLine(snapshot.authorizationUrl));
      if (flags.open) openOrExplain(output, snapshot.authorizationUrl);
    }
    await untilRunning(source, config.name, flags.timeoutMs ?? DEFAULT_LOGIN_WAIT_MS);
    output.out(`logged in to "${config.name}"; the token is kept in ${defaultAuthDir()}`);
    return EXIT.ok;
  } catch (error) {
    const cause = causeOf((error as Error).message);
    printLines(output, labelled(output, "error: ", `login to "${config.name}" failed: ${cause}`));
    return EXIT.failed;
  } finally {
    await source.close();
  }
}

/**
 * `login --tenant`: the tenant's instance of a `perTenant` server is started; the URL its
 * `needs-auth` names is printed (once), and login ends when the instance runs.
 */
async function loginTenant(
  { output, flags }: CommandContext,
  source: McpSource,
  server: string,
  tenant: string,
): Promise<number> {
  const who = `"${oneLine(server)}" for tenant ${oneLine(JSON.stringify(tenant))}`;
  let shown = false;
  const unsubscribe = source.onStateChange((name, state, info) => {
    if (name !== server || info.tenant !== tenant || state !== "needs-auth" || shown) return;
    if (!info.authorizationUrl) return;
    shown = true;
    output.out(`Open this URL to authorize ${who}:`);
    output.out(oneLine(info.authorizationUrl));
    if (flags.open) openOrExplain(output, info.authorizationUrl);
  });
  try {
    const running = untilRunning(source, server, flags.timeoutMs ?? DEFAULT_LOGIN_WAIT_MS, tenant);
    // Stops at needs-auth (the URL above) or fails; untilRunning reports how it went.
    await source.start(server, { tenant }).catch((error: Error) => {
      if ((error as { code?: string }).code !== "AUTH_REQUIRED") throw error;
    });
    await running;
  } finally {
    unsubscribe();
  }
  output.out(`logged in to ${who}; the token is kept in ${defaultAuthDir()}`);
  return EXIT.ok;
}

async function logout(context: CommandContext): Promise<number> {
  const { output, flags } = context;
  const config = await oauthServer(context, "logout", "there is no token to remove");
  let key: string;
  try {
    key = authStoreKey(config, { tenant: flags.tenant });
  } catch (error) {
    // Never "no stored token" while one may stay on disk: say why the key is unknown.
    const why = causeOf((error as Error).message).replace(`MCP server "${config.name}": `, "");
    const text = `logout "${config.name}": its token store key cannot be determined, nothing was removed: ${why}`;
    printLines(output, labelled(output, "error: ", text));
    return EXIT.failed;
  }
  const store = fileTokenStore();
  const had = (await store.get(key)) !== undefined;
  await store.delete(key);
  const whose = flags.tenant === undefined ? "" : ` for tenant ${oneLine(JSON.stringify(flags.tenant))}`;
  output.out(
    had ? `logged out of "${config.name}"${whose}` : `"${oneLine(config.name)}"${whose} had no stored token`,
  );
  return EXIT.ok;
}

/** The `login` command. */
export const loginCommand = command({
  usage: "login <server> [config]",
  summary: "authorize one OAuth server (prints the URL; the token goes to the default store)",
  flags: ["open", "timeout", "verbose", "tenant"],
  details: [
    "The redirect lands on a listener on 127.0.0.1 (random port); login ends when the server runs.",
    "enterprise_managed, workload_identity and client_credentials servers need no browser: login gets their token now (from the ID token or workload JWT their config names).",
    "An enterprise_managed server whose ID token is read from a file (auth.idp.idToken: { file }) and has none valid: login signs the person in at the identity provider (OpenID Connect, PKCE, a listener on 127.0.0.1), writes the ID token to that file (0600) and starts the server; with another source it says the IdP wants a sign-in.",
    "--open opens only an https: URL (http: on a loopback host), as one argument with no shell; any other scheme is refused and the URL only printed.",
    "--tenant <id> logs one tenant in to a perTenant server: the token is that tenant's alone, under its own key.",
    "The store: $TOOLNEXUS_MCP_AUTH_DIR, else ~/.config/toolnexus-mcp/auth.",
  ],
  example: "toolnexus-mcp login linear --open",
  run: login,
});

/** The `logout` command. */
export const logoutCommand = command({
  usage: "logout <server> [config]",
  summary: "remove the stored OAuth token of one server",
  flags: ["tenant"],
  example: "toolnexus-mcp logout linear",
  run: logout,
});
