/**
 * Property-based config fuzz: random and mutated configs in every dialect (`mcpServers`, VS Code
 * `servers`, opencode/toolnexus `mcp`) either load or fail with `CONFIG_INVALID` (`CONFIG_PARSE` for
 * file text) whose every line names the server and field, or the top-level problem; never another
 * exception, never a hang, never a polluted prototype. fast-check picks a new seed each run and prints
 * it (with the shrunk input) on failure, so a failure can be replayed with `{ seed, path }`.
 */
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { makeTempDir, removeTempDir, stdioServer } from "@toolnexus/fixtures";
import fc from "fast-check";
import { afterAll, afterEach, beforeEach, describe, expect, it } from "vitest";
import { parseConfig } from "../src/config/parse-config.js";
import {
  autoRestartSchema,
  healthCheckSchema,
  serverEntrySchema,
} from "../src/config/server-entry-schema.js";
import { isMcpCoreError, loadMcp, type McpConfigInput } from "../src/index.js";

type Json = Record<string, unknown>;
type Path = readonly (string | number)[];

const DANGEROUS_KEYS = ["__proto__", "constructor", "prototype"];
const SENTINEL = "toolnexusFuzzPolluted";
const OBJECT_PROTO_KEYS = Object.getOwnPropertyNames(Object.prototype).sort();
const ARRAY_PROTO_KEYS = Object.getOwnPropertyNames(Array.prototype).sort();

/** One line of a config error: the prefix, then `server "x"` and/or `field "y"`, then what was expected. */
const ISSUE_LINE =
  /^Invalid MCP config(?: in "[^\n]*")?: (?:server "(?:[^"\\\n]|\\.)*"(?:, field "[^\n]*?")?: |field "[^\n]*?": )?(?:expected |duplicate |unknown key )/;

/** An own data property, even for `__proto__` (an assignment would set the prototype instead). */
function defineOwn(target: object, key: string | number, value: unknown): void {
  Object.defineProperty(target, key, { value, enumerable: true, writable: true, configurable: true });
}

/** Sets `value` at `path` inside `root`, creating plain objects on the way (or replacing non-objects). */
function setAt(root: Json, path: Path, value: unknown): void {
  let target: Json = root;
  for (const key of path.slice(0, -1)) {
    const next = target[key];
    if (typeof next === "object" && next !== null && Object.hasOwn(target, key)) target = next as Json;
    else {
      const created: Json = {};
      defineOwn(target, key, created);
      target = created;
    }
  }
  const last = path.at(-1);
  if (last !== undefined) defineOwn(target, last, value);
}

function nested(depth: number, leaf: unknown): unknown {
  let value = leaf;
  for (let i = 0; i < depth; i++) value = i % 2 === 0 ? { a: value } : [value];
  return value;
}

function withOwnKeys(entries: readonly [string, unknown][]): Json {
  const out: Json = {};
  for (const [key, value] of entries) defineOwn(out, key, value);
  return out;
}

/** A would-be polluter: an own `__proto__` (etc.) key holding the sentinel. */
const polluter = fc
  .constantFrom(...DANGEROUS_KEYS)
  .map((key) => withOwnKeys([[key, withOwnKeys([[SENTINEL, "yes"]])]]));

const HUGE = "x".repeat(200_000);

/** JSON text of a generated config; a bigint becomes a number literal. */
function toJson(config: unknown): string {
  return JSON.stringify(config, (_key, value) => (typeof value === "bigint" ? Number(value) : value)) ?? "";
}

/** Values of every kind a field should not hold (and a few it should, for the mix). */
const wrongValue: fc.Arbitrary<unknown> = fc.oneof(
  fc.constantFrom<unknown>(
    "",
    "   ",
    0,
    -0,
    -1,
    1.5,
    Number.NaN,
    Number.POSITIVE_INFINITY,
    2 ** 31,
    2 ** 53,
    1e308,
    null,
    true,
    [],
    [""],
    {},
    HUGE,
    [HUGE],
    { [HUGE]: HUGE },
    "auto",
    "oauth",
    "http://127.0.0.1:9/mcp",
    "file:///etc/passwd",
    nested(2000, "deep"),
    Object.create(null),
    new Date(0),
    new Map(),
    () => "a function",
  ),
  polluter,
  fc.anything({ maxDepth: 3, withNullPrototype: true, withBigInt: true, withObjectString: true }),
  fc.array(fc.oneof(fc.string(), fc.integer()), { maxLength: 4 }),
  fc.dictionary(fc.oneof(fc.constantFrom(...DANGEROUS_KEYS), fc.string()), fc.anything({ maxDepth: 1 })),
);

