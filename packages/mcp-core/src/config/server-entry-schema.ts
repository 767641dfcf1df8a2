/**
 * zod schemas for one server entry in any supported dialect (Claude Desktop/Cursor/Claude Code,
 * VS Code, opencode/toolnexus). Every `error` text is the "expected …" half of a message; the "got …"
 * half is derived from the value by `describeValue`, so values never reach a message.
 * @module
 */
import { z } from "zod";
import { ROOT_EXPECTED, rootUri } from "../roots/root-uri.js";
import { MIN_TEXT_BUDGET_CHARS } from "../text-budget.js";
import { MAX_TIMER_EXPECTED, MAX_TIMER_MS } from "../timer-limit.js";
import { authSchema } from "./auth-schema.js";
import { isPlainObject } from "./describe-value.js";
import { PROTOCOL_SETTINGS } from "./protocol-setting.js";
import type { HeadersInput } from "./server-config.js";
import { toolFilterSchema, toolsSchema } from "./tool-selection-schema.js";

/** `type` values meaning a local (stdio) server. */
export const LOCAL_TYPES = ["stdio", "local"] as const;
/** `type` values meaning a remote server; `sse` selects legacy SSE, the others Streamable HTTP. */
export const REMOTE_TYPES = ["http", "streamable-http", "streamableHttp", "remote", "sse"] as const;

const TYPES = [...LOCAL_TYPES, ...REMOTE_TYPES] as const;

const boolean = z.boolean({ error: "a boolean" });

/**
 * The parse options of a config entry: without zod's compiled fast path. A config is parsed once per
 * load, and compiling that path (generated code, then compiled) costs more than it saves for a few
 * entries: one entry's first parse 4.9 → 2.8 ms; 500 entries 25.5 → 27.5 ms (quiet machine, fresh
 * processes, medians of 6).
 */
export const ONE_PASS = { jitless: true } as const;

const nonEmptyString = z
  .string({ error: "a non-empty string" })
  .refine((value) => value.trim() !== "", { error: "a non-empty string" });

/**
 * An object of `item`s checked by own key (a tool may be named `__proto__`, which `z.record` leaves
 * out of its output, unchecked), each value's own issues kept so a message says what is wrong with it
 * (`got zero`). The output is the input object itself.
 */
function ownRecord<T>(item: z.ZodType<T>, expected: string) {
  return z.custom<Record<string, T>>(isPlainObject, { error: expected }).superRefine((map, ctx) => {
    for (const [key, value] of Object.entries(map)) {
      const parsed = item.safeParse(value, ONE_PASS);
      if (parsed.success) continue;
      for (const issue of parsed.error.issues) ctx.addIssue({ ...issue, path: [key, ...issue.path] });
    }
  });
}

/**
 * Text handed to `spawn` (command, args, cwd, env): a NUL would make it throw an error that quotes
 * the value — a secret in `env` included — so the config refuses it first, naming only the field.
 */
function spawnText(base: z.ZodString, expected: string) {
  return base.refine((value) => !value.includes("\0"), {
    error: `${expected} without a NUL character`,
    params: { got: "a string with a NUL character" },
  });
}

const spawnString = spawnText(z.string({ error: "a string" }), "a string");
const nonEmptySpawnString = spawnText(nonEmptyString, "a non-empty string");

/** `env` / `environment`: values checked as spawn text, and names too (a NUL in a name throws alike). */
const envMap = ownRecord(spawnString, "an object of strings").superRefine((map, ctx) => {
  for (const name of Object.keys(map)) {
    if (!name.includes("\0")) continue;
    ctx.addIssue({
      code: "custom",
      path: [name],
      message: "an env name without a NUL character",
      params: { got: "a name with a NUL character" },
    });
  }
});

