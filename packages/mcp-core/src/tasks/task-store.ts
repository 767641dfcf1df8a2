/**
 * `TaskStore`: where the ids of running tasks are kept, so a call outlives the process that made
 * it (`source.resumeTasks()` in the next one re-attaches instead of starting the work again).
 * @module
 */
/** One running task of one server. */
export interface TaskRecord {
  /**
   * The server's identity (`taskServerKey`): a task id is only ever sent back to the server
   * whose key matches, never to another server that took the same name.
   */
  serverKey: string;
  /** The configured server name. */
  server: string;
  /** The tool's raw name on the server. */
  tool: string;
  /** The server's task id (plain, at most 256 characters). */
  taskId: string;
  /** When the task was created (ISO 8601), for the host's own pruning. */
  createdAt: string;
}

/**
 * Keeps task records across processes. `@toolnexus/mcp-core/stores` ships a file store
 * (`fileTaskStore`); a fleet can keep them elsewhere (Redis). Every method may reject; the core
 * then goes on without durability for that task and warns.
 */
export interface TaskStore {
  /** Every record kept (any server). */
  list(): Promise<TaskRecord[]>;
  /** Adds a record (a record with the same `serverKey` and `taskId` is replaced). */
  put(record: TaskRecord): Promise<void>;
  /** Removes a record; removing one that is not there is not an error. */
  delete(serverKey: string, taskId: string): Promise<void>;
}