const ENTRY_FIELDS = Object.keys(serverEntrySchema.shape);
const AUTH_FIELDS = [
  "type",
  "clientId",
  "clientSecret",
  "clientMetadataUrl",
  "scopes",
  "redirectUrl",
  "privateKeyFile",
];

/** Every place a field can be: entry keys, the nested objects' keys, map keys and array items. */
const FIELD_PATHS: Path[] = [
  ...ENTRY_FIELDS.map((key) => [key]),
  ...Object.keys(autoRestartSchema.shape).map((key) => ["autoRestart", key]),
  ...Object.keys(healthCheckSchema.shape).map((key) => ["healthCheck", key]),
  ...AUTH_FIELDS.map((key) => ["auth", key]),
  ...["env", "environment", "headers", "tools", "toolTimeouts"].flatMap((map) => [
    [map, "KEY"],
    ...DANGEROUS_KEYS.map((key) => [map, key]),
  ]),
  ["tools", "include"],
  ["tools", "exclude", 0],
  ["command", 0],
  ["command", 1],
  ["args", 0],
  ["inheritEnv", 0],
  ["auth", "scopes", 0],
  ...DANGEROUS_KEYS.map((key) => [key]),
  ...DANGEROUS_KEYS.map((key) => ["autoRestart", key]),
  ...DANGEROUS_KEYS.map((key) => ["auth", key]),
];

const FIXTURE = stdioServer("basic");
const MISSING_COMMAND = "/nonexistent/toolnexus-config-fuzz-server";
const REFUSED_URL = "http://127.0.0.1:9/mcp";

type Dialect = "mcpServers" | "servers" | "mcp";

/** One valid entry per dialect and kind; `timeout` short so a load that starts something ends soon. */
function validEntry(dialect: Dialect, kind: "fixture" | "missing" | "remote"): Json {
  if (kind === "remote") {
    const remote: Json = { url: REFUSED_URL, timeout: 2_000, headers: { "X-Fuzz": "1" } };
    if (dialect === "servers") remote.type = "http";
    if (dialect === "mcp") Object.assign(remote, { type: "remote", enabled: true });
    return remote;
  }
  const { command, args } = kind === "fixture" ? FIXTURE : { command: MISSING_COMMAND, args: ["--x"] };
  if (dialect === "mcp")
    return { type: "local", command: [command, ...args], environment: { A: "1" }, timeout: 2_000 };
  const local: Json = { command, args, env: { A: "1" }, timeout: 2_000 };
  if (dialect === "servers") local.type = "stdio";
  return local;
}

const dialect = fc.constantFrom<Dialect>("mcpServers", "servers", "mcp");
const kind = fc.constantFrom("fixture" as const, "missing" as const, "remote" as const);
const serverName = fc.oneof(
  fc.constantFrom("s", "a-b_1", ...DANGEROUS_KEYS, "", "x".repeat(40)),
  fc.string(),
);

/** A config whose one server has one field replaced (or removed, or a dangerous key added somewhere). */
function mutatedConfig(paths: readonly Path[]) {
  return fc
    .record({
      dialect,
      kind,
      name: serverName,
      path: fc.constantFrom(...paths),
      value: fc.oneof({ weight: 8, arbitrary: wrongValue }, fc.constant(undefined)),
      outer: fc.option(fc.tuple(fc.constantFrom<"top" | "wrapper">("top", "wrapper"), polluter), { freq: 4 }),
    })
    .map(({ dialect, kind, name, path, value, outer }) => {
      const entry = validEntry(dialect, kind);
      if (value === undefined && path.length === 1) delete entry[path[0] as string];
      else setAt(entry, path, value);
      const wrapper = withOwnKeys([[name, entry]]);
      const root = withOwnKeys([[dialect, wrapper]]);
      if (outer !== null) {
        const [level, extra] = outer;
        for (const [key, inner] of Object.entries(extra))
          defineOwn(level === "top" ? root : wrapper, key, inner);
      }
      return root;
    });
}

/** Anything at all, or a wrapper holding random entries. */
const randomConfig = fc.oneof(
  // A string is a file path: the file-text property covers those.
  fc.anything({ maxDepth: 4, withNullPrototype: true }).filter((value) => typeof value !== "string"),
  fc
    .record({ dialect, servers: fc.dictionary(serverName, wrongValue, { maxKeys: 4 }) })
    .map(({ dialect, servers }) => withOwnKeys([[dialect, servers]])),
  fc.dictionary(
    serverName,
    fc.oneof(wrongValue, fc.dictionary(fc.constantFrom(...ENTRY_FIELDS, ...DANGEROUS_KEYS), wrongValue)),
  ),
);

