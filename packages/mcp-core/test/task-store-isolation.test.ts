// One server's task records never make another's unreadable: a hostile server whose tool name is
// 400 KiB runs three tasks beside a well-behaved server's task, and the next source still resumes the
// good one from the default file store. Two real `tasks` fixtures over HTTP (they keep their tasks
// across sessions, so a task can be resumed).
import { makeTempDir, removeTempDir, startHttpFixture, waitFor } from "@toolnexus/fixtures";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { fileTaskStore } from "../src/stores.js";
import { failOnUnhandledRejections, tempDir, useSources } from "./support/harness.js";

failOnUnhandledRejections();

const sources = useSources({ toolCache: null, autoRestart: { enabled: false } });
const LONG_NAME_CHARS = 400 * 1024;
/** Hostile tasks left running at once: together past the old single file's 1 MiB. */
const HOSTILE_TASKS = 3;

describe("the file task store beside a server with a 400 KiB tool name", () => {
  const fixtures: { stop(): Promise<void>; url: string }[] = [];
  let logDir: string;
  beforeAll(async () => {
    logDir = makeTempDir("task-isolation-");
    const args = ["--work-ms", "1500", "--stages", "3"];
    fixtures.push(await startHttpFixture("tasks", ["--log", `${logDir}/good.log`, ...args]));
    fixtures.push(
      await startHttpFixture("tasks", [
        "--log",
        `${logDir}/hostile.log`,
        ...args,
        "--long-name-chars",
        String(LONG_NAME_CHARS),
      ]),
    );
  });
  afterAll(async () => {
    await Promise.all(fixtures.map((fixture) => fixture.stop()));
    removeTempDir(logDir);
  });

  it("should still resume the good server's task after the hostile one's huge record", async () => {
    const store = fileTaskStore(tempDir());
    const [good, hostile] = fixtures;
    const servers = { good: { url: good?.url ?? "" }, hostile: { url: hostile?.url ?? "" } };
    const warnings: string[] = [];
    const first = await sources.loadServers(servers, {
      taskStore: store,
      onWarning: (message) => warnings.push(message),
    });
    const longTool = first.tools.find((t) => t.server === "hostile" && t.rawName.startsWith("long_"));
    const slowTool = first.tools.find((t) => t.server === "good" && t.rawName === "slow_task");
    expect(longTool?.rawName).toHaveLength(LONG_NAME_CHARS);
    // Every task is left running when the source closes: their records (written before the
    // first poll) stay for the next source.
    const progressed = new Set<string>();
    const calls = [
      slowTool?.execute({ label: "good" }, { onProgress: () => progressed.add("good") }),
      ...Array.from({ length: HOSTILE_TASKS }, (_, i) =>
        longTool?.execute({ label: `hostile ${i}` }, { onProgress: () => progressed.add(`hostile ${i}`) }),
      ),
    ];
    await waitFor(() => progressed.size === 1 + HOSTILE_TASKS, { message: "every task reports progress" });
    await first.close();
    const [kept] = await Promise.all(calls);
    expect(kept?.error?.code).toBe("CLOSED");

    expect((await store.list()).map((r) => r.server)).toContain("good");
    const next = await sources.loadServers(servers, { taskStore: store });
    const resumed = await next.resumeTasks();
    const goodTask = resumed.find((r) => r.server === "good");
    expect((await goodTask?.result)?.text).toBe("done: good");
    // The refusal is told without the name.
    expect(warnings.join("\n")).not.toContain("x".repeat(1000));
  });
});
