/**
 * The load's default task store: a `fileTaskStore()` whose module (file locks, trusted reads,
 * atomic writes) is loaded and made on the first call, not when the package is imported.
 * @module
 */
import type { TaskRecord, TaskStore } from "./task-store.js";

/** A {@link TaskStore} that makes a `fileTaskStore()` on its first use and hands every call to it. */
export function defaultTaskStore(): TaskStore {
  let made: Promise<TaskStore> | undefined;
  const store = () => {
    // A failed first use (a module that could not load) is tried again on the next call.
    made ??= import("./file-task-store.js")
      .then(({ fileTaskStore }) => fileTaskStore())
      .catch((error: unknown) => {
        made = undefined;
        throw error;
      });
    return made;
  };
  return {
    list: async () => (await store()).list(),
    put: async (record: TaskRecord) => (await store()).put(record),
    delete: async (serverKey: string, taskId: string) => (await store()).delete(serverKey, taskId),
  };
}
