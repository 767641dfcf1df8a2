/**
 * Secret canaries: unique values planted in the parent env (one referenced by headers, one never
 * referenced), in literal headers, in a child's explicit env and in OAuth credentials (a client
 * secret, and the access token the authorization server issued). The test drives every path it can
 * — failing starts, failing calls, auth failures, hostile servers echoing headers and env back,
 * restarts — collects everything the library writes or reports (errors with their causes, warnings,
 * snapshots, state infos, server logs, stderr lines, call results, listing cache files) and greps it
 * for each canary in its raw, base64, base64url and URL-encoded forms.
 */
import { readdirSync, readFileSync, statSync } from "node:fs";
import { join } from "node:path";
import { inspect } from "node:util";
import { type HttpFixture, hostileServer, startHttpFixture } from "@toolnexus/fixtures";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import type { LoadMcpOptions, McpSource } from "../src/index.js";
import { fileToolCache } from "../src/stores.js";
import { failOnUnhandledRejections, tempDir, useSources } from "./support/harness.js";
import { MemoryTokenStore } from "./support/oauth-harness.js";

failOnUnhandledRejections();

const sources = useSources();

/**
 * A canary: unique per run, with characters that URL encoding changes. No "+" or "%": the SDK sends
 * client_secret_basic credentials without the form encoding RFC 6749 §2.3.1 asks for, so an
 * authorization server that decodes them (the fixture does) would refuse such a secret.
 */
const canary = (label: string) => `${label}-${Math.random().toString(36).slice(2, 10)}/=@tnx`;

const CANARIES = {
  parentUnreferenced: canary("parent-unref"),
  parentReferenced: canary("parent-ref"),
  literalHeader: canary("literal-header"),
  childEnv: canary("child-env"),
  clientSecret: canary("client-secret"),
};

/** Every spelling of a value that would still give it away. */
function spellings(value: string): string[] {
  const bytes = Buffer.from(value, "utf8");
  return [
    value,
    bytes.toString("base64"),
    bytes.toString("base64url"),
    encodeURIComponent(value),
    JSON.stringify(value).slice(1, -1),
  ];
}

/** The canaries (by name) any of whose spellings occurs in `haystack`. */
function leaked(haystack: string, canaries: Record<string, string>): string[] {
  return Object.entries(canaries)
    .filter(([, value]) => spellings(value).some((spelling) => haystack.includes(spelling)))
    .map(([name]) => name);
}

/** Everything a host can see of a source and the callbacks it was given. */
class Collector {
  readonly parts: string[] = [];

  add(label: string, value: unknown): void {
    this.parts.push(`--- ${label}\n${typeof value === "string" ? value : inspect(value, { depth: 12 })}`);
  }

  options(): LoadMcpOptions {
    return {
      onWarning: (message) => this.add("warning", message),
      onStateChange: (server, state, info) => this.add(`state ${server} ${state}`, info),
      onServerLog: (server, message) => this.add(`log ${server}`, message),
      onStderr: (server, line) => this.add(`stderr ${server}`, line),
      serverLogLevel: "debug",
    };
  }

  async snapshot(source: McpSource): Promise<void> {
    this.add("servers", source.servers());
    this.add("status", source.status);
    this.add("warnings", source.warnings);
    // Hosts log, inspect and serialize the objects they hold: none of that may show a secret.
    this.add("source inspected", source);
    this.add("source as JSON", JSON.stringify(source));
    this.add("tools inspected", source.tools);
    this.add("tools as JSON", JSON.stringify(source.tools));
    for (const tool of source.tools)
      this.add(`call ${tool.name}`, await tool.execute({ text: "hi" }, { timeoutMs: 5_000 }));
  }

  files(dir: string): number {
    let count = 0;
    for (const name of readdirSync(dir, { recursive: true, encoding: "utf8" })) {
      const path = join(dir, name);
      if (!statSync(path).isFile()) continue;
      this.add(`file ${name}`, readFileSync(path, "utf8"));
      count++;
    }
    return count;
  }

  text(): string {
    return this.parts.join("\n");
  }
}

