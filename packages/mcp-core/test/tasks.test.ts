// Tool calls as MCP tasks (2025-11-25 task augmentation) against the `tasks` fixture over HTTP: the
// task is polled to its end with its statusMessage as progress, cancelled on abort and timeout, kept
// in the task store while it runs, re-attached after a session loss and after the host process is
// killed — the work runs once. Hostile servers: a zero pollInterval, a garbage status, a stored id
// that belongs to another server.
import { fileURLToPath, pathToFileURL } from "node:url";
import {
  type HttpFixture,
  makeTempDir,
  readLog,
  removeTempDir,
  startHttpFixture,
  waitFor,
} from "@toolnexus/fixtures";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { parseConfig } from "../src/config/parse-config.js";
import type { ServerConfig } from "../src/config/server-config.js";
import type { McpProgress } from "../src/index.js";
import { fileTaskStore, type TaskStore, taskServerKey } from "../src/stores.js";
import { failOnUnhandledRejections, tempDir, toolByRawName, useSources } from "./support/harness.js";
import { runHost } from "./support/host-process.js";

failOnUnhandledRejections();

const sources = useSources({ toolCache: null, autoRestart: { enabled: false } });
const STORES = pathToFileURL(fileURLToPath(new URL("../dist/stores.js", import.meta.url))).href;

/** The task id the server stamps on a task's result (`io.modelcontextprotocol/related-task`). */
function relatedTask(meta: Record<string, unknown> | undefined): string {
  const related = meta?.["io.modelcontextprotocol/related-task"] as { taskId?: unknown } | undefined;
  if (typeof related?.taskId !== "string") throw new Error("the result names no task");
  return related.taskId;
}

/** The log events of one task. */
const eventsOf = (log: string, taskId: string) =>
  readLog(log)
    .filter((e) => e.taskId === taskId)
    .map((e) => e.event as string);

