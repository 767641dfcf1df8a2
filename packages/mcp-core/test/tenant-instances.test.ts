// A `perTenant` stdio server (SPEC §23.4) against the real basic fixture: each tenant's calls reach
// a child of its own, started on the tenant's first call with the tenant's env values (only names
// the entry declares, taken literally), closed when idle or to make room past maxInstances, and
// every child gone after close(). Calls without a tenant keep the server's own child.
import { fixturePath, waitFor } from "@toolnexus/fixtures";
import { describe, expect, it } from "vitest";
import type { LoadMcpOptions, McpSource, StateInfo } from "../src/index.js";
import {
  failOnUnhandledRejections,
  startedPids,
  tempLogFile,
  toolByRawName,
  useSources,
} from "./support/harness.js";

failOnUnhandledRejections();

const sources = useSources({ toolCache: null, autoRestart: { enabled: false } });

interface Loaded {
  source: McpSource;
  log: string;
  states: { state: string; info: StateInfo }[];
}

async function loadPerTenant(perTenant: object, options: LoadMcpOptions = {}): Promise<Loaded> {
  const log = tempLogFile("t.log");
  const states: Loaded["states"] = [];
  const source = await sources.load(
    {
      mcpServers: {
        t: {
          command: process.execPath,
          args: [fixturePath("basic"), "--env-tool", "--log", log],
          env: { TENANT_TOKEN: "shared-value", TENANT_REGION: "none" },
          perTenant,
        },
      },
    },
    {
      tenantEnv: (_server, tenant) => ({ TENANT_TOKEN: `token-of-${tenant}` }),
      onStateChange: (_server, state, info) => states.push({ state, info }),
      ...options,
    },
  );
  return { source, log, states };
}

async function envOf(source: McpSource, tenant?: string): Promise<Record<string, string>> {
  const result = await toolByRawName(source, "env").execute({}, tenant === undefined ? {} : { tenant });
  expect(result.isError, result.text).toBe(false);
  return (result.structuredContent as { env: Record<string, string> }).env;
}

async function pidOf(source: McpSource, tenant?: string): Promise<number> {
  const result = await toolByRawName(source, "pid").execute({}, tenant === undefined ? {} : { tenant });
  expect(result.isError, result.text).toBe(false);
  return Number(result.text);
}

const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

