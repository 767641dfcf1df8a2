// URL-mode elicitation: a server's URL reaches `onElicitation` only when it is https: (or http: on
// loopback) without credentials, control or bidi characters, and within 2048 characters; a refused
// one answers the server with JSON-RPC -32602 and a warning, and the host never sees it. On the 2025
// era `notifications/elicitation/complete` settles `context.completed`. Real processes:
// `server-everything`'s `trigger-url-elicitation` and the era fixtures' `ask_url` (both eras).
import { pidOf, stdioServer, waitFor } from "@toolnexus/fixtures";
import { beforeAll, describe, expect, it } from "vitest";
import {
  ElicitationCompletions,
  MAX_PENDING_COMPLETIONS,
} from "../src/elicitation/elicitation-completions.js";
import { ELICITATION_URL_REFUSED_MESSAGE } from "../src/elicitation/guard-elicitation.js";
import { type ElicitationHandler, loadMcp, type McpSource } from "../src/index.js";
import { everythingStdio } from "./support/everything.js";
import { failOnUnhandledRejections, toolByRawName } from "./support/harness.js";

failOnUnhandledRejections();

const TRIGGER = "trigger-url-elicitation";

// The credentials case first: its refusal is the one warned (once a minute per server), and its
// warning must not hold the password.
const HOSTILE_URLS = [
  ["credentials", "https://user:secret@example.test/login"],
  ["javascript:", "javascript:alert(1)"],
  ["file:", "file:///etc/passwd"],
  ["http: off loopback", "http://evil.example/login"],
  ["over-long", `https://example.test/${"a".repeat(2100)}`],
  ["zero-width", "https://exa\u200bmple.test/login"],
] as const;

/** Records every request the host's handler sees, answering `accept`. */
function recordingHandler() {
  const seen: {
    server: string;
    request: Parameters<ElicitationHandler>[1];
    completed: Promise<boolean> | undefined;
    signal: AbortSignal | undefined;
  }[] = [];
  const handler: ElicitationHandler = async (server, request, context) => {
    seen.push({ server, request, completed: context?.completed, signal: context?.signal });
    return { action: "accept" };
  };
  return { seen, handler };
}

describe("URL elicitation against server-everything", () => {
  const { seen, handler } = recordingHandler();
  const warnings: string[] = [];
  let source: McpSource;
  beforeAll(async () => {
    // One server for the describe: the loader's afterEach would close it, so load it untracked.
    source = await loadMcp(
      { mcpServers: { everything: everythingStdio } },
      {
        toolCache: null,
        autoRestart: { enabled: false },
        onElicitation: handler,
        onWarning: (m) => warnings.push(m),
      },
    );
    await waitFor(() => source.tools.some((t) => t.rawName === TRIGGER));
    return () => source.close();
  });

  it("should hand a https URL to the handler with its elicitationId and message", async () => {
    const url = "https://example.test/authorize?state=1";
    const result = await toolByRawName(source, TRIGGER).execute({
      url,
      message: "Sign in",
      elicitationId: "e-1",
    });
    expect(result.text).toContain("User completed the URL elicitation flow");
    expect(seen.map((s) => s.request)).toEqual([
      { mode: "url", url, message: "Sign in", elicitationId: "e-1" },
    ]);
    expect(seen[0]?.server).toBe("everything");
  });

  it.each(HOSTILE_URLS)(
    "should refuse a %s URL with a JSON-RPC error, never reaching the handler, warned once a minute",
    async (_, url) => {
      seen.length = 0;
      const result = await toolByRawName(source, TRIGGER).execute({ url });
      expect(result.isError).toBe(true);
      expect(result.text).toContain(ELICITATION_URL_REFUSED_MESSAGE);
      expect(seen).toEqual([]);
      // The first refusal is warned; the rest of the minute's are not (a flood is one burst).
      expect(warnings).toHaveLength(1);
      expect(warnings[0]).toMatch(
        /^MCP server "everything": refused a URL elicitation: the URL carries a user or password \(further refusals this minute are not warned\)$/,
      );
    },
  );
});

const ERAS = [
  { fixture: "dual-era", protocol: "2025-11-25", era: "2025" },
  { fixture: "modern", protocol: "auto", era: "2026" },
] as const;

