import { hostileServer } from "@toolnexus/fixtures";
import { describe, expect, it } from "vitest";
import { McpCoreError } from "../src/errors.js";
import type { McpSource, StateInfo } from "../src/index.js";
import { redactError } from "../src/redact/redact-error.js";
import { Redactor } from "../src/redact/redactor.js";
import { httpFixture, toolByName, useSources } from "./support/harness.js";

/** Planted secrets: none may appear in any text the library surfaces. */
const CANARY = {
  expanded: "canary-expanded-3f9a1c7e",
  staticKey: "canary-static-8b2d4e61",
  fromFunction: "canary-function-5c7e9a02",
  explicitEnv: "canary-explicit-env-1d4f",
  inheritedEnv: "canary-inherited-env-6a2b",
  urlPassword: "canary-url-pw-9e3c",
  referenced: "canary-referenced-2e8d",
};
const ALL_CANARIES = Object.values(CANARY);

/** Every text an error carries: message, stack, stderr tail, and the same for its causes. */
function errorTexts(error: unknown, depth = 0): string[] {
  if (!(error instanceof Error) || depth > 5) return error === undefined ? [] : [String(error)];
  const tail = (error as { stderrTail?: string }).stderrTail;
  return [error.message, error.stack ?? "", tail ?? "", ...errorTexts(error.cause, depth + 1)];
}

/** Asserts no canary is in `texts`, and that a redaction marker is (the echo really happened). */
function expectRedacted(texts: string[]): void {
  const all = texts.join("\n");
  for (const canary of ALL_CANARIES) expect(all).not.toContain(canary);
  expect(all).toContain("[REDACTED]");
}

/** What the host sees of one server after a failed start: snapshot, warnings, start error, events. */
async function surfacedAfterFailedStart(source: McpSource, server: string, warnings: string[]) {
  const infos: StateInfo[] = [];
  source.onStateChange((_server, _state, info) => infos.push(info));
  const startError = await source.start(server).then(
    () => undefined,
    (error: unknown) => error,
  );
  expect(startError).toBeInstanceOf(Error);
  return [
    JSON.stringify(source.servers()),
    ...warnings,
    ...errorTexts(startError),
    ...infos.flatMap((info) => errorTexts(info.error)),
  ];
}

describe("redaction of header values echoed by a remote server", () => {
  const sources = useSources();
  const headers = { Authorization: "Bearer ${TOKEN_VAR}", "X-Api-Key": CANARY.staticKey };
  const parentEnv = { TOKEN_VAR: CANARY.expanded };

  it("should keep an HTTP 500 body that echoes the headers out of lastError, warnings, snapshots and errors", async () => {
    const fixture = await httpFixture("hostile", ["--mode", "echo-headers", "--arg", "http"]);
    const warnings: string[] = [];
    const source = await sources.load(
      { mcpServers: { h: { url: fixture.url, headers } } },
      { env: parentEnv, onWarning: (message) => warnings.push(message) },
    );
    expect(source.servers()[0]?.lastError).toContain("request headers were");
    expectRedacted(await surfacedAfterFailedStart(source, "h", warnings));
  });

  it("should keep a JSON-RPC initialize error that echoes the headers out of the startup rejection", async () => {
    const fixture = await httpFixture("hostile", ["--mode", "echo-headers", "--arg", "init"]);
    const rejection = await sources.rejection(
      { mcpServers: { h: { url: fixture.url, headers } } },
      { env: parentEnv, failOnStartupError: true },
    );
    expect(rejection).toBeInstanceOf(Error);
    expect((rejection as Error).message).toContain("request headers were");
    expectRedacted(errorTexts(rejection));
  });

  it("should keep a tools/call error that echoes the headers out of the call result", async () => {
    const fixture = await httpFixture("hostile", ["--mode", "echo-headers", "--arg", "call"]);
    const source = await sources.load(
      { mcpServers: { h: { url: fixture.url, headers } } },
      { env: parentEnv },
    );
    const result = await toolByName(source, "mcp__h__leak").execute({});
    expect(result.isError).toBe(true);
    expect(result.error?.message).toContain("request headers were");
    expectRedacted([result.error?.message ?? "", result.error?.detail ?? "", result.text]);
    expect(JSON.stringify(result.content)).not.toContain(CANARY.expanded);
  });

  it("should redact the values a header function returned, as they are produced", async () => {
    const fixture = await httpFixture("hostile", ["--mode", "echo-headers", "--arg", "call"]);
    let calls = 0;
    const source = await sources.load({
      mcpServers: {
        h: {
          url: fixture.url,
          headers: () => ({ Authorization: `Bearer ${CANARY.fromFunction}-${++calls}` }),
        },
      },
    });
    const result = await toolByName(source, "mcp__h__leak").execute({});
    expect(result.error?.message).toContain("request headers were");
    expectRedacted([result.error?.message ?? "", result.error?.detail ?? "", result.text]);
  });
});

