// The default TaskStore: one private file beside the token store, written atomically under a lock,
// bounded, and read only when nobody else could have written it (a planted record would point a
// resume at someone else's task id).
import { chmodSync, readFileSync, statSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { defaultTaskDir, fileTaskStore, type TaskRecord } from "../src/stores.js";
import { tempDir } from "./support/harness.js";

const POSIX = process.platform !== "win32";
const record = (taskId: string, serverKey = "http:abc"): TaskRecord => ({
  serverKey,
  server: "t",
  tool: "slow_task",
  taskId,
  createdAt: "2026-01-01T00:00:00.000Z",
});

describe("fileTaskStore", () => {
  it("should keep records in a 0600 file in a 0700 directory and drop them one by one", async () => {
    const dir = join(tempDir(), "tasks");
    const store = fileTaskStore(dir);
    await store.put(record("a"));
    await store.put(record("b"));
    await store.put(record("a")); // the same task again: replaced, not doubled
    expect((await store.list()).map((r) => r.taskId)).toEqual(["b", "a"]);
    await store.delete("http:abc", "a");
    await store.delete("http:other", "b"); // another server's key: not this record
    expect((await store.list()).map((r) => r.taskId)).toEqual(["b"]);
    if (POSIX) {
      expect(statSync(dir).mode & 0o777).toBe(0o700);
      expect(statSync(join(dir, "tasks.json")).mode & 0o777).toBe(0o600);
    }
  });

  it("should keep every record of concurrent puts (one lock for the read-modify-write)", async () => {
    const store = fileTaskStore(tempDir());
    await Promise.all(["a", "b", "c", "d", "e"].map((id) => store.put(record(id))));
    expect((await store.list()).map((r) => r.taskId).sort()).toEqual(["a", "b", "c", "d", "e"]);
  });

  it("should keep at most maxRecords, dropping the oldest", async () => {
    const store = fileTaskStore(tempDir(), { maxRecords: 2 });
    for (const id of ["a", "b", "c"]) await store.put(record(id));
    expect((await store.list()).map((r) => r.taskId)).toEqual(["b", "c"]);
  });

  it.skipIf(!POSIX)("should read a task file others could write as empty", async () => {
    const dir = tempDir();
    const store = fileTaskStore(dir);
    await store.put(record("a"));
    chmodSync(join(dir, "tasks.json"), 0o666);
    expect(await store.list()).toEqual([]);
  });

  it("should refuse a write rather than replace a task file it refuses to read (nothing is lost)", async () => {
    const dir = tempDir();
    const oversized = `${JSON.stringify({ version: 1, records: [record("kept")] })}${" ".repeat(1024 * 1024)}`;
    writeFileSync(join(dir, "tasks.json"), oversized, { mode: 0o600 });
    const store = fileTaskStore(dir);
    await expect(store.put(record("new"))).rejects.toThrow(
      /Refused the task store file .*tasks\.json: it holds \d+ bytes/,
    );
    expect(readFileSync(join(dir, "tasks.json"), "utf8")).toBe(oversized);
  });

  it("should skip records that are malformed or carry a task id that is not plain", async () => {
    const dir = tempDir();
    const planted = [record("ok"), { ...record("x"), taskId: "a\u001b[2Jb" }, { taskId: "only" }];
    writeFileSync(join(dir, "tasks.json"), JSON.stringify({ version: 1, records: planted }), { mode: 0o600 });
    expect((await fileTaskStore(dir).list()).map((r) => r.taskId)).toEqual(["ok"]);
  });

  it("should sit beside the token store unless TOOLNEXUS_MCP_TASK_DIR says otherwise", () => {
    expect(defaultTaskDir({ TOOLNEXUS_MCP_AUTH_DIR: "/x/auth" })).toBe(join("/x", "tasks"));
    expect(defaultTaskDir({ TOOLNEXUS_MCP_TASK_DIR: "/y/t" })).toBe("/y/t");
  });
});