describe.each(ERAS)("ask_url on $fixture (era $era)", ({ fixture, protocol, era }) => {
  const { seen, handler } = recordingHandler();
  const warnings: string[] = [];
  // One server for the describe (loaded untracked: the loader's afterEach would close it).
  let source: McpSource;
  beforeAll(async () => {
    source = await loadMcp(
      { mcpServers: { e: { ...stdioServer(fixture, ["--input-tools"]), protocol } } },
      {
        toolCache: null,
        autoRestart: { enabled: false },
        onElicitation: handler,
        onWarning: (m) => warnings.push(m),
      },
    );
    return () => source.close();
  });
  const ask = async (args: Record<string, unknown>) =>
    (await toolByRawName(source, "ask_url", "e").execute(args)).text;

  it("should hand the host the URL a browser opens, not the one the server spelled", async () => {
    seen.length = 0;
    // Printed raw this reads as a page of good.test; a browser opens evil.test (the backslash is a
    // slash) — and an international host is shown as the punycode that is opened.
    await ask({ url: "https://evil.test\\@good.test/x" });
    await ask({ url: "https://раypal.example/" });
    expect(seen.map((s) => s.request.mode === "url" && s.request.url)).toEqual([
      "https://evil.test/@good.test/x",
      "https://xn--ypal-43d9g.example/",
    ]);
    expect(seen[0]?.signal).toBeInstanceOf(AbortSignal);
    seen.length = 0;
  });

  it("should reach the handler, with a completion wait the server settles on the 2025 era", async () => {
    expect(JSON.parse(await ask({ complete: true }))).toMatchObject({ action: "accept" });
    expect(seen).toHaveLength(1);
    expect(seen[0]?.request).toMatchObject({ mode: "url", url: "https://example.test/authorize" });
    if (era === "2025") expect(await seen[0]?.completed).toBe(true);
    else expect(seen[0]?.completed).toBeUndefined();
  });

  it("should refuse a hostile URL before the handler, ours or the SDK's check", async () => {
    seen.length = 0;
    warnings.length = 0;
    // 2025: the server's request gets the error; 2026: the client cannot fulfil the round, and the
    // call fails with it.
    expect(await ask({ url: "javascript:alert(1)" })).toContain(ELICITATION_URL_REFUSED_MESSAGE);
    // A right-to-left override shows "…exe.png" for "…gnp.exe": the SDK's URL check lets it through.
    expect(await ask({ url: "https://example.test/\u202egnp.exe" })).toContain(
      ELICITATION_URL_REFUSED_MESSAGE,
    );
    // Two refusals in a minute: the first is warned, the second is not.
    expect(warnings.filter((w) => w.includes("refused a URL elicitation"))).toHaveLength(1);
    // A control character in the host: the SDK's own URL check (-32602) refuses it first.
    expect(await ask({ url: "https://exa\u0007mple.test/" })).toContain("Invalid URL");
    expect(seen).toEqual([]);
  });

  it.each([
    ["a line break", "https://example.test/\nlogin"],
    ["a tab", "https://exa\tmple.test/login"],
    ["a trailing line break", "https://example.test/login\r\n"],
  ])(
    "should refuse a URL with %s as the server sent it, not as the SDK's schema rewrote it",
    async (_, url) => {
      seen.length = 0;
      // The SDK's schema strips tabs and line breaks (URL parsing drops them): the raw value is checked.
      expect(await ask({ url })).toContain(ELICITATION_URL_REFUSED_MESSAGE);
      expect(seen).toEqual([]);
    },
  );
});

/** What `completed` settled to, once it has (bounded: a wait that outlives its session fails here). */
async function settledWithin(completed: Promise<boolean> | undefined, message: string): Promise<boolean> {
  let settled: boolean | undefined;
  void completed?.then((value) => {
    settled = value;
  });
  await waitFor(() => settled !== undefined, { timeoutMs: 5000, message });
  return settled as boolean;
}

describe("a completion wait whose session ends", () => {
  it("should settle false when the server is killed mid-wait, and when the source closes", async () => {
    const { seen, handler } = recordingHandler();
    const source = await loadMcp(
      { mcpServers: { e: { ...stdioServer("dual-era", ["--input-tools"]), protocol: "2025-11-25" } } },
      { toolCache: null, autoRestart: { enabled: false }, onElicitation: handler, onWarning: () => {} },
    );
    try {
      // Accepted, never completed: the server waits on the person, the host on the server.
      await toolByRawName(source, "ask_url", "e").execute({});
      const pid = pidOf(source, "e");
      process.kill(pid as number, "SIGKILL");
      expect(await settledWithin(seen[0]?.completed, "the wait ends with the killed server")).toBe(false);

      await waitFor(() => source.state("e") === "error");
      await source.start("e");
      await toolByRawName(source, "ask_url", "e").execute({});
      const closing = source.close();
      expect(await settledWithin(seen[1]?.completed, "the wait ends with the closed source")).toBe(false);
      await closing;
    } finally {
      await source.close();
    }
  });
});

describe("completion waits", () => {
  it("should keep at most 64 waits, settling the oldest false, and ignore unknown or foreign ids", async () => {
    const completions = new ElicitationCompletions();
    const waits = Array.from({ length: MAX_PENDING_COMPLETIONS + 1 }, (_, i) => completions.wait(`id-${i}`));
    expect(await waits[0]).toBe(false);
    completions.complete("id-unknown");
    completions.complete(42);
    completions.complete("id-1");
    expect(await waits[1]).toBe(true);
    const other = new ElicitationCompletions();
    other.complete("id-2");
    const settled = await Promise.race([waits[2], Promise.resolve("pending")]);
    expect(settled).toBe("pending");
  });

  it("should settle false when the server never completes within the wait", async () => {
    expect(await new ElicitationCompletions(20).wait("x")).toBe(false);
  });
});