describe("a perTenant stdio server", () => {
  it("should give each tenant a child of its own with the tenant's values, and keep calls without one on the server's", async () => {
    const { source, log, states } = await loadPerTenant({});
    const shared = await pidOf(source);
    const [a, b] = await Promise.all([pidOf(source, "alice"), pidOf(source, "bob")]);
    expect(new Set([shared, a, b]).size).toBe(3);
    expect(await pidOf(source, "alice")).toBe(a);
    expect(startedPids(log).sort()).toEqual([shared, a, b].sort());

    const aliceEnv = await envOf(source, "alice");
    expect(aliceEnv.TENANT_TOKEN).toBe("token-of-alice");
    // Not given by the tenant: the configured value.
    expect(aliceEnv.TENANT_REGION).toBe("none");
    expect((await envOf(source, "bob")).TENANT_TOKEN).toBe("token-of-bob");
    expect((await envOf(source)).TENANT_TOKEN).toBe("shared-value");

    // A tenant's instance reports its states with the tenant; the server's own state is its own.
    expect(states.some((s) => s.state === "running" && s.info.tenant === "alice")).toBe(true);
    expect(source.state("t")).toBe("running");
    expect(source.servers()[0]?.pid).toBe(shared);
  });

  it("should take a tenant's values literally and refuse a name the entry does not declare", async () => {
    const { source, log } = await loadPerTenant(
      {},
      {
        env: { ...process.env, PARENT_SECRET: "parent-secret-7f3a" },
        tenantEnv: (_server, tenant) =>
          tenant === "greedy"
            ? { TENANT_TOKEN: "x", PARENT_SECRET: "mine" }
            : { TENANT_TOKEN: "${PARENT_SECRET}" },
      },
    );
    expect((await envOf(source, "literal")).TENANT_TOKEN).toBe("${PARENT_SECRET}");
    const before = startedPids(log).length;
    const refused = await toolByRawName(source, "env").execute({}, { tenant: "greedy" });
    expect(refused).toMatchObject({ isError: true, error: { code: "ENV_INVALID" } });
    expect(refused.text).toContain('MCP server "t"');
    expect(refused.text).toContain('"PARENT_SECRET"');
    expect(startedPids(log).length).toBe(before);
  });

  it("should settle a call with ENV_INVALID when tenantEnv throws, other tenants unaffected", async () => {
    const { source } = await loadPerTenant(
      {},
      {
        tenantEnv: (_server, tenant) => {
          if (tenant === "broken") throw new Error("no such user, token sk-tenant-secret-91");
          return { TENANT_TOKEN: `token-of-${tenant}` };
        },
      },
    );
    const refused = await toolByRawName(source, "env").execute({}, { tenant: "broken" });
    expect(refused).toMatchObject({ isError: true, error: { code: "ENV_INVALID" } });
    expect(refused.text).toBe('MCP server "t": tenantEnv("t", "broken") threw');
    expect(JSON.stringify(refused)).not.toContain("sk-tenant-secret-91");
    expect((await envOf(source, "fine")).TENANT_TOKEN).toBe("token-of-fine");
  });

  it("should close the least recently used idle instance past maxInstances, and refuse when all are busy", async () => {
    const { source, states, log } = await loadPerTenant({ maxInstances: 2 });
    const a = await pidOf(source, "a");
    const b = await pidOf(source, "b");
    await pidOf(source, "a"); // a is now the most recently used: b goes first
    const c = await pidOf(source, "c");
    await waitFor(() => !alive(b), { message: "b's child to exit" });
    expect(alive(a) && alive(c)).toBe(true);
    expect(
      states.some((s) => s.state === "stopped" && s.info.reason === "close" && s.info.tenant === "b"),
    ).toBe(true);
    // b again: a new child of its own.
    const b2 = await pidOf(source, "b");
    expect([a, b, c]).not.toContain(b2);

    // Every instance in a call (a and b, once each reported progress): no room, nothing started.
    const progressed = new Set<string>();
    const slow = (tenant: string) =>
      toolByRawName(source, "slow").execute(
        { ms: 1500, steps: 3 },
        { tenant, onProgress: () => progressed.add(tenant) },
      );
    const inFlight = [slow("a"), slow("b")];
    await waitFor(() => progressed.size === 2, { message: "both slow calls to run" });
    const started = startedPids(log).length;
    const refused = await toolByRawName(source, "pid").execute({}, { tenant: "d" });
    expect(refused).toMatchObject({ isError: true, error: { code: "TENANTS_BUSY" } });
    expect(refused.text).toContain("perTenant.maxInstances");
    expect(startedPids(log).length).toBe(started);
    for (const result of await Promise.all(inFlight)) expect(result.isError, result.text).toBe(false);
  });

  it("should never close an instance made for a call before that call starts, when tenants arrive at once at the bound", async () => {
    const { source } = await loadPerTenant({ maxInstances: 1 });
    const results = await Promise.all(
      ["a", "b", "c"].map((tenant) => toolByRawName(source, "pid").execute({}, { tenant })),
    );
    // One tenant gets the one instance; the others are told there is no room, never that it closed.
    const codes = results.map((r) => (r.isError ? r.error?.code : "ok"));
    expect(codes.filter((c) => c === "ok")).toHaveLength(1);
    expect(codes.filter((c) => c !== "ok")).toEqual(["TENANTS_BUSY", "TENANTS_BUSY"]);
  });

  it("should close a tenant's instance after idleTimeoutMs without a call", async () => {
    const { source, states } = await loadPerTenant({ idleTimeoutMs: 300 });
    const first = await pidOf(source, "idle");
    await waitFor(
      () => states.some((s) => s.state === "stopped" && s.info.reason === "idle" && s.info.tenant === "idle"),
      {
        message: "the idle instance to stop",
      },
    );
    // Forgotten, not only stopped: an idle tenant costs nothing.
    await waitFor(() => source.servers()[0]?.tenantInstances === 0);
    await waitFor(() => !alive(first));
    const second = await pidOf(source, "idle");
    expect(second).not.toBe(first);
    expect(source.servers()[0]?.tenantInstances).toBe(1);
  });

  it("should read a tenant's resources from its own child, whose state is its own", async () => {
    const source = await sources.load({
      mcpServers: {
        m: { command: process.execPath, args: [fixturePath("modern"), "--resources"], perTenant: {} },
      },
    });
    const touched = await toolByRawName(source, "touch_resource").execute(
      { uri: "text://greeting" },
      { tenant: "alice" },
    );
    expect(touched.isError, touched.text).toBe(false);
    const read = async (tenant?: string) => {
      const result = await source.readResource(
        "m",
        "text://greeting",
        tenant === undefined ? {} : { tenant },
      );
      expect(result.isError, JSON.stringify(result.error)).toBe(false);
      return (result.contents[0] as { text: string }).text;
    };
    expect(await read("alice")).toBe("hello v1");
    expect(await read("bob")).toBe("hello v0");
    expect(await read()).toBe("hello v0");
    const bad = await source.readResource("m", "text://greeting", { tenant: "a\u0000b" });
    expect(bad).toMatchObject({ isError: true, error: { code: "PROTOCOL_ERROR" } });
    const prompt = await source.getPrompt("m", "greet", { name: "x" }, { tenant: "carol" });
    expect(prompt.isError, JSON.stringify(prompt.error)).toBe(false);
    expect(source.servers()[0]?.tenantInstances).toBe(3);
  });

  it("should tag a tenant's stderr lines with the tenant and redact its values there", async () => {
    const lines: { line: string; tenant: string | undefined; args: number }[] = [];
    const source = await sources.load(
      {
        mcpServers: {
          t: {
            command: process.execPath,
            args: [fixturePath("basic"), "--env-to-stderr"],
            env: { TENANT_TOKEN: "shared-value-0123456789" },
            perTenant: {},
          },
        },
      },
      {
        tenantEnv: (_server, tenant) => ({ TENANT_TOKEN: `secret-of-${tenant}-0123456789` }),
        onStderr: (...args: unknown[]) =>
          lines.push({
            line: args[1] as string,
            tenant: (args[2] as { tenant?: string } | undefined)?.tenant,
            args: args.length,
          }),
      },
    );
    await pidOf(source);
    await pidOf(source, "alice");
    const alice = await waitFor(() =>
      lines.find((l) => l.tenant === "alice" && l.line.startsWith("TENANT_TOKEN=")),
    );
    expect(alice.line).not.toContain("secret-of-alice");
    const own = await waitFor(() =>
      lines.find((l) => l.tenant === undefined && l.line.startsWith("TENANT_TOKEN=")),
    );
    expect(own.args).toBe(2);
    expect(JSON.stringify(lines)).not.toContain("secret-of-alice");
  });

  it("should leave no tenant child after close()", async () => {
    const { source } = await loadPerTenant({});
    const pids = await Promise.all(["p", "q", "r"].map((tenant) => pidOf(source, tenant)));
    await source.close();
    for (const pid of pids) expect(alive(pid)).toBe(false);
    const after = await toolByRawName(source, "pid").execute({}, { tenant: "p" });
    expect(after).toMatchObject({ isError: true, error: { code: "CLOSED" } });
  });

  it("should refuse start() with a tenant of a server that is not perTenant", async () => {
    const source = await sources.load({
      mcpServers: { s: { command: process.execPath, args: [fixturePath("basic")] } },
    });
    await expect(source.start("s", { tenant: "alice" })).rejects.toMatchObject({ code: "CONFIG_INVALID" });
    // A tenant's call on a shared server goes to its one child.
    const shared = await pidOf(source);
    expect(await pidOf(source, "alice")).toBe(shared);
  });
});
