// The default TaskStore: one private file per server beside the token store, written atomically
// under a lock, bounded, and read only when nobody else could have written it (a planted record
// would point a resume at someone else's task id). One server's records never make another's
// unreadable; the single tasks.json of earlier versions is read and moved.
import { chmodSync, existsSync, readdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { defaultTaskDir, fileTaskStore, type TaskRecord } from "../src/stores.js";
import { MAX_TASK_FILE_BYTES, MAX_TASK_RECORD_BYTES, serverTaskFile } from "../src/tasks/task-file.js";
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
      expect(statSync(join(dir, serverTaskFile("http:abc"))).mode & 0o777).toBe(0o600);
    }
    await store.delete("http:abc", "b");
    // A server with no record left has no file.
    expect(readdirSync(dir).filter((name) => name.endsWith(".json"))).toEqual([]);
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
    chmodSync(join(dir, serverTaskFile("http:abc")), 0o666);
    expect(await store.list()).toEqual([]);
  });

  it("should refuse a write rather than replace a server's task file it refuses to read (nothing is lost)", async () => {
    const dir = tempDir();
    const file = join(dir, serverTaskFile("http:abc"));
    const oversized = `${JSON.stringify({ version: 1, records: [record("kept")] })}${" ".repeat(1024 * 1024)}`;
    writeFileSync(file, oversized, { mode: 0o600 });
    const store = fileTaskStore(dir);
    await expect(store.put(record("new"))).rejects.toThrow(
      /Refused the task store file .*tasks-[0-9a-f]{32}\.json: it holds \d+ bytes/,
    );
    expect(readFileSync(file, "utf8")).toBe(oversized);
    // Another server's records are kept apart: its writes and reads go on.
    await store.put(record("other", "http:other"));
    expect((await store.list()).map((r) => r.taskId)).toEqual(["other"]);
  });

  it("should refuse a record over 16 KiB, and keep another server's records readable", async () => {
    const store = fileTaskStore(tempDir());
    await store.put(record("good", "http:good"));
    const huge = { ...record("huge", "http:hostile"), tool: "x".repeat(400 * 1024) };
    await expect(store.put(huge)).rejects.toThrow(
      /Refused to store a task record of \d+ bytes: at most 16384/,
    );
    expect((await store.list()).map((r) => r.taskId)).toEqual(["good"]);
  });

  it("should keep a server's file within 1 MiB, dropping its oldest records, and never touch another's", async () => {
    const dir = tempDir();
    const store = fileTaskStore(dir);
    await store.put(record("good", "http:good"));
    // 100 records just under the per-record bound: 1.5 MiB, more than one file holds.
    const big = (id: string) => ({
      ...record(id, "http:big"),
      tool: "t".repeat(MAX_TASK_RECORD_BYTES - 200),
    });
    for (let i = 0; i < 100; i++) await store.put(big(`b${i}`));
    const file = join(dir, serverTaskFile("http:big"));
    expect(statSync(file).size).toBeLessThanOrEqual(MAX_TASK_FILE_BYTES);
    const ids = (await store.list()).map((r) => r.taskId);
    expect(ids).toContain("good");
    expect(ids).toContain("b99");
    expect(ids).not.toContain("b0");
  });

  it("should read an earlier version's tasks.json and move it into per-server files on the next write", async () => {
    const dir = tempDir();
    const legacy = [record("a", "http:one"), record("b", "http:two")];
    writeFileSync(join(dir, "tasks.json"), JSON.stringify({ version: 1, records: legacy }), { mode: 0o600 });
    const store = fileTaskStore(dir);
    expect((await store.list()).map((r) => r.taskId)).toEqual(["a", "b"]);
    await store.delete("http:one", "a");
    expect(existsSync(join(dir, "tasks.json"))).toBe(false);
    expect((await store.list()).map((r) => r.taskId)).toEqual(["b"]);
    expect(existsSync(join(dir, serverTaskFile("http:two")))).toBe(true);
  });

  it("should leave an unreadable earlier tasks.json as it is and store new records beside it", async () => {
    const dir = tempDir();
    const oversized = `${JSON.stringify({ version: 1, records: [record("old")] })}${" ".repeat(1024 * 1024)}`;
    writeFileSync(join(dir, "tasks.json"), oversized, { mode: 0o600 });
    const store = fileTaskStore(dir);
    await store.put(record("new"));
    expect((await store.list()).map((r) => r.taskId)).toEqual(["new"]);
    expect(readFileSync(join(dir, "tasks.json"), "utf8")).toBe(oversized);
  });

  it("should skip records that are malformed or carry a task id that is not plain", async () => {
    const dir = tempDir();
    const planted = [record("ok"), { ...record("x"), taskId: "a\u001b[2Jb" }, { taskId: "only" }];
    const text = JSON.stringify({ version: 1, records: planted });
    writeFileSync(join(dir, serverTaskFile("http:abc")), text, { mode: 0o600 });
    // A record in a file named for another server's key is not read as that file's.
    writeFileSync(join(dir, serverTaskFile("http:else")), text, { mode: 0o600 });
    expect((await fileTaskStore(dir).list()).map((r) => r.taskId)).toEqual(["ok"]);
  });

  it("should sit beside the token store unless TOOLNEXUS_MCP_TASK_DIR says otherwise", () => {
    expect(defaultTaskDir({ TOOLNEXUS_MCP_AUTH_DIR: "/x/auth" })).toBe(join("/x", "tasks"));
    expect(defaultTaskDir({ TOOLNEXUS_MCP_TASK_DIR: "/y/t" })).toBe("/y/t");
  });
});
