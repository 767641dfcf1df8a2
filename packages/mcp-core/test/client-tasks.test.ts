// The client side of 2025-11-25 tasks: a server that sends `sampling/createMessage` or
// `elicitation/create` with `params.task` gets a task at once, the host's handler runs in the
// background, and the server polls `tasks/get` and fetches `tasks/result`. Real
// `@modelcontextprotocol/server-everything` over stdio (its `-async` tools, offered only to a client
// that declares `tasks.requests.*`); the store's bounds with an injected clock.
import { ProtocolError } from "@modelcontextprotocol/client";
import { waitFor } from "@toolnexus/fixtures";
import { describe, expect, it } from "vitest";
import { ClientTaskStore } from "../src/client-tasks/client-task-store.js";
import { everythingStdio } from "./support/everything.js";
import { failOnUnhandledRejections, toolByRawName, useSources } from "./support/harness.js";

failOnUnhandledRejections();

const sources = useSources({ toolCache: null, autoRestart: { enabled: false } });
const everything = everythingStdio;
const ASYNC_TOOLS = ["trigger-sampling-request-async", "trigger-elicitation-request-async"];

describe("client-side tasks against server-everything", () => {
  it("should run a task-augmented sampling and elicitation request as tasks the server polls to completion", async () => {
    const sampled: string[] = [];
    const source = await sources.loadServers(
      { everything },
      {
        onSampling: async (request, { server }) => {
          sampled.push(server);
          const first = request.messages[0]?.content;
          const text = first && !Array.isArray(first) && first.type === "text" ? first.text : "";
          return { role: "assistant", content: { type: "text", text: `tasked: ${text}` }, model: "scripted" };
        },
        onElicitation: async () => ({ action: "accept", content: { name: "Ada", favoriteColor: "Green" } }),
      },
    );
    await waitFor(() => ASYNC_TOOLS.every((name) => source.tools.some((t) => t.rawName === name)));
    const [sampling, elicitation] = await Promise.all([
      toolByRawName(source, "trigger-sampling-request-async").execute({ prompt: "hello" }),
      toolByRawName(source, "trigger-elicitation-request-async").execute({}),
    ]);

    expect(sampling.isError, sampling.text).toBe(false);
    expect(sampling.text).toContain("[COMPLETED] Async sampling completed!");
    expect(sampling.text).toContain("tasked: Resource trigger-sampling-request-async context: hello");
    expect(sampling.text).toContain("io.modelcontextprotocol/related-task");
    expect(sampled).toEqual(["everything"]);
    expect(elicitation.isError, elicitation.text).toBe(false);
    expect(elicitation.text).toContain("[COMPLETED] User provided the requested information!");
    expect(elicitation.text).toContain("- Name: Ada");
  });
});