/** An HTTP header name (RFC 9110 token): fetch refuses any other and the server would only fail to start. */
const HEADER_NAME = /^[!#$%&'*+\-.^_`|~0-9A-Za-z]+$/;
/** A line break or NUL would split or end the header; fetch refuses them and code points above U+00FF. */
function isHeaderValue(value: string): boolean {
  for (let i = 0; i < value.length; i++) {
    const code = value.charCodeAt(i);
    if (code === 0 || code === 10 || code === 13 || code > 0xff) return false;
  }
  return true;
}

/** `headers`: names checked as tokens and values as header text, each issue saying which (never the value). */
const headerMap = ownRecord(
  z.string({ error: "a string" }).refine(isHeaderValue, {
    error: "a header value (no line break, NUL or character above U+00FF)",
    params: { got: "a string with such a character" },
  }),
  "an object of strings",
).superRefine((map, ctx) => {
  for (const name of Object.keys(map)) {
    if (HEADER_NAME.test(name)) continue;
    ctx.addIssue({
      code: "custom",
      path: [name],
      message: "a header name (letters, digits and !#$%&'*+-.^_`|~)",
      params: { got: "a name with other characters" },
    });
  }
});

function integer(expected: string, min: number) {
  return z.number({ error: expected }).int({ error: expected }).min(min, { error: expected });
}

/** A duration: an integer from `min` up to the timer limit, in milliseconds. */
function milliseconds(expected: string, min: number) {
  return integer(expected, min).max(MAX_TIMER_MS, { error: MAX_TIMER_EXPECTED });
}

const positiveMs = milliseconds("a positive integer (milliseconds)", 1);
const nonNegativeMs = milliseconds("a non-negative integer (milliseconds)", 0);
/** A bound on what the model sees of a server's text, in characters. */
const textBudget = integer(`an integer ≥ ${MIN_TEXT_BUDGET_CHARS} (characters)`, MIN_TEXT_BUDGET_CHARS);

/** What `autoRestart` and `healthCheck` take: the object only, `enabled` its switch (CONTRIBUTING.md). */
const POLICY_EXPECTED = "an object ({} for the defaults, { enabled: false } to turn it off)";

/** `autoRestart`: the restart policy. */
export const autoRestartSchema = z.object(
  {
    enabled: boolean.optional(),
    maxRetries: integer("a non-negative integer", 0).optional(),
    initialDelayMs: nonNegativeMs.optional(),
    maxDelayMs: nonNegativeMs.optional(),
    stableAfterMs: nonNegativeMs.optional(),
  },
  { error: POLICY_EXPECTED },
);

/** `healthCheck`: the ping policy. */
export const healthCheckSchema = z.object(
  {
    enabled: boolean.optional(),
    intervalMs: positiveMs.optional(),
    timeoutMs: positiveMs.optional(),
    failures: integer("a positive integer", 1).optional(),
  },
  { error: POLICY_EXPECTED },
);

/** `perTenant`: an instance per tenant; the object only, `{}` for the defaults (CONTRIBUTING.md). */
const perTenantSchema = z.strictObject(
  {
    maxInstances: integer("a positive integer", 1).optional(),
    idleTimeoutMs: positiveMs.optional(),
  },
  { error: "an object ({} for the defaults): maxInstances, idleTimeoutMs" },
);

const positiveTokens = integer("a positive integer (estimated tokens)", 1);
const budgetLimitsSchema = z.strictObject(
  { maxTokens: positiveTokens.optional(), warnTokens: positiveTokens.optional() },
  { error: "an object with maxTokens and warnTokens" },
);

/** An entry's `resultBudget`: the server's limits and, by raw tool name, a tool's own. */
export const entryResultBudgetSchema = z.strictObject(
  {
    enabled: z.boolean({ error: "a boolean" }).optional(),
    maxTokens: positiveTokens.optional(),
    warnTokens: positiveTokens.optional(),
    tools: ownRecord(
      budgetLimitsSchema,
      "an object of { maxTokens, warnTokens } by raw tool name",
    ).optional(),
  },
  { error: "an object with enabled, maxTokens, warnTokens and tools" },
);

/** A root's path or URI: a directory path or a `file:` URI (the spec's roots are `file://` URIs). */
const rootText = nonEmptySpawnString.refine((value) => rootUri(value, "/") !== undefined, {
  error: ROOT_EXPECTED,
  params: { got: "a URI of another scheme or host" },
});

/** `roots`: this server's own roots (paths relative to the config file), replacing the load's. */
const rootsSchema = z.array(
  z.union([rootText, z.object({ uri: rootText, name: z.string({ error: "a string" }).optional() })], {
    error: `${ROOT_EXPECTED}, or { uri, name? }`,
  }),
  { error: "an array of roots" },
);

const headersFunction = z.custom<Exclude<HeadersInput, Record<string, string>>>(
  (value) => typeof value === "function",
);

/** One server entry. Unknown keys are stripped here and reported as a warning by the caller. */
export const serverEntrySchema = z.object(
  {
    type: z.enum(TYPES, { error: `one of ${TYPES.map((t) => JSON.stringify(t)).join(", ")}` }).optional(),
    command: z
      .union(
        [
          nonEmptySpawnString,
          z
            .array(nonEmptySpawnString, { error: "a non-empty array of strings" })
            .min(1, { error: "a non-empty array of strings" }),
        ],
        { error: "a string or an array of strings" },
      )
      .optional(),
    args: z.array(spawnString, { error: "an array of strings" }).optional(),
    env: envMap.optional(),
    environment: envMap.optional(),
    envFile: nonEmptySpawnString.optional(),
    cwd: nonEmptySpawnString.optional(),
    url: z.string({ error: "an http or https URL" }).optional(),
    headers: z.union([headerMap, headersFunction], { error: "an object of strings" }).optional(),
    enabled: boolean.optional(),
    disabled: boolean.optional(),
    timeout: positiveMs.optional(),
    lazy: boolean.optional(),
    idleTimeoutMs: positiveMs.optional(),
    perTenant: perTenantSchema.optional(),
    inheritEnv: z
      .union([z.literal("all"), z.array(nonEmptyString, { error: "an array of env names" })], {
        error: '"all" or an array of env names',
      })
      .optional(),
    autoRestart: autoRestartSchema.optional(),
    healthCheck: healthCheckSchema.optional(),
    liveToolList: boolean.optional(),
    auth: authSchema.optional(),
    protocol: z
      .enum(PROTOCOL_SETTINGS, {
        error: `"auto" or one of ${PROTOCOL_SETTINGS.filter((v) => v !== "auto")
          .map((v) => JSON.stringify(v))
          .join(", ")}`,
      })
      .optional(),
    tools: toolsSchema.optional(),
    toolFilter: toolFilterSchema.optional(),
    toolTimeouts: ownRecord(positiveMs, "an object of positive integers (milliseconds)").optional(),
    resultBudget: entryResultBudgetSchema.optional(),
    taskTools: z
      .array(z.string().min(1), { error: 'an array of globs on raw tool names (["*"] for every tool)' })
      .optional(),
    defer: boolean.optional(),
    maxDescriptionChars: textBudget.optional(),
    maxInstructionsChars: textBudget.optional(),
    drift: z.enum(["accept", "hold", "block"], { error: '"accept", "hold" or "block"' }).optional(),
    allowSampling: boolean.optional(),
    // The earlier name of `allowSampling`: refused, not ignored as an unknown key would be, since
    // ignoring `sampling: false` would lend the host's model to a server the author excluded.
    sampling: z
      .custom<never>(() => false, { error: '"allowSampling" in its place (the key was renamed)' })
      .optional(),
    roots: rootsSchema.optional(),
  },
  { error: "an object" },
);

/** A server entry that passed `serverEntrySchema`. */
export type ServerEntry = z.infer<typeof serverEntrySchema>;
