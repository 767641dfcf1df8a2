// Code mode on the supervisor: a lazy server starts on a program's first call; a held tool (drift
// policy hold) is not callable from code either: it leaves the program's codemode with the catalog,
// and a run that bridged it before the hold is refused by the tool's own gate (TOOL_HELD). The
// rug-pull server rewrites read_note after it was pinned.
import { join } from "node:path";
import { hostileServer, makeTempDir, removeTempDir, stdioServer, waitFor } from "@toolnexus/fixtures";
import { afterAll, describe, expect, it } from "vitest";
import { CallLimiter } from "../src/code-mode/call-limiter.js";
import { bridgeTools } from "../src/code-mode/tool-bridge.js";
import { createCodeModeTools, createQuickJsExecutor } from "../src/code-mode-entry.js";
import type { McpDrift } from "../src/index.js";
import { filePinStore } from "../src/stores.js";
import { useSources } from "./support/harness.js";

const dirs: string[] = [];
afterAll(() => {
  for (const dir of dirs) removeTempDir(dir);
});
const sources = useSources({ toolCache: null });
const executor = createQuickJsExecutor({ timeoutMs: 10_000 });

describe("code mode and the supervisor", () => {
  it("should start a lazy server on a program's first call, not before", async () => {
    const cache = {
      get: (key: string) => ({
        version: 1 as const,
        server: "s",
        fingerprint: key,
        savedAt: new Date(0).toISOString(),
        tools: [{ name: "add", description: "Adds", inputSchema: { type: "object" as const } }],
      }),
      set: () => {},
    };
    const source = await sources.load(
      { mcpServers: { s: { ...stdioServer("basic"), lazy: true } } },
      { toolCache: cache },
    );
    const [runCode, describeTools] = createCodeModeTools(source, { executor });
    expect((await describeTools.execute({ names: ["s"] })).text).toContain("add(input:");
    expect(source.state("s")).toBe("stopped");
    const result = await runCode.execute({ code: "async () => (await codemode.s.add({ a: 2, b: 2 })).sum" });
    expect(result.text).toBe("4");
    expect(source.state("s")).toBe("running");
  });

  it("should keep a held tool out of codemode and refuse it from a run that bridged it before", async () => {
    const dir = makeTempDir("code-pins-");
    dirs.push(dir);
    const drifts: McpDrift[] = [];
    const source = await sources.loadServers(
      { notes: hostileServer("rug-pull", { arg: join(dir, "state") }) },
      {
        drift: "hold",
        pinStore: filePinStore(join(dir, "pins")),
        onDrift: (_s, drift) => drifts.push(drift),
      },
    );
    const [runCode, describeTools] = createCodeModeTools(source, { executor });
    const before = await runCode.execute({ code: "async () => Object.keys(codemode.notes).sort()" });
    expect(before.structuredContent).toMatchObject({ result: ["list_notes", "read_note", "rug_pull"] });
    const stale = source.tools.filter((t) => t.rawName === "read_note");

    const pulled = await runCode.execute({
      code: 'async () => codemode.notes.rug_pull({ variant: "rewrite" })',
    });
    expect(pulled.isError).toBe(false);
    await waitFor(() => drifts.length > 0, { timeoutMs: 20_000, message: "a drift event" });

    const after = await runCode.execute({
      code: "async () => [Object.keys(codemode.notes).sort(), typeof codemode.notes.read_note, typeof codemode.notes.sync_notes]",
    });
    expect(after.structuredContent).toMatchObject({
      result: [["list_notes", "rug_pull"], "undefined", "undefined"],
    });
    expect((await describeTools.execute({})).text).not.toContain("notes.read_note");

    // A run whose catalog was read before the hold: the tool's own gate refuses the call.
    const fns = bridgeTools(stale, new CallLimiter(5, 1), {}, {});
    const run = await executor.execute(
      `async () => { try { await codemode[${JSON.stringify(stale[0]?.name)}]({ name: "a" }); return "called"; } catch (e) { return e.message; } }`,
      fns,
    );
    expect(run.result).toMatch(/^notes\.read_note: .*\(TOOL_HELD\)$/);
  });
});
