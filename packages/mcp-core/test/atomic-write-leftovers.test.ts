/**
 * Atomic writes (temp file + rename) of the token store and the listing cache leave no temporary
 * file behind: a failed write removes its own, and what a crashed writer left (older than a bound)
 * is swept by the next write to the directory. A fresh one may be another process's write in
 * progress and is kept, as is any file the writer did not name.
 */
import { createHash } from "node:crypto";
import { mkdirSync, readdirSync, utimesSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { fileTokenStore } from "../src/auth/file-token-store.js";
import type { StoredAuth } from "../src/auth/token-store.js";
import { fileToolCache } from "../src/tool-cache/file-tool-cache.js";
import type { ToolCacheEntry } from "../src/tool-cache/tool-cache-store.js";
import { tempDir } from "./support/harness.js";

const KEY = "https://issuer.example https://mcp.example/mcp client-1";
const entryName = `${createHash("sha256").update(KEY).digest("hex")}.json`;
const FINGERPRINT = "f".repeat(64);
const HOUR_MS = 60 * 60 * 1000;

const auth = (): StoredAuth => ({
  tokens: { access_token: "a", token_type: "Bearer" },
  savedAt: new Date().toISOString(),
});

const listing = (): ToolCacheEntry => ({
  version: 1,
  server: "files",
  fingerprint: FINGERPRINT,
  savedAt: new Date().toISOString(),
  tools: [{ name: "read", inputSchema: { type: "object" } }],
});

/**
 * What a writer killed between creating its temp file and renaming it leaves (an hour old), one
 * in progress right now, and a file of someone else's that merely ends in `.tmp`.
 */
function plantLeftovers(
  dir: string,
  target: string,
): { crashed: string; inProgress: string; foreign: string } {
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  const crashed = `${target}.4242.0badf00d.tmp`;
  const inProgress = `${target}.4343.c0ffee00.tmp`;
  const foreign = "notes.tmp";
  for (const name of [crashed, inProgress, foreign])
    writeFileSync(join(dir, name), "partial", { mode: 0o600 });
  const anHourAgo = new Date(Date.now() - HOUR_MS);
  utimesSync(join(dir, crashed), anHourAgo, anHourAgo);
  utimesSync(join(dir, foreign), anHourAgo, anHourAgo);
  return { crashed, inProgress, foreign };
}

describe("atomic writes: temporary files", () => {
  it("should sweep a crashed writer's old temp file from the token directory on the next set", async () => {
    const dir = tempDir();
    const { inProgress, foreign } = plantLeftovers(dir, entryName);

    await fileTokenStore(dir).set(KEY, auth());

    expect(readdirSync(dir).sort()).toEqual([entryName, foreign, inProgress].sort());
  });

  it("should sweep a crashed writer's old temp file from the listing cache directory on the next set", async () => {
    const dir = tempDir();
    const { inProgress, foreign } = plantLeftovers(dir, `${FINGERPRINT}.json`);

    await fileToolCache(dir).set(FINGERPRINT, listing());

    expect(readdirSync(dir).sort()).toEqual([`${FINGERPRINT}.json`, foreign, inProgress].sort());
  });

  it("should remove its own temp file when the write fails (the rename meets a directory)", async () => {
    const dir = tempDir();
    mkdirSync(join(dir, entryName, "occupied"), { recursive: true });

    await expect(fileTokenStore(dir).set(KEY, auth())).rejects.toMatchObject({ code: "EISDIR" });
    expect(readdirSync(dir)).toEqual([entryName]);
  });
});
