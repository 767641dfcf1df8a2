import { afterAll, beforeAll, expect } from "vitest";

/** Fails the file when any unhandled rejection or uncaught exception happens while it runs. */
export function failOnUnhandledRejections(): void {
  const seen: unknown[] = [];
  const record = (reason: unknown) => seen.push(reason);
  beforeAll(() => {
    process.on("unhandledRejection", record);
    process.on("uncaughtException", record);
  });
  afterAll(() => {
    process.off("unhandledRejection", record);
    process.off("uncaughtException", record);
    expect(seen).toEqual([]);
  });
}
