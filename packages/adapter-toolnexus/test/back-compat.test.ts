import { join } from "node:path";
import {
  collectStates,
  collectToolChanges,
  countEvents,
  makeTempDir,
  removeTempDir,
  sourceLoader,
  waitFor,
} from "@toolnexus/fixtures";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { loadMcp } from "../src/index.js";
import { childEnv, local, names, tool } from "./helpers.js";

/** The ADR's promise: `loadMcp(config)` and nothing else behaves as toolnexus does today. */
describe("loadMcp(config) with no options", () => {
  const sources = sourceLoader(loadMcp);
  let dir: string;

  beforeEach(() => {
    dir = makeTempDir("toolnexus-compat-");
  });

  afterEach(async () => {
    await sources.closeAll();
    removeTempDir(dir);
  });

  it("should leave a crashed server dead with an isolated error, never restarting it", async () => {
    const log = join(dir, "basic.log");
    const source = await sources.load({
      mcp: { basic: local("basic", ["--log", log]), other: local("mcp-list-changed") },
    });
    const states = collectStates(source);
    const echo = tool(source, "basic_echo");
    const pid = source.servers().find((s) => s.name === "basic")?.pid;
    expect(pid).toBeTypeOf("number");

    process.kill(pid as number, "SIGKILL");
    await waitFor(() => source.state("basic") === "error", { message: "basic in error" });

    const result = await echo.execute({ text: "after the crash" });
    expect(result.isError).toBe(true);
    expect(result.metadata).toEqual({ server: "basic" });
    expect(result.output).toContain('MCP server "basic"');
    // The failure is isolated: the other server still answers.
    expect(await tool(source, "other_echo").execute({ text: "still here" })).toEqual({
      output: "still here",
      isError: false,
      metadata: { server: "other" },
    });
    // No restart was scheduled (the error event carries no next attempt), so none happened.
    expect(states.states("basic")).toEqual(["error"]);
    expect(states.events[0]?.info).not.toHaveProperty("nextDelayMs");
    expect(countEvents(log, "start")).toBe(1);
    // A second call still fails the same way; the status is the load's snapshot, as in toolnexus.
    expect((await echo.execute({ text: "again" })).isError).toBe(true);
    expect(source.status).toEqual({ basic: "connected", other: "connected" });
  });

  it("should never change the tool list, even when a server announces a new tool", async () => {
    const source = await sources.load({ mcp: { basic: local("basic"), dyn: local("mcp-list-changed") } });
    const before = source.tools;
    const changes = collectToolChanges(source);
    const killed = source.servers().find((s) => s.name === "basic")?.pid as number;

    const added = await tool(source, "dyn_add_tool").execute({ name: "late" });
    expect(added).toEqual({ output: "added late", isError: false, metadata: { server: "dyn" } });
    process.kill(killed, "SIGKILL");
    await waitFor(() => source.state("basic") === "error");
    // The list_changed notification arrived before the add_tool result; once nothing is pending,
    // check that nothing acted on it.
    await tool(source, "dyn_echo").execute({ text: "round trip" });
    await source.whenSettled();

    expect(changes.events).toEqual([]);
    expect(source.tools).toEqual(before);
    source.tools.forEach((t, i) => {
      expect(t).toBe(before[i]);
    });
    expect(names(source)).not.toContain("dyn_late");
  });

  it("should give stdio children the full parent env plus the entry's environment (env ignored beside it)", async () => {
    const saved = process.env.SECRET_TOKEN;
    process.env.SECRET_TOKEN = "parent-secret-value";
    try {
      const source = await sources.load({
        mcp: {
          env: local("mcp-scoped-env", [], {
            environment: { EXTRA_SETTING: "from-config" },
            env: { FROM_ENV: "x" },
          }),
        },
      });
      const env = await childEnv(tool(source, "env_env"));
      expect(env.SECRET_TOKEN).toBe("parent-secret-value");
      expect(env.EXTRA_SETTING).toBe("from-config");
      expect(env).not.toHaveProperty("FROM_ENV");
      for (const [name, value] of Object.entries(process.env)) {
        if (typeof value === "string") expect(env[name], name).toBe(value);
      }
    } finally {
      if (saved === undefined) delete process.env.SECRET_TOKEN;
      else process.env.SECRET_TOKEN = saved;
    }
  });

  it("should isolate a server that fails to start, mark disabled ones and warn on the console like toolnexus (and name the implicit inheritEnv)", async () => {
    const warnings: unknown[] = [];
    const original = console.warn;
    console.warn = (...args: unknown[]) => void warnings.push(args.join(" "));
    try {
      const source = await sources.load({
        mcpServers: {
          basic: local("basic"),
          broken: local("faulty", ["--mode", "exit-at-start"]),
          off: local("basic", [], { disabled: true }),
        },
      });
      expect(source.status).toEqual({ basic: "connected", broken: "failed", off: "disabled" });
      expect(source.state("broken")).toBe("error");
      expect(source.state("off")).toBe("stopped");
      expect(names(source).every((n) => n.startsWith("basic_"))).toBe(true);
      expect(warnings).toHaveLength(2);
      expect(warnings[0]).toMatch(/^\[toolnexus\] MCP server "broken" failed to start: /);
      expect(String(warnings[0]).match(/"broken"/g)).toHaveLength(1);
      // toolnexus's implicit inheritEnv "all" stays, named once for the enabled servers it applies to.
      expect(warnings[1]).toMatch(
        /^\[toolnexus\] MCP servers "basic", "broken" get the whole parent environment/,
      );
    } finally {
      console.warn = original;
    }
  });
});
