/**
 * The sandbox contract of code mode, the same shape as `@cloudflare/codemode`'s `Executor` so an
 * executor written for it (a Worker Loader, a container) plugs in unchanged: `execute(code, fns)`
 * runs `code`, an async arrow function's source, with each of `fns` callable as
 * `codemode.<key>(input)`, and resolves — never rejects — with the value, the error and the logs.
 * @module
 */

/** The host functions a program may call, by key: each takes one JSON input and resolves with JSON. */
export type ExecutorFns = Record<string, (...args: unknown[]) => Promise<unknown>>;

/** What one run gave. */
export interface ExecuteResult {
  /** The program's return value (JSON data), `undefined` when it failed or returned nothing. */
  result: unknown;
  /** Set when the program failed: its own throw, a limit it hit, a syntax error, a missing sandbox. */
  error?: string;
  /** Its console output, one entry a call (`[warn] …` for levels other than `log`), bounded. */
  logs?: string[];
}

/** Runs a program in a sandbox (see the module doc); must resolve, never throw. */
export interface Executor {
  execute(code: string, fns: ExecutorFns): Promise<ExecuteResult>;
}