describe("redaction of env values a stdio child prints to stderr", () => {
  const sources = useSources();
  const parentEnv = {
    PATH: process.env.PATH,
    SERVICE_PASSWORD: CANARY.inheritedEnv,
    DATABASE_URL: `postgres://app:${CANARY.urlPassword}@db.internal/app`,
  };
  const server = (arg: string) => ({
    ...hostileServer("env-to-stderr", { arg }),
    env: { API_TOKEN: CANARY.explicitEnv, GREETING: "visible-greeting-value" },
    inheritEnv: "all" as const,
  });

  it("should keep them out of the stderr tail, lastError, warnings and start errors", async () => {
    const warnings: string[] = [];
    const source = await sources.load(
      { mcpServers: { leaky: server("exit") } },
      { env: parentEnv, onWarning: (message) => warnings.push(message) },
    );
    const snapshot = source.servers()[0];
    // The tail is there and keeps what is not a secret: only the values are replaced.
    expect(snapshot?.stderrTail).toContain("GREETING=visible-greeting-value");
    expect(snapshot?.stderrTail).toContain("API_TOKEN=[REDACTED]");
    expectRedacted(await surfacedAfterFailedStart(source, "leaky", warnings));
  });

  it("should keep them out of the failOnStartupError rejection", async () => {
    const rejection = await sources.rejection(
      { mcpServers: { leaky: server("exit") } },
      { env: parentEnv, failOnStartupError: true },
    );
    expect(rejection).toBeInstanceOf(Error);
    expectRedacted(errorTexts(rejection));
  });

  it("should keep them out of a running server's snapshot", async () => {
    const source = await sources.load({ mcpServers: { leaky: server("serve") } }, { env: parentEnv });
    expect(source.state("leaky")).toBe("running");
    const tail = source.servers()[0]?.stderrTail ?? "";
    expect(tail).toContain("SERVICE_PASSWORD=[REDACTED]");
    expectRedacted([tail]);
  });

  it("should redact a credential-shaped variable an explicit env entry references under another name", async () => {
    const source = await sources.load(
      {
        mcpServers: {
          leaky: {
            ...hostileServer("env-to-stderr", { arg: "serve" }),
            env: { CONNECTION: "host=db ${PGPASSWORD}" },
          },
        },
      },
      { env: { PATH: process.env.PATH, PGPASSWORD: CANARY.referenced } },
    );
    const tail = source.servers()[0]?.stderrTail ?? "";
    expect(tail).toContain("CONNECTION=host=db [REDACTED]");
    expectRedacted([tail]);
  });
});

describe("Redactor", () => {
  it("should keep an env secret redacted however many rotating header values come after it", () => {
    const redactor = new Redactor();
    redactor.addEnv({ API_TOKEN: "env-secret-value-1234" });
    for (let i = 0; i < 1_000; i++) redactor.addHeaders({ authorization: `Bearer rotating-${i}-abcdef` });

    expect(redactor.redact("key env-secret-value-1234")).toBe("key [REDACTED]");
    expect(redactor.redact("now rotating-999-abcdef")).toBe("now [REDACTED]");
  });

  it("should replace registered values, longest first, and leave short ones alone", () => {
    const redactor = new Redactor();
    redactor.addHeaders({ Authorization: "Bearer abcdef123456", Accept: "json" });
    redactor.addEnv({ GH_PAT: "ghp_secret_value", EDITOR: "vim-editor-x", DB: "redis://:hunter22@h" });
    expect(redactor.redact("auth=Bearer abcdef123456; token abcdef123456")).toBe(
      "auth=[REDACTED]; token [REDACTED]",
    );
    expect(redactor.redact("pat ghp_secret_value, editor vim-editor-x, format json")).toBe(
      "pat [REDACTED], editor vim-editor-x, format json",
    );
    expect(redactor.redact("url redis://:hunter22@h and again hunter22")).toBe(
      "url [REDACTED] and again [REDACTED]",
    );
  });

  it("should redact the JSON-escaped spelling of a value and ignore regex metacharacters", () => {
    const redactor = new Redactor();
    redactor.pin('s3cr"et.*(x)');
    expect(redactor.redact(`raw s3cr"et.*(x) json ${JSON.stringify('s3cr"et.*(x)')} other s3cr_et`)).toBe(
      'raw [REDACTED] json "[REDACTED]" other s3cr_et',
    );
  });

  it("should copy an error whose message, stderr tail or cause chain holds a value, and return others as they are", () => {
    const redactor = new Redactor();
    redactor.pin("hunter2-secret");
    const clean = new McpCoreError("START_FAILED", "nothing here", { server: "s" });
    expect(redactError(clean, redactor)).toBe(clean);

    const inner = Object.assign(new Error("HTTP 500: token hunter2-secret"), { code: 500 });
    const outer = new McpCoreError("START_FAILED", "failed: token hunter2-secret", {
      server: "s",
      cause: new Error("wrapped", { cause: inner }),
      stderrTail: "env TOKEN=hunter2-secret",
    });
    const copy = redactError(outer, redactor);
    expect(copy).not.toBe(outer);
    expect(copy).toBeInstanceOf(McpCoreError);
    expect(copy).toMatchObject({ code: "START_FAILED", server: "s", stderrTail: "env TOKEN=[REDACTED]" });
    expect(copy.message).toBe("failed: token [REDACTED]");
    const copiedInner = (copy.cause as Error).cause as Error & { code?: number };
    expect(copiedInner.message).toBe("HTTP 500: token [REDACTED]");
    expect(copiedInner.code).toBe(500);

    const stringCause = redactError(new Error("x", { cause: "raw hunter2-secret" }), redactor);
    expect(stringCause.cause).toBe("raw [REDACTED]");
  });
});
