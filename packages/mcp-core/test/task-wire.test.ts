// The task shapes of both eras read into one (2025-11-25 `{ task }`, `pollInterval`, `tasks/result`;
// 2026-07-28 Tasks extension: flattened `resultType: "task"`, `pollIntervalMs`, the outcome inlined
// in `tasks/get`), the poll interval a server suggests clamped to [100 ms, 30 s], and the entry's
// `taskTools` policy.
import { describe, expect, it } from "vitest";
import { parseConfig } from "../src/config/parse-config.js";
import { clampPollIntervalMs } from "../src/tasks/poll-interval.js";
import { taskToolsPolicy } from "../src/tasks/server-tasks.js";
import { createdTask, taskView } from "../src/tasks/task-wire.js";
import { configRejection } from "./support/harness.js";

const task = { taskId: "t-1", status: "working", createdAt: "x", lastUpdatedAt: "x" };

describe("task shapes", () => {
  it("should read a 2025-11-25 CreateTaskResult and a 2026-07-28 flattened one alike", () => {
    expect(createdTask({ task: { ...task, ttl: null, pollInterval: 500 } })).toEqual({
      task: { taskId: "t-1", status: "working", pollIntervalMs: 500 },
    });
    expect(createdTask({ resultType: "task", ...task, ttlMs: 1000, pollIntervalMs: 700 })).toEqual({
      task: { taskId: "t-1", status: "working", pollIntervalMs: 700 },
    });
  });

  it("should take a result without a task as the plain result of a call the server ran at once", () => {
    const plain = { content: [{ type: "text", text: "hi" }] };
    expect(createdTask(plain)).toEqual({ plain });
  });

  it("should ignore an outcome on a CreateTaskResult (2026: clients must not use it)", () => {
    const created = createdTask({
      resultType: "task",
      ...task,
      status: "completed",
      result: { content: [] },
    });
    expect(created).toEqual({ task: { taskId: "t-1", status: "completed" } });
  });

  it("should read the 2026-07-28 outcome inlined in tasks/get", () => {
    const result = { content: [{ type: "text", text: "done" }] };
    expect(taskView({ ...task, resultType: "complete", status: "completed", result }).result).toEqual(result);
    const error = { code: -32603, message: "boom" };
    expect(taskView({ ...task, status: "failed", error }).error).toEqual(error);
  });

  it.each([
    ["a status no era has", { ...task, status: "exploded" }, "status"],
    ["a missing task id", { ...task, taskId: undefined }, "taskId"],
    ["a task id with control characters", { ...task, taskId: "a\u001b[2Jb" }, "taskId"],
    ["a task id longer than 256 characters", { ...task, taskId: "a".repeat(257) }, "taskId"],
    ["not an object", "working", "object"],
  ])("should refuse %s", (_name, value, field) => {
    expect(() => taskView(value)).toThrow(field);
  });

  it("should bound a statusMessage", () => {
    expect(taskView({ ...task, statusMessage: "x".repeat(5000) }).statusMessage?.length).toBe(1001);
  });
});

describe("clampPollIntervalMs", () => {
  it.each([
    [0, 100],
    [99, 100],
    [100, 100],
    [1000, 1000],
    [30_000, 30_000],
    [30_001, 30_000],
    [Number.POSITIVE_INFINITY, 30_000],
    [-5, 100],
    [Number.NaN, 1000],
    ["soon", 1000],
    [undefined, 1000],
  ])("should wait %s → %s ms", (suggested, expected) => {
    expect(clampPollIntervalMs(suggested)).toBe(expected);
  });
});

describe("the entry's taskTools", () => {
  it("should take globs on raw names, * for every tool", async () => {
    const { servers } = await parseConfig({
      a: { url: "http://127.0.0.1:1/mcp", taskTools: ["research_*"] },
    });
    const policy = taskToolsPolicy(servers[0]?.taskTools);
    expect([policy("research_deep"), policy("echo")]).toEqual([true, false]);
    expect(taskToolsPolicy(["*"])("echo")).toBe(true);
    expect(taskToolsPolicy(undefined)("echo")).toBe(false);
  });

  it("should reject anything else, naming the field", async () => {
    const rejected = await configRejection({ a: { url: "http://127.0.0.1:1/mcp", taskTools: "yes" } });
    expect(rejected.code).toBe("CONFIG_INVALID");
    expect(rejected.message).toContain('field "taskTools": expected an array of globs on raw tool names');
  });

  it("should refuse a boolean, which does not stand in for the list (CONTRIBUTING.md's option naming rule)", async () => {
    for (const taskTools of [true, false]) {
      const rejected = await configRejection({ a: { url: "http://127.0.0.1:1/mcp", taskTools } });
      expect(rejected.message).toContain(
        'field "taskTools": expected an array of globs on raw tool names (["*"] for every tool), got boolean',
      );
    }
  });
});
