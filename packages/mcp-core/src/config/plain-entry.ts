/**
 * The cheap check of a server entry: an entry whose every known key has a plain value of the
 * shape the entry schema takes (strings, booleans, integers in range, string arrays, string maps)
 * is accepted without running the schema. Anything else — a key this check does not know, a value
 * it is unsure of, any mistake — goes to `serverEntrySchema`, which decides and words the errors,
 * so the messages are the schema's alone. A config of 500 lazy servers spent about a sixth of its
 * load in the schema (its per-entry parse context, issue arrays and copies, all garbage).
 * @module
 */
import { MIN_TEXT_BUDGET_CHARS } from "../text-budget.js";
import { MAX_TIMER_MS } from "../timer-limit.js";
import { isPlainObject } from "./describe-value.js";
import { PROTOCOL_SETTINGS } from "./protocol-setting.js";
import { LOCAL_TYPES, REMOTE_TYPES, type ServerEntry, serverEntrySchema } from "./server-entry-schema.js";

/** A check of one key's value: true only when the schema would accept it unchanged. */
type Check = (value: unknown) => boolean;

const TYPES: ReadonlySet<unknown> = new Set<unknown>([...LOCAL_TYPES, ...REMOTE_TYPES]);
const PROTOCOLS: ReadonlySet<unknown> = new Set<unknown>(PROTOCOL_SETTINGS);
const DRIFT: ReadonlySet<unknown> = new Set<unknown>(["accept", "hold", "block"]);

/** Text handed to `spawn`: a string without NUL (the schema's `spawnString`). */
const spawnString = (value: unknown): value is string => typeof value === "string" && !value.includes("\0");
/** The schema's `nonEmptyString`: not blank. */
const nonEmpty = (value: unknown): value is string => typeof value === "string" && value.trim() !== "";
const nonEmptySpawnString = (value: unknown) => spawnString(value) && value.trim() !== "";
const boolean: Check = (value) => typeof value === "boolean";
const positiveMs: Check = (value) =>
  Number.isInteger(value) && (value as number) >= 1 && (value as number) <= MAX_TIMER_MS;
const textBudget: Check = (value) =>
  Number.isSafeInteger(value) && (value as number) >= MIN_TEXT_BUDGET_CHARS;

/** An array with an item at every index, each passing `item` (a hole is the schema's `undefined`). */
function arrayOf(value: unknown, item: Check, min = 0): boolean {
  if (!Array.isArray(value) || value.length < min) return false;
  for (let i = 0; i < value.length; i++) if (!item(value[i])) return false;
  return true;
}

/** `env` / `environment`: a plain object whose names and values are spawn text. */
function envMap(value: unknown): boolean {
  if (!isPlainObject(value)) return false;
  for (const name of Object.keys(value)) {
    if (name.includes("\0") || !spawnString(value[name])) return false;
  }
  return true;
}

/** The keys this check knows; every other key of the schema goes to the schema. */
const CHECKS: Readonly<Record<string, Check>> = {
  type: (value) => TYPES.has(value),
  command: (value) => nonEmptySpawnString(value) || arrayOf(value, nonEmptySpawnString, 1),
  args: (value) => arrayOf(value, spawnString),
  env: envMap,
  environment: envMap,
  envFile: nonEmptySpawnString,
  cwd: nonEmptySpawnString,
  url: (value) => typeof value === "string",
  enabled: boolean,
  disabled: boolean,
  timeout: positiveMs,
  lazy: boolean,
  idleTimeoutMs: positiveMs,
  inheritEnv: (value) => value === "all" || arrayOf(value, nonEmpty),
  liveToolList: boolean,
  protocol: (value) => PROTOCOLS.has(value),
  defer: boolean,
  maxDescriptionChars: textBudget,
  maxInstructionsChars: textBudget,
  drift: (value) => DRIFT.has(value),
  allowSampling: boolean,
};

/** The schema's keys: another key is unknown, left out of the data as the schema strips it. */
const SCHEMA_KEYS: ReadonlySet<string> = new Set(Object.keys(serverEntrySchema.shape));

/**
 * The entry's data as `serverEntrySchema` would give it, when every schema key it has is one this
 * check knows with a value it accepts; undefined otherwise (then the schema decides). The data
 * holds the entry's own values (the schema's output copies its arrays; the config built from it
 * copies them again, so nothing of the entry is shared either way).
 */
export function plainEntry(entry: Record<string, unknown>): ServerEntry | undefined {
  const data: Record<string, unknown> = {};
  for (const key of Object.keys(entry)) {
    if (!SCHEMA_KEYS.has(key)) continue;
    const check = Object.hasOwn(CHECKS, key) ? CHECKS[key] : undefined;
    const value = entry[key];
    if (check === undefined || (value !== undefined && !check(value))) return undefined;
    data[key] = value;
  }
  return data as ServerEntry;
}