describe("secret canaries", () => {
  const http: HttpFixture[] = [];
  const echo: Record<string, HttpFixture> = {};
  let oauth: HttpFixture;

  beforeAll(async () => {
    for (const mode of ["http", "init", "call"]) {
      echo[mode] = await startHttpFixture("hostile", ["--mode", "echo-headers", "--arg", mode]);
      http.push(echo[mode] as HttpFixture);
    }
    oauth = await startHttpFixture("oauth", ["--client", `svc:${CANARIES.clientSecret}`]);
    http.push(oauth);
  });

  afterAll(async () => {
    await Promise.all(http.map((fixture) => fixture.stop()));
  });

  it("should leave no canary in anything the library writes or reports, in any spelling", async () => {
    const collected = new Collector();
    // What the library (or the SDK under it) prints on the console counts as written too.
    for (const method of ["log", "info", "warn", "error", "debug"] as const) {
      vi.spyOn(console, method).mockImplementation((...args: unknown[]) =>
        collected.add(`console.${method}`, args),
      );
    }
    const cacheDir = tempDir("canary-cache-");
    const store = new MemoryTokenStore();
    const parentEnv = {
      ...process.env,
      TNX_CANARY_UNREFERENCED_TOKEN: CANARIES.parentUnreferenced,
      TNX_CANARY_API_TOKEN: CANARIES.parentReferenced,
      SVC_SECRET: CANARIES.clientSecret,
      WRONG_SECRET: `${CANARIES.clientSecret}-wrong`,
    };
    const headers = {
      Authorization: "Bearer ${TNX_CANARY_API_TOKEN}",
      "X-Api-Key": CANARIES.literalHeader,
    };
    const config = {
      mcpServers: {
        good: hostileServer("echo"),
        // Echo every request header back: in an HTTP 500 body, an initialize error, a call error.
        echoHttp: { url: echo.http?.url, headers },
        echoInit: { url: echo.init?.url, headers },
        echoCall: { url: echo.call?.url, headers },
        // A child printing its whole env to stderr: once failing its start, once running.
        envDies: {
          ...hostileServer("env-to-stderr", { arg: "exit" }),
          env: { LEAK_TOKEN: CANARIES.childEnv },
        },
        envRuns: {
          ...hostileServer("env-to-stderr", { arg: "serve" }),
          env: { LEAK_TOKEN: CANARIES.childEnv },
        },
        // A lazy server: its listing goes to the cache files.
        lazyEcho: { ...hostileServer("echo"), lazy: true, env: { LEAK_TOKEN: CANARIES.childEnv } },
        oauthOk: {
          url: oauth.url,
          auth: { type: "client_credentials", clientId: "svc", clientSecret: "${SVC_SECRET}" },
        },
        oauthWrong: {
          url: oauth.url,
          auth: { type: "client_credentials", clientId: "intruder", clientSecret: "${WRONG_SECRET}" },
        },
      },
    };
    const options: LoadMcpOptions = {
      ...collected.options(),
      env: parentEnv,
      toolCache: fileToolCache(cacheDir),
      tokenStore: store,
      autoRestart: { enabled: false },
    };

    const source = await sources.load(config, options);
    expect(source.state("good")).toBe("running");
    expect(source.state("envRuns")).toBe("running");
    expect(source.state("oauthOk")).toBe("running");
    expect(source.state("echoCall")).toBe("running");
    expect(source.state("oauthWrong")).toBe("error");
    await collected.snapshot(source);
    for (const server of ["echoCall", "envRuns", "oauthOk"]) {
      await source.restart(server).catch((error: unknown) => collected.add(`restart ${server}`, error));
    }
    await source.start("envDies").catch((error: unknown) => collected.add("start envDies", error));
    await source.whenSettled();
    await collected.snapshot(source);
    // The same config under failOnStartupError: the rejection names every failed server.
    collected.add("rejection", await sources.rejection(config, { ...options, failOnStartupError: true }));
    await source.close();
    vi.restoreAllMocks();
    expect(collected.files(cacheDir)).toBeGreaterThan(0);

    // The issued access token and refresh token are secrets too; only the token store holds them.
    const issued: Record<string, string> = {};
    for (const [key, entry] of store.entries) {
      if (entry.tokens?.access_token) issued[`access token ${key}`] = entry.tokens.access_token;
      if (entry.tokens?.refresh_token) issued[`refresh token ${key}`] = entry.tokens.refresh_token;
    }
    expect(Object.keys(issued).length).toBeGreaterThan(0);

    const text = collected.text();
    // Not vacuous: the hostile servers did echo, and the child did print its env (redacted).
    expect(text).toContain("request headers were:");
    expect(text).toContain("LEAK_TOKEN=");
    expect(text).toContain("[REDACTED]");
    expect(leaked(text, { ...CANARIES, ...issued })).toStrictEqual([]);
    // Under the default env policy an unreferenced parent variable never reaches a child at all.
    expect(text).not.toContain("TNX_CANARY_UNREFERENCED_TOKEN");
  }, 30_000);

  it("should show no server config and no parent env when a host inspects or serializes the source and a tool", async () => {
    const source = await sources.load(
      { mcpServers: { good: { ...hostileServer("echo"), env: { LEAK_TOKEN: CANARIES.childEnv } } } },
      { toolCache: null, env: { ...process.env, TNX_CANARY_API_TOKEN: CANARIES.parentReferenced } },
    );
    const [tool] = source.tools;
    // Before, both held the connection in a plain field: inspect showed every secret, and
    // JSON.stringify threw on the cycle (a tool) or printed the whole config (the source).
    const seen = [
      inspect(source, { depth: 20 }),
      inspect(tool, { depth: 20 }),
      JSON.stringify(source),
      JSON.stringify(tool),
    ];
    expect(leaked(seen.join("\n"), CANARIES)).toStrictEqual([]);
    expect(JSON.parse(seen[3] as string)).toMatchObject({ name: "mcp__good__echo", server: "good" });
    await expect(tool?.execute({ text: "still works" })).resolves.toMatchObject({ text: "still works" });
  });
});