/** Every line names the server and field (or is a top-level problem); anything but a config error fails. */
function expectConfigError(error: unknown, codes: readonly string[]): void {
  if (!isMcpCoreError(error))
    throw new Error(`expected an McpCoreError, got ${String(error)}`, { cause: error });
  expect(codes).toContain(error.code);
  if (error.code !== "CONFIG_INVALID") return;
  for (const line of error.message.split("\n")) {
    expect(line).toMatch(ISSUE_LINE);
    // A refusal must say what is wrong: "expected an object, got object" does not.
    expect(line).not.toMatch(/expected an object, got object$/);
  }
}

function expectPrototypesClean(): void {
  expect(Object.getOwnPropertyNames(Object.prototype).sort()).toEqual(OBJECT_PROTO_KEYS);
  expect(Object.getOwnPropertyNames(Array.prototype).sort()).toEqual(ARRAY_PROTO_KEYS);
  expect(({} as Json)[SENTINEL]).toBeUndefined();
}

/** How many inputs of the current property loaded and how many were refused (so none passes vacuously). */
const tally = { loaded: 0, refused: 0 };

async function checkParse(config: unknown): Promise<void> {
  try {
    await parseConfig(config as McpConfigInput);
    tally.loaded++;
  } catch (error) {
    expectConfigError(error, ["CONFIG_INVALID"]);
    tally.refused++;
  }
  expectPrototypesClean();
}

// Fields the loadMcp runs leave alone, so nothing but the fixture (or nothing at all) is spawned or reached.
const LAUNCH_FIELDS = new Set(["command", "args", "url", "type"]);
const SAFE_PATHS = FIELD_PATHS.filter((path) => !LAUNCH_FIELDS.has(String(path[0])));
// Most single-field mutations are refused; a dangerous key added to a valid entry mostly loads.
const DANGEROUS_PATHS = SAFE_PATHS.filter((path) => DANGEROUS_KEYS.includes(String(path.at(-1))));

describe("config fuzz", () => {
  const dir = makeTempDir("config-fuzz-");
  afterAll(() => removeTempDir(dir));
  beforeEach(() => Object.assign(tally, { loaded: 0, refused: 0 }));
  afterEach(() => {
    expect(tally.loaded).toBeGreaterThan(0);
    expect(tally.refused).toBeGreaterThan(0);
  });

  it("parseConfig: a config with one field mutated loads or names the field", async () => {
    await fc.assert(fc.asyncProperty(mutatedConfig(FIELD_PATHS), checkParse), { numRuns: 3_000 });
  });

  it("parseConfig: random configs load or fail with CONFIG_INVALID", async () => {
    await fc.assert(fc.asyncProperty(randomConfig, checkParse), { numRuns: 2_000 });
  });

  it("parseConfig: random file text loads or fails with CONFIG_PARSE / CONFIG_INVALID", async () => {
    const file = join(dir, "mcp.json");
    const text = fc.oneof(
      mutatedConfig(FIELD_PATHS).map((config) => toJson(config)),
      fc
        .tuple(mutatedConfig(FIELD_PATHS), fc.nat(), fc.string({ maxLength: 3 }))
        .map(([config, at, insert]) => {
          const json = toJson(config);
          const cut = at % (json.length + 1);
          return json.slice(0, cut) + insert + json.slice(cut + 1);
        }),
      fc.json(),
      fc.string(),
    );
    await fc.assert(
      fc.asyncProperty(text, async (content) => {
        writeFileSync(file, content);
        try {
          await parseConfig(file);
          tally.loaded++;
        } catch (error) {
          expectConfigError(error, ["CONFIG_INVALID", "CONFIG_PARSE"]);
          tally.refused++;
        }
        expectPrototypesClean();
      }),
      { numRuns: 500 },
    );
  });

  it("loadMcp: mutated configs load (and close) or fail with CONFIG_INVALID", {
    timeout: 60_000,
  }, async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.oneof(mutatedConfig(SAFE_PATHS), mutatedConfig(DANGEROUS_PATHS)),
        async (config) => {
          let source: Awaited<ReturnType<typeof loadMcp>> | undefined;
          try {
            source = await loadMcp(config as McpConfigInput, {
              toolCache: null,
              onWarning: () => {},
              serverNames: "any",
            });
            tally.loaded++;
          } catch (error) {
            expectConfigError(error, ["CONFIG_INVALID"]);
            tally.refused++;
          } finally {
            await source?.close();
          }
          expectPrototypesClean();
        },
      ),
      {
        numRuns: 50,
        timeout: 10_000,
        // About one mutated config in ten loads: with 50 runs, none loading happens about once in
        // 200. One config that loads and one that is refused always run, besides the random ones.
        examples: [
          [{ mcpServers: { s: validEntry("mcpServers", "missing") } }],
          [{ mcpServers: { s: { ...validEntry("mcpServers", "missing"), timeout: "soon" } } }],
        ],
      },
    );
  });
});
