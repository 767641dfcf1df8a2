import { readLog, stdioServer } from "@toolnexus/fixtures";
import { describe, expect, it } from "vitest";
import { isMcpCoreError, type LoadMcpOptions } from "../src/index.js";
import { useSources, useTempDir } from "./support/harness.js";

const dir = useTempDir("mcp-core-options-");
/** No defaults: every test passes its options to loadMcp exactly as written. */
const sources = useSources();

/** [option shown in the message, options, expected "expected …, got …" part] */
const invalid: Array<[string, unknown, string]> = [
  ["options", null, "expected an object, got null"],
  ["options", "fast", "expected an object, got string"],
  [
    "autoRestart",
    "yes",
    "expected an object ({} for the defaults, { enabled: false } to turn it off), got string",
  ],
  // The boolean form is gone (CONTRIBUTING.md's option naming rule): the message says what replaces it.
  [
    "autoRestart",
    false,
    "expected an object ({} for the defaults, { enabled: false } to turn it off), got boolean",
  ],
  ["autoRestart.enabled", { enabled: "no" }, "expected a boolean, got string"],
  ["autoRestart", null, "got null"],
  ["autoRestart.maxRetries", { maxRetries: -1 }, "expected an integer ≥ 0, got -1"],
  ["autoRestart.maxRetries", { maxRetries: 1.5 }, "expected an integer ≥ 0, got 1.5"],
  ["autoRestart.initialDelayMs", { initialDelayMs: -500 }, "expected an integer ≥ 0, got -500"],
  ["autoRestart.maxDelayMs", { maxDelayMs: "30s" }, "expected an integer ≥ 0, got string"],
  ["autoRestart.stableAfterMs", { stableAfterMs: Number.NaN }, "expected an integer ≥ 0, got NaN"],
  ["healthCheck", 5, "expected an object ({} for the defaults, { enabled: false } to turn it off), got 5"],
  [
    "healthCheck",
    true,
    "expected an object ({} for the defaults, { enabled: false } to turn it off), got boolean",
  ],
  ["healthCheck.intervalMs", { intervalMs: 0 }, "expected an integer ≥ 1, got 0"],
  ["healthCheck.timeoutMs", { timeoutMs: -1 }, "expected an integer ≥ 1, got -1"],
  ["healthCheck.failures", { failures: 0 }, "expected an integer ≥ 1, got 0"],
  ["liveToolList", "true", "expected a boolean, got string"],
  ["defaultLazy", 1, "expected a boolean, got 1"],
  ["failOnStartupError", "no", "expected a boolean, got string"],
  ["listChangedDebounceMs", -1, "expected an integer ≥ 0, got -1"],
  ["killGraceMs", -100, "expected an integer ≥ 0, got -100"],
  ["killGraceMs", Number.POSITIVE_INFINITY, "expected an integer ≥ 0, got Infinity"],
  ["keepAlive", "yes", "expected a boolean, got string"],
  ["defaultInheritEnv", "none", 'expected "all" or an array of env names, got string'],
  ["defaultInheritEnv", ["PATH", 1], 'expected "all" or an array of env names, got an array'],
  ["naming", "snake_case", 'expected "namespaced", "toolnexus" or a function, got string'],
  ["naming", null, "got null"],
  [
    "toolCache",
    true,
    "expected null or a store with get(key), set(key, entry) and optionally subscribe(listener), got boolean",
  ],
  ["toolCache", "~/.cache", "got string"],
  ["toolCache", { get: () => undefined }, "got object"],
  ["signal", { aborted: false }, "expected an AbortSignal, got object"],
  ["signal", new AbortController(), "expected an AbortSignal, got object"],
  ["onWarning", "console", "expected a function, got string"],
  ["onElicitation", {}, "expected a function, got object"],
  ["missingHeaderVar", "ignore", 'expected "error" or "empty", got string'],
  ["serverNames", "loose", 'expected "strict" or "any", got string'],
  ["env", null, "expected an object, got null"],
  ["env", "PATH=/bin", "expected an object, got string"],
];

function optionsFor(option: string, value: unknown): unknown {
  if (option === "options") return value;
  const [head, field] = option.split(".") as [string, string | undefined];
  return { toolCache: null, [head]: field === undefined ? value : (value as object) };
}

describe("loadMcp options", () => {
  it.each(invalid)(
    "should reject an invalid %s (%o) with OPTIONS_INVALID naming it",
    async (option, value, expected) => {
      const log = dir.file(`never-${option}.log`);
      const config = { mcpServers: { basic: stdioServer("basic", ["--log", log]) } };

      const error = await sources.rejection(config, optionsFor(option, value) as LoadMcpOptions);

      expect(isMcpCoreError(error) && error.code).toBe("OPTIONS_INVALID");
      expect((error as Error).message).toMatch(
        new RegExp(`^loadMcp option "${option.replace(".", "\\.")}": `),
      );
      expect((error as Error).message).toContain(expected);
      // Validation happens before anything is spawned.
      expect(readLog(log)).toStrictEqual([]);
    },
  );

  it("should keep the defaults for options given as undefined", async () => {
    const source = await sources.load(
      { mcpServers: { basic: { ...stdioServer("basic"), tools: { echo: true } } } },
      {
        toolCache: null,
        naming: undefined,
        autoRestart: undefined,
        defaultInheritEnv: undefined,
        signal: undefined,
        killGraceMs: undefined,
        onWarning: undefined,
      },
    );

    expect(source.tools.map((t) => t.name)).toStrictEqual(["mcp__basic__echo"]);
    expect(source.servers()[0]?.env?.every((e) => e.origin === "base")).toBe(true);
  });

  it("should accept the toolnexus naming", async () => {
    const source = await sources.load(
      { mcpServers: { basic: { ...stdioServer("basic"), tools: { echo: true } } } },
      { toolCache: null, naming: "toolnexus" },
    );

    expect(source.tools.map((t) => [t.name, t.rawName])).toStrictEqual([["basic_echo", "echo"]]);
  });
});
