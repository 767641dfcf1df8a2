/**
 * The table the era test matrix (`test/era-matrix-*.test.ts`) runs its behaviours against: one
 * fixture per era — legacy-only (`basic`, v1 SDK), dual-era and modern-only (v2 server package) —
 * each over stdio and Streamable HTTP, with the protocol version `auto` negotiation must reach.
 * With the flags below the three fixtures offer the same tools (`echo`, `pid`, `slow`, `add_tool`,
 * `env`, …), so every behaviour is written once.
 * @module
 */
import { type FixtureName, type HttpFixture, startHttpFixture, stdioServer } from "@toolnexus/fixtures";
import { afterAll, beforeAll } from "vitest";
import type { McpSource } from "../../src/index.js";
import { httpFixture, type TempDir, useTempDir } from "./harness.js";

/** The protocol version of the legacy era (initialize, sessions). */
export const LEGACY_VERSION = "2025-11-25";
/** The protocol version of the modern era (server/discover, no sessions). */
export const MODERN_VERSION = "2026-07-28";

/** One fixture of the matrix. */
export interface EraFixture {
  /** The row's name in test titles. */
  readonly era: "legacy-only" | "dual-era" | "modern-only";
  readonly fixture: FixtureName;
  /** The flags that give this fixture the matrix's common tools. */
  readonly args: readonly string[];
  /** What `servers()[i].protocolVersion` reports after an `auto` negotiation. */
  readonly protocolVersion: string;
}

/** The three fixtures, one per era. */
export const ERA_FIXTURES: readonly EraFixture[] = [
  {
    era: "legacy-only",
    fixture: "basic",
    args: ["--add-tool", "--env-tool"],
    protocolVersion: LEGACY_VERSION,
  },
  { era: "dual-era", fixture: "dual-era", args: ["--env-tool"], protocolVersion: MODERN_VERSION },
  { era: "modern-only", fixture: "modern", args: ["--env-tool"], protocolVersion: MODERN_VERSION },
];

/** The two transports every fixture runs over. */
export type Wire = "stdio" | "http";

/** One cell of the matrix: a fixture over one transport. */
export interface EraRow extends EraFixture {
  readonly wire: Wire;
}

/** Every fixture over every transport (six rows). */
export const ERA_ROWS: readonly EraRow[] = ERA_FIXTURES.flatMap((row) =>
  (["stdio", "http"] as const).map((wire) => ({ ...row, wire })),
);

/** The name the matrix gives its one server in a config. */
export const SERVER = "s";

/** The final (namespaced) name of {@link SERVER}'s tool `raw`. */
export const finalName = (raw: string): string => `mcp__${SERVER}__${raw}`;

/** A stdio config entry for the row's fixture, with its matrix flags, logging to `log`. */
export function stdioEntry(row: EraFixture, log: string, extra: readonly string[] = []): object {
  return stdioServer(row.fixture, [...row.args, "--log", log, ...extra]);
}

/**
 * A config entry for the row: over stdio a child logging to `log`; over HTTP a fixture process
 * (stopped when the test finishes) logging to `log`, and the entry `{ url }`. `extra`: more flags.
 */
export async function rowEntry(
  row: EraRow,
  log: string,
  extra: readonly string[] = [],
): Promise<{ entry: object; http?: HttpFixture }> {
  if (row.wire === "stdio") return { entry: stdioEntry(row, log, extra) };
  const http = await httpFixture(row.fixture, [...row.args, "--log", log, ...extra]);
  return { entry: { url: http.url }, http };
}

/** The running HTTP fixtures a file shares, one per era, and the log each writes. */
export interface SharedHttpFixtures {
  /** The row's `{ url }` entry and its fixture's log file. */
  of(row: EraFixture): { entry: { url: string }; log: string };
}

/**
 * Starts one HTTP fixture per era in `beforeAll` and stops them in `afterAll`, for the tests of a
 * file that leave a server as they found it (a tool a test adds stays: use names of its own).
 */
export function useSharedHttpFixtures(dir: TempDir = useTempDir("era-matrix-")): SharedHttpFixtures {
  const running = new Map<FixtureName, { fixture: HttpFixture; log: string }>();
  beforeAll(async () => {
    await Promise.all(
      ERA_FIXTURES.map(async (row) => {
        const log = dir.logFile(row.fixture);
        running.set(row.fixture, {
          fixture: await startHttpFixture(row.fixture, [...row.args, "--log", log]),
          log,
        });
      }),
    );
  });
  afterAll(async () => {
    await Promise.all([...running.values()].map(({ fixture }) => fixture.stop()));
  });
  return {
    of(row) {
      const shared = running.get(row.fixture);
      if (!shared) throw new Error(`no shared HTTP fixture for ${row.fixture}`);
      return { entry: { url: shared.fixture.url }, log: shared.log };
    },
  };
}

/**
 * What the core reports for a server's era (`servers()[i].protocolVersion` and `toolListUpdates`,
 * added by the move onto the v2 client); read structurally so the matrix type-checks before it.
 */
export function eraOf(
  source: McpSource,
  server = SERVER,
): { protocolVersion: string | undefined; toolListUpdates: string | undefined } {
  const snapshot = source.servers().find((s) => s.name === server) as
    | { protocolVersion?: string; toolListUpdates?: string }
    | undefined;
  return { protocolVersion: snapshot?.protocolVersion, toolListUpdates: snapshot?.toolListUpdates };
}

/** The server's state and last error, as one string for an assertion message. */
export function stateOf(source: McpSource, server = SERVER): string {
  const snapshot = source.servers().find((s) => s.name === server);
  return `${snapshot?.state}: ${snapshot?.lastError ?? "no error"}`;
}
