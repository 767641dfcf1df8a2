/**
 * The inverse of shaping, on the model's arguments: the `null`s a dialect forced on optional
 * properties removed, JSON text that stood for an open value parsed back. Walks only where the
 * plan says something changed, so its depth is the plan's (bounded by the shaper's `MAX_DEPTH`).
 * @module
 */
import { isObject } from "../is-object.js";
import type { ArgPlan, JsonTextKind } from "./dialect-types.js";

function parseJsonText(text: string, kind: JsonTextKind): unknown {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    // Not JSON after all: the model's text goes to the server as it wrote it.
    return text;
  }
  if (kind === "object") return isObject(parsed) ? parsed : text;
  if (kind === "array") return Array.isArray(parsed) ? parsed : text;
  return parsed;
}

function restoreUnion(value: unknown, plan: ArgPlan, branches: readonly ArgPlan[]): unknown {
  for (const branch of branches) {
    if (branch.props !== undefined && isObject(value)) return restoreValue(value, branch);
    if (branch.items !== undefined && Array.isArray(value)) return restoreValue(value, branch);
    if (branch.json !== undefined && typeof value === "string" && plan.textBranch !== true) {
      return restoreValue(value, branch);
    }
  }
  return value;
}

/** One value restored by its plan (`undefined`: as it is). */
export function restoreValue(value: unknown, plan: ArgPlan | undefined): unknown {
  if (plan === undefined) return value;
  if (plan.json !== undefined) return typeof value === "string" ? parseJsonText(value, plan.json) : value;
  if (plan.anyOf !== undefined) return restoreUnion(value, plan, plan.anyOf);
  if (plan.items !== undefined && Array.isArray(value))
    return value.map((item) => restoreValue(item, plan.items));
  const { props } = plan;
  if (props === undefined || !isObject(value)) return value;
  const entries: [string, unknown][] = [];
  for (const [key, item] of Object.entries(value)) {
    const prop = props.get(key);
    if (prop === undefined) entries.push([key, item]);
    else if (!(prop.dropNull && item === null)) entries.push([key, restoreValue(item, prop.plan)]);
  }
  // fromEntries defines each key as data: a "__proto__" property stays a property.
  return Object.fromEntries(entries);
}

/**
 * The model's arguments as the server's schema asks for them (`plan` from `shapeInputSchema`).
 * A new object where something changed; the same object otherwise.
 */
export function restoreArguments(
  args: Record<string, unknown>,
  plan: ArgPlan | undefined,
): Record<string, unknown> {
  if (plan === undefined) return args;
  const restored = restoreValue(args, plan);
  return isObject(restored) ? restored : args;
}