describe("a task-required tool on an HTTP server that keeps its tasks", () => {
  let fixture: HttpFixture;
  let log: string;
  let logDir: string;
  beforeAll(async () => {
    logDir = makeTempDir("tasks-");
    log = `${logDir}/tasks.log`;
    fixture = await startHttpFixture("tasks", ["--log", log, "--work-ms", "900", "--stages", "3"]);
  });
  afterAll(async () => {
    await fixture.stop();
    removeTempDir(logDir);
  });
  const load = (store: TaskStore | null, extra = {}) =>
    sources.loadServers({ t: { url: fixture.url } }, { taskStore: store, ...extra });

  it("should run the work once as a task, report each statusMessage as progress and drop the record", async () => {
    const store = fileTaskStore(tempDir());
    const source = await load(store);
    const progress: McpProgress[] = [];
    const result = await toolByRawName(source, "slow_task").execute(
      { label: "a" },
      { onProgress: (p) => progress.push(p) },
    );
    expect(result.isError, result.text).toBe(false);
    expect(result.text).toBe("done: a");
    // A poll every 200 ms over 300 ms stages: each new statusMessage seen is reported once, in order.
    const messages = progress.map((p) => p.message);
    const stages = ["stage 1 of 3", "stage 2 of 3", "stage 3 of 3"];
    expect(messages.length).toBeGreaterThanOrEqual(2);
    expect(stages.filter((stage) => messages.includes(stage))).toEqual(messages);
    expect(progress.map((p) => p.progress)).toEqual(messages.map((_, i) => i + 1));
    const taskId = relatedTask(result.meta);
    expect(eventsOf(log, taskId).filter((e) => e === "task_start")).toHaveLength(1);
    expect(eventsOf(log, taskId)).toContain("task_result");
    expect(await store.list()).toEqual([]);
  });

  it("should call an optional tool as a task when the call or the entry's taskTools says so, else not", async () => {
    const polls = () => readLog(log).filter((e) => e.event === "task_get").length;
    const plainSource = await load(null);
    const before = polls();
    const asked = await toolByRawName(plainSource, "maybe_task").execute({ label: "asked" }, { task: true });
    expect(asked.text).toBe("done: asked");
    const afterAsked = polls();
    expect(afterAsked).toBeGreaterThan(before);
    const byEntry = await sources.loadServers(
      { t: { url: fixture.url, taskTools: ["maybe_*"] } },
      { taskStore: null },
    );
    const tool = toolByRawName(byEntry, "maybe_task");
    const declined = await tool.execute({ label: "declined" }, { task: false });
    expect(declined.text).toBe("done: declined");
    expect(polls()).toBe(afterAsked);
    const policy = await tool.execute({ label: "policy" });
    expect(policy.text).toBe("done: policy");
    expect(polls()).toBeGreaterThan(afterAsked);
  });

  it("should cancel the task on the server when the call is aborted, and resolve ABORTED", async () => {
    const store = fileTaskStore(tempDir());
    const source = await load(store);
    const controller = new AbortController();
    const pending = toolByRawName(source, "slow_task").execute(
      { label: "abort" },
      { signal: controller.signal, onProgress: () => controller.abort() },
    );
    const result = await pending;
    expect(result.error?.code).toBe("ABORTED");
    const [record] = readLog(log)
      .filter((e) => e.event === "task_cancel")
      .slice(-1);
    expect(record).toBeDefined();
    const taskId = record?.taskId as string;
    await waitFor(() => eventsOf(log, taskId).includes("task_cancelled"), { message: "the work stopped" });
    expect(eventsOf(log, taskId)).not.toContain("task_done");
    expect(await store.list()).toEqual([]);
  });

  it("should cancel the task when no progress comes within the call's timeout, and resolve TIMEOUT", async () => {
    const source = await load(null);
    const cancelsBefore = readLog(log).filter((e) => e.event === "task_cancel").length;
    // Polls come every 200 ms: after the first statusMessage nothing new can come within 150 ms.
    const result = await toolByRawName(source, "slow_task").execute({ label: "slow" }, { timeoutMs: 150 });
    expect(result.error?.code).toBe("TIMEOUT");
    expect(readLog(log).filter((e) => e.event === "task_cancel").length).toBe(cancelsBefore + 1);
  });

  it("should bound a task that keeps reporting progress by maxTotalTimeoutMs, cancelling it", async () => {
    const source = await load(null);
    const cancels = () => readLog(log).filter((e) => e.event === "task_cancel").length;
    const cancelsBefore = cancels();
    const result = await toolByRawName(source, "slow_task").execute(
      { label: "total" },
      { maxTotalTimeoutMs: 400, onProgress: () => {} },
    );
    expect(result.error?.code).toBe("TIMEOUT");
    expect(result.text).toContain("in total");
    expect(cancels()).toBe(cancelsBefore + 1);
  });

  it("should re-attach the pending call to the same task after its session is lost", async () => {
    const initializes = () => readLog(log).filter((e) => e.event === "initialize").length;
    const initializesBefore = initializes();
    const source = await load(null, { autoRestart: { initialDelayMs: 50 } });
    const tool = toolByRawName(source, "slow_task");
    let restarted: Promise<void> | undefined;
    const result = await tool.execute(
      { label: "restart" },
      {
        onProgress: (p) => {
          // The first poll has been answered: the task runs; now the session goes away.
          if (p.progress === 1) restarted = source.restart("t");
        },
      },
    );
    await restarted;
    expect(result.isError, result.text).toBe(false);
    expect(result.text).toBe("done: restart");
    const taskId = relatedTask(result.meta);
    expect(eventsOf(log, taskId).filter((e) => e === "task_start")).toHaveLength(1);
    // Two sessions: the load's and the restart's.
    expect(initializes()).toBe(initializesBefore + 2);
  });

  it("should end a pending call with CLOSED when the source closes, leaving the task for the next source to resume", async () => {
    const store = fileTaskStore(tempDir());
    const closing = await load(store);
    let closed: Promise<void> | undefined;
    const result = await toolByRawName(closing, "slow_task").execute(
      { label: "closed" },
      {
        onProgress: () => {
          closed ??= closing.close();
        },
      },
    );
    await closed;
    expect(result.error?.code).toBe("CLOSED");
    const [record] = await store.list();
    expect(record?.tool).toBe("slow_task");
    expect(eventsOf(log, record?.taskId ?? "")).not.toContain("task_cancel");
    const next = await load(store);
    const [resumed] = await next.resumeTasks();
    expect((await resumed?.result)?.text).toBe("done: closed");
    expect(eventsOf(log, record?.taskId ?? "").filter((e) => e === "task_start")).toHaveLength(1);
    expect(await store.list()).toEqual([]);
  });

  it("should bound a resumed task by maxTotalTimeoutMs as a call is bounded, cancelling it", async () => {
    const store = fileTaskStore(tempDir());
    const closing = await load(store);
    let closed: Promise<void> | undefined;
    await toolByRawName(closing, "slow_task").execute(
      { label: "resumed-total" },
      {
        onProgress: () => {
          closed ??= closing.close();
        },
      },
    );
    await closed;
    const [record] = await store.list();
    const next = await load(store);
    // Each statusMessage restarts `timeoutMs`; only the total bound ends the call before the work.
    const [resumed] = await next.resumeTasks({ maxTotalTimeoutMs: 300, onProgress: () => {} });
    const result = await resumed?.result;
    expect(result?.error?.code, result?.text).toBe("TIMEOUT");
    expect(result?.text).toContain("in total");
    expect(result?.text).toContain('of tool "slow_task"');
    expect(eventsOf(log, record?.taskId ?? "")).toContain("task_cancel");
    expect(await store.list()).toEqual([]);
  });

  it("should finish a task after the host process is killed: a new process resumes it from the store, the work runs once", async () => {
    const dir = tempDir();
    const startsBefore = readLog(log).filter((e) => e.event === "task_start").length;
    const gets = () => readLog(log).filter((e) => e.event === "task_get").length;
    const getsBefore = gets();
    let hostPid: number | undefined;
    const host = runHost(
      `const { fileTaskStore } = await import(${JSON.stringify(STORES)});
const source = await loadMcp({ mcpServers: { t: { url: ${JSON.stringify(fixture.url)} } } },
  { taskStore: fileTaskStore(${JSON.stringify(dir)}), toolCache: null, onWarning: () => {} });
console.log("ready");
const result = await source.tools.find((t) => t.rawName === "slow_task").execute({ label: "once" });
console.log("finished " + result.text);`,
      (line, pid) => {
        if (line === "ready") hostPid = pid;
      },
    );
    // The record is written before the first poll: a poll means the host can die now.
    await waitFor(() => hostPid !== undefined && gets() > getsBefore, { message: "the host polls its task" });
    process.kill(hostPid as number, "SIGKILL");
    const killed = await host;
    expect(killed.signal).toBe("SIGKILL");
    expect(killed.stdout).not.toContain("finished");

    const store = fileTaskStore(dir);
    const source = await load(store);
    const resumed = await source.resumeTasks();
    expect(resumed.map((r) => [r.server, r.tool])).toEqual([["t", "slow_task"]]);
    const result = await resumed[0]?.result;
    expect(result?.isError, result?.text).toBe(false);
    expect(result?.text).toBe("done: once");
    expect(readLog(log).filter((e) => e.event === "task_start").length).toBe(startsBefore + 1);
    expect(await store.list()).toEqual([]);
    // Resumed once: nothing is left to resume.
    expect(await source.resumeTasks()).toEqual([]);
  });

  it("should never send a stored task id to a server whose identity differs from the record's, and drop one the server does not know, naming its tool", async () => {
    const store = fileTaskStore(tempDir());
    const foreign = "aaaaaaaabbbbbbbbccccccccdddddddd";
    await store.put({
      serverKey: "http:another-server",
      server: "t",
      tool: "slow_task",
      taskId: foreign,
      createdAt: new Date().toISOString(),
    });
    // This server's key, but a task it never made (or one it finished and forgot).
    const unknown = "0123456789abcdef0123456789abcdef";
    const [config] = (await parseConfig({ t: { url: fixture.url } })).servers;
    const serverKey = taskServerKey(config as ServerConfig);
    await store.put({ serverKey, server: "t", tool: "slow_task", taskId: unknown, createdAt: "" });
    const source = await load(store);
    const resumed = await source.resumeTasks();
    expect(resumed.map((r) => r.taskId)).toEqual([unknown]);
    const result = await resumed[0]?.result;
    expect(result?.error?.code).toBe("PROTOCOL_ERROR");
    // The failed tasks/get is reported as the call it belongs to, not as a nameless task request.
    expect(result?.text).toContain(`task "${unknown}" of tool "slow_task" on MCP server "t"`);
    expect(readLog(log).some((e) => e.taskId === foreign)).toBe(false);
    // The unknown task leaves the store; the other server's record is kept for the config it belongs to.
    expect((await store.list()).map((r) => r.taskId)).toEqual([foreign]);
  });
});

