import { describe, expect, it } from "vitest";
import { listMcpTools, loadMcp } from "../src/index.js";
import { toCoreAutoRestart, toCoreListOptions, toCoreOptions } from "../src/options.js";

/** Every entry reports a bad option as the core's `loadMcp` and `parseConfig` do. */
const OPTIONS_INVALID = expect.objectContaining({ name: "McpCoreError", code: "OPTIONS_INVALID" });

describe("option mapping", () => {
  it("should map no options onto toolnexus's defaults", () => {
    const core = toCoreOptions({});
    expect(core).toEqual({
      naming: "toolnexus",
      serverNames: "any",
      missingHeaderVar: "empty",
      expandEnvReferences: false,
      // Descriptions reach toolnexus whole: no bound a description reaches.
      maxDescriptionChars: Number.MAX_SAFE_INTEGER,
      autoRestart: { enabled: false },
      liveToolList: false,
      defaultInheritEnv: "all",
      // The adapter prints its own failure lines; the core's default console output stays off.
      onWarning: expect.any(Function),
      // Results reach toolnexus whole unless `resultBudget` opts in.
      resultBudget: { enabled: false },
    });
    expect(core.onElicitation).toBeUndefined();
  });

  it("should keep the defaults for explicitly undefined fields", () => {
    expect(
      toCoreOptions({ autoRestart: undefined, liveToolList: undefined, defaultInheritEnv: undefined }),
    ).toMatchObject({
      autoRestart: { enabled: false },
      liveToolList: false,
      defaultInheritEnv: "all",
    });
  });

  it.each([
    // toolnexus's boolean spelling maps onto the core's object-only policy.
    [undefined, { enabled: false }],
    [false, { enabled: false }],
    [true, {}],
    [{}, {}],
    [{ maxRetries: 3 }, { maxRetries: 3 }],
    [{ backoffMs: 50 }, { initialDelayMs: 50 }],
    [
      { maxRetries: 0, backoffMs: 0 },
      { maxRetries: 0, initialDelayMs: 0 },
    ],
    [{ backoffMs: 45_000 }, { initialDelayMs: 45_000, maxDelayMs: 45_000 }],
  ])("should map autoRestart %j to the core's %j", (value, expected) => {
    expect(toCoreAutoRestart(value)).toEqual(expected);
  });

  it("should pass the additive options and the elicitation bridge through", () => {
    const signal = new AbortController().signal;
    const core = toCoreOptions({
      liveToolList: true,
      defaultInheritEnv: ["HOME"],
      toolCache: false,
      signal,
      waitFor: async (r) => ({ id: r.id, ok: false }),
    });
    expect(core).toMatchObject({ liveToolList: true, defaultInheritEnv: ["HOME"], toolCache: null, signal });
    expect(core.onElicitation).toBeTypeOf("function");
  });

  it("should use a list-only policy for listMcpTools", () => {
    expect(toCoreListOptions({})).toMatchObject({
      autoRestart: { enabled: false },
      liveToolList: false,
      toolCache: null,
      defaultInheritEnv: "all",
    });
  });

  it.each([
    [{ autoRestart: "yes" }, /autoRestart/],
    [{ autoRestart: { backoffMs: -1 } }, /autoRestart\.backoffMs/],
    [{ autoRestart: { maxRetries: 1.5 } }, /autoRestart\.maxRetries/],
    [{ waitFor: "nope" }, /waitFor/],
    [{ onWarning: 1 }, /onWarning/],
  ])("should reject %j with the core's OPTIONS_INVALID error naming the option", async (options, message) => {
    await expect(loadMcp({}, options as never)).rejects.toThrow(OPTIONS_INVALID);
    await expect(loadMcp({}, options as never)).rejects.toThrow(message);
  });

  it.each([
    [{ onWarning: 1 }, /onWarning/],
    [{ defaultInheritEnv: "some" }, /defaultInheritEnv/],
  ])("should reject %j in listMcpTools with the same error", async (options, message) => {
    await expect(listMcpTools({}, options as never)).rejects.toThrow(OPTIONS_INVALID);
    await expect(listMcpTools({}, options as never)).rejects.toThrow(message);
  });

  it("should reject the core's invalid options (a bad defaultInheritEnv), naming the option", async () => {
    await expect(loadMcp({}, { defaultInheritEnv: "some" as never })).rejects.toThrow(OPTIONS_INVALID);
    await expect(loadMcp({}, { defaultInheritEnv: "some" as never })).rejects.toThrow(/defaultInheritEnv/);
  });
});
