/**
 * Exit codes, and the error for a mistake on the command line or in the config (exit 2).
 * @module
 */

/** 0: everything asked for worked; 1: a server or a call failed; 2: a usage or config error. */
export const EXIT = { ok: 0, failed: 1, usage: 2 } as const;

/** A command-line mistake (unknown flag, missing argument, arguments that are not JSON): exit 2. */
export class UsageError extends Error {
  /** Extra lines printed after the message (a caret under the bad position, suggestions). */
  readonly details: readonly string[];

  constructor(message: string, details: readonly string[] = []) {
    super(message);
    this.name = "UsageError";
    this.details = details;
  }
}