describe("hostile task servers", () => {
  it("should clamp a zero pollInterval instead of polling in a tight loop", async () => {
    const log = `${tempDir()}/hostile.log`;
    const source = await sources.loadServers(
      { t: { fixture: "tasks", args: ["--log", log, "--poll-interval-ms", "0", "--work-ms", "800"] } },
      { taskStore: null },
    );
    const result = await toolByRawName(source, "slow_task").execute({ label: "x" });
    expect(result.text).toBe("done: x");
    // 800 ms of work at the 100 ms floor is about 8 polls; a loop without the floor makes hundreds.
    expect(readLog(log).filter((e) => e.event === "task_get").length).toBeLessThanOrEqual(15);
  });

  it("should hand the host a statusMessage with its control and bidi characters escaped", async () => {
    const log = `${tempDir()}/hostile-message.log`;
    const source = await sources.loadServers(
      {
        t: {
          fixture: "tasks",
          args: ["--log", log, "--hostile-message", "--work-ms", "400", "--stages", "2"],
        },
      },
      { taskStore: null },
    );
    const messages: string[] = [];
    const result = await toolByRawName(source, "slow_task").execute(
      { label: "x" },
      { onProgress: (p) => p.message !== undefined && messages.push(p.message) },
    );
    expect(result.text).toBe("done: x");
    expect(messages.length).toBeGreaterThan(0);
    for (const message of messages) {
      // biome-ignore lint/suspicious/noControlCharactersInRegex: the assertion is about them
      expect(message).not.toMatch(/[\u0000-\u001f\u007f\u202e]/);
    }
    expect(messages.some((message) => message.includes("\\u001b]0;pwned"))).toBe(true);
  });

  it("should fail a call whose tasks/get answers a garbage status, bounded and without control characters", async () => {
    const log = `${tempDir()}/garbage.log`;
    const store = fileTaskStore(tempDir());
    const source = await sources.loadServers(
      { t: { fixture: "tasks", args: ["--log", log, "--garbage-status", "--work-ms", "800"] } },
      { taskStore: store },
    );
    const result = await toolByRawName(source, "slow_task").execute({ label: "x" });
    expect(result.error?.code).toBe("PROTOCOL_ERROR");
    expect(result.text).toContain("invalid task status");
    // biome-ignore lint/suspicious/noControlCharactersInRegex: the assertion is about them
    expect(result.text).not.toMatch(/[\u0000-\u001f\u007f]/);
    expect(readLog(log).filter((e) => e.event === "task_get")).toHaveLength(1);
    expect(readLog(log).some((e) => e.event === "task_cancel")).toBe(true);
    expect(await store.list()).toEqual([]);
  });
});