describe("the client task store", () => {
  const limits = {
    maxTasks: 2,
    defaultTtlMs: 1_000,
    maxTtlMs: 5_000,
    pollIntervalMs: 100,
    maxResultWaiters: 2,
  };
  const answer = { role: "assistant", content: { type: "text", text: "hi" }, model: "m" };

  /** A run the test settles by hand, and the signal it got. */
  function manualRun() {
    const run: {
      signal?: AbortSignal;
      resolve?: (r: Record<string, unknown>) => void;
      reject?: (e: unknown) => void;
    } = {};
    const start = (signal: AbortSignal) =>
      new Promise<Record<string, unknown>>((resolve, reject) => {
        Object.assign(run, { signal, resolve, reject });
      });
    return { run, start };
  }

  it("should answer with a working task at once and its result, tied to the task, once the work ends", async () => {
    const store = new ClientTaskStore(limits, () => 0);
    const { run, start } = manualRun();
    const { task } = store.create(undefined, start);
    expect(task).toEqual({
      taskId: expect.any(String),
      status: "working",
      createdAt: "1970-01-01T00:00:00.000Z",
      lastUpdatedAt: "1970-01-01T00:00:00.000Z",
      ttl: 1_000,
      pollInterval: 100,
    });
    const result = store.result(task.taskId, new AbortController().signal);
    run.resolve?.(answer);
    expect(await result).toEqual({
      ...answer,
      _meta: { "io.modelcontextprotocol/related-task": { taskId: task.taskId } },
    });
    expect(store.get(task.taskId).status).toBe("completed");
    expect(store.list().tasks.map((t) => t.taskId)).toEqual([task.taskId]);
  });

  it("should answer a failed task's result with the JSON-RPC error it failed with, and hide any other error", async () => {
    const store = new ClientTaskStore(limits, () => 0);
    const refused = store.create(undefined, async () => {
      throw new ProtocolError(-1, "User rejected sampling request");
    }).task.taskId;
    const broken = store.create(undefined, async () => {
      throw new Error("host detail");
    }).task.taskId;
    const signal = new AbortController().signal;
    await expect(store.result(refused, signal)).rejects.toMatchObject({
      code: -1,
      message: expect.stringContaining("User rejected"),
    });
    await expect(store.result(broken, signal)).rejects.toMatchObject({ code: -32603 });
    expect(store.get(refused)).toMatchObject({ status: "failed" });
    expect(JSON.stringify(store.list())).not.toContain("host detail");
  });

  it("should drop a task past its TTL, aborting its work, and cap a requested TTL", () => {
    let now = 0;
    const store = new ClientTaskStore(limits, () => now);
    const { run, start } = manualRun();
    const { task } = store.create(600, start);
    expect(task.ttl).toBe(600);
    expect(store.create(60_000, async () => answer).task.ttl).toBe(5_000);
    now = 599;
    expect(store.get(task.taskId).status).toBe("working");
    now = 600;
    expect(() => store.get(task.taskId)).toThrow("Task not found");
    expect(run.signal?.aborted).toBe(true);
  });

  it("should end a tasks/result wait when the task's TTL passes while its work hangs", async () => {
    const store = new ClientTaskStore(limits);
    const { run, start } = manualRun();
    const { task } = store.create(150, start);
    // Nothing else asks the store: only the task's own expiry can end this wait.
    await expect(store.result(task.taskId, new AbortController().signal)).rejects.toThrow("cancelled");
    expect(run.signal?.aborted).toBe(true);
    expect(store.size).toBe(0);
  });

  it("should refuse a tasks/result past the waiter bound at once, and give a slot back when a wait ends", async () => {
    const store = new ClientTaskStore(limits, () => 0);
    const { run, start } = manualRun();
    const { task } = store.create(undefined, start);
    const gone = new AbortController();
    const waits = [
      store.result(task.taskId, gone.signal),
      store.result(task.taskId, new AbortController().signal),
    ];
    await expect(store.result(task.taskId, new AbortController().signal)).rejects.toMatchObject({
      code: -32600,
      message: expect.stringContaining("at most 2 at once"),
    });
    gone.abort();
    await expect(waits[0]).rejects.toThrow("cancelled");
    const third = store.result(task.taskId, new AbortController().signal);
    run.resolve?.(answer);
    await expect(Promise.all([waits[1], third])).resolves.toHaveLength(2);
    // A finished task's result is read without waiting: never refused by the bound.
    const reads = [1, 2, 3].map(() => store.result(task.taskId, new AbortController().signal));
    await expect(Promise.all(reads)).resolves.toHaveLength(3);
  });

  it("should refuse a new task when every slot holds unfinished work, and make room by dropping a finished one", async () => {
    const store = new ClientTaskStore(limits, () => 0);
    const first = manualRun();
    const kept = store.create(undefined, first.start).task.taskId;
    const second = manualRun();
    const done = store.create(undefined, second.start).task.taskId;
    expect(() => store.create(undefined, async () => answer)).toThrow(
      "Too many client tasks: at most 2 at once",
    );
    second.run.resolve?.(answer);
    await store.result(done, new AbortController().signal);
    const third = store.create(undefined, async () => answer).task.taskId;
    expect(store.list().tasks.map((t) => t.taskId)).toEqual([kept, third]);
  });

  it("should cancel unfinished work, refuse to cancel finished work, and name no unknown task", async () => {
    const store = new ClientTaskStore(limits, () => 0);
    const { run, start } = manualRun();
    const { task } = store.create(undefined, start);
    expect(store.cancel(task.taskId)).toMatchObject({ status: "cancelled" });
    expect(run.signal?.aborted).toBe(true);
    run.resolve?.(answer);
    expect(store.get(task.taskId).status).toBe("cancelled");
    await expect(store.result(task.taskId, new AbortController().signal)).rejects.toMatchObject({
      code: -32602,
    });
    expect(() => store.cancel(task.taskId)).toThrow("Cannot cancel task: already cancelled");
    expect(() => store.get("no-such-task")).toThrow(expect.objectContaining({ code: -32602 }));
  });

  it("should abort and drop every task when the session ends, and take no new one", () => {
    const store = new ClientTaskStore(limits, () => 0);
    const { run, start } = manualRun();
    store.create(undefined, start);
    store.close();
    expect(run.signal?.aborted).toBe(true);
    expect(store.size).toBe(0);
    expect(() => store.create(undefined, async () => answer)).toThrow("The session has ended");
  });
});
