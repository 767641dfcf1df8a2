/**
 * The cheap check of a server entry (`config/plain-entry.ts`) against the entry schema it stands
 * in for: whatever it accepts, the schema accepts with the same data; what it declines goes to the
 * schema, so every error stays the schema's. fast-check draws entries from values at and around
 * every bound the schema sets, beside wrong values of every kind.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { normalizeServer } from "../src/config/normalize-server.js";
import { plainEntry } from "../src/config/plain-entry.js";
import { ONE_PASS, serverEntrySchema } from "../src/config/server-entry-schema.js";
import { MAX_TIMER_MS } from "../src/timer-limit.js";

type Json = Record<string, unknown>;

/** Values at and around the schema's bounds for the keys the cheap check knows. */
const EDGE_VALUES: unknown[] = [
  undefined,
  "",
  "  ",
  "x",
  "a\0b",
  " x ",
  "all",
  "auto",
  "2025-11-25",
  "1999-01-01",
  "stdio",
  "local",
  "http",
  "sse",
  "remote",
  "tcp",
  "accept",
  "hold",
  "block",
  "http://127.0.0.1:9/mcp",
  0,
  -0,
  1,
  -1,
  1.5,
  127,
  128,
  129.5,
  MAX_TIMER_MS,
  MAX_TIMER_MS + 1,
  2 ** 53,
  Number.NaN,
  Number.POSITIVE_INFINITY,
  true,
  false,
  null,
  [],
  ["x"],
  ["x", "y"],
  [""],
  ["x", " "],
  ["a\0"],
  ["x", 1],
  // biome-ignore lint/suspicious/noSparseArray: a hole is a value the schema reads as undefined
  [, "x"],
  {},
  { A: "1" },
  { A: 1 },
  { A: "a\0" },
  { "A\0": "1" },
  Object.create(null),
  Object.assign(Object.create(null), { A: "1" }),
  new Date(0),
  () => "a function",
];

const KEYS = [...Object.keys(serverEntrySchema.shape), "argz", "__proto__", "constructor", "unknownKey"];

/** An own data property, even for `__proto__`. */
function defineOwn(target: Json, key: string, value: unknown): void {
  Object.defineProperty(target, key, { value, enumerable: true, writable: true, configurable: true });
}

const value = fc.oneof(
  { weight: 6, arbitrary: fc.constantFrom(...EDGE_VALUES) },
  { weight: 1, arbitrary: fc.anything({ maxDepth: 2, withNullPrototype: true }) },
);

/** A usable stdio or remote entry with up to five keys set to drawn values. */
const entry = fc
  .record({
    base: fc.constantFrom<Json>(
      { command: "node", args: ["server.js"], lazy: true },
      { command: ["node", "server.js"], type: "local", environment: { A: "1" } },
      { url: "http://127.0.0.1:9/mcp", type: "http" },
      {},
    ),
    fields: fc.array(fc.tuple(fc.constantFrom(...KEYS), value), { maxLength: 5 }),
  })
  .map(({ base, fields }) => {
    const out: Json = { ...base };
    for (const [key, drawn] of fields) defineOwn(out, key, drawn);
    return out;
  });

describe("plainEntry", () => {
  it("accepts only what the entry schema accepts, with the schema's data", () => {
    const tally = { plain: 0, declined: 0 };
    fc.assert(
      fc.property(entry, (drawn) => {
        const plain = plainEntry(drawn);
        if (plain === undefined) {
          tally.declined++;
          return;
        }
        tally.plain++;
        const parsed = serverEntrySchema.safeParse(drawn, ONE_PASS);
        expect(parsed.success).toBe(true);
        expect(plain).toEqual(parsed.data);
      }),
      { numRuns: 20_000 },
    );
    // Neither side passes vacuously.
    expect(tally.plain).toBeGreaterThan(1_000);
    expect(tally.declined).toBeGreaterThan(1_000);
  });

  it("takes a big catalog's entries (command, args, lazy) and the common dialects' keys", () => {
    for (const given of [
      { command: "node", args: ["a.js", "--log", "/tmp/x.log"], lazy: true },
      { type: "stdio", command: "npx", args: ["-y", "pkg"], env: { TOKEN: "${TOKEN}" }, cwd: "." },
      { type: "local", command: ["uvx", "pkg"], environment: { A: "1" }, enabled: false },
      { type: "http", url: "https://example.com/mcp", timeout: 5_000, protocol: "auto" },
      { command: "x", inheritEnv: ["HOME", "AWS_*"], drift: "hold", defer: true, maxDescriptionChars: 128 },
    ]) {
      expect(plainEntry(given)).toEqual(serverEntrySchema.parse(given, ONE_PASS));
    }
  });

  it("leaves a mistake to the schema: the same issues, naming the server and the field", () => {
    const result = normalizeServer("files", { command: "node", args: ["a\0"], timeout: 0 }, "/");
    expect(result.config).toBeUndefined();
    expect(result.issues.map((issue) => [issue.server, issue.path?.join(".")])).toEqual([
      ["files", "args.0"],
      ["files", "timeout"],
    ]);
  });
});
