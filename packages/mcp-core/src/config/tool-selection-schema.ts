/**
 * zod schemas of the entry keys that choose a server's tools: `tools` (the allow/drop map plus
 * `include` / `exclude` glob lists) and `toolFilter`, and the split of a valid `tools` value.
 * @module
 */
import { z } from "zod";
import { isPlainObject } from "./describe-value.js";
import type { ToolFilter } from "./server-config.js";

/** The keys of `tools` that hold glob lists when their value is an array. */
export const GLOB_LIST_KEYS = ["include", "exclude"] as const;

const isGlobListKey = (key: string): key is (typeof GLOB_LIST_KEYS)[number] =>
  (GLOB_LIST_KEYS as readonly string[]).includes(key);

/**
 * `tools`: raw tool name → boolean (the allow/drop map), and `include` / `exclude` → an array of
 * globs. The value's type decides, so a tool literally named `include` still takes a boolean. Read
 * by own key (a tool may be named `__proto__`); the output is the input object itself.
 */
export const toolsSchema = z
  .custom<Record<string, boolean | string[]>>(isPlainObject, {
    error: "an object of booleans (and include/exclude arrays of globs)",
  })
  .superRefine((tools, ctx) => {
    for (const [key, value] of Object.entries(tools)) {
      if (typeof value === "boolean") continue;
      if (!isGlobListKey(key)) {
        const hint = Array.isArray(value) ? ' (an array of globs goes under "include" or "exclude")' : "";
        ctx.addIssue({ code: "custom", path: [key], message: `a boolean${hint}` });
      } else if (!Array.isArray(value)) {
        ctx.addIssue({ code: "custom", path: [key], message: "an array of globs" });
      } else {
        value.forEach((glob, index) => {
          if (typeof glob !== "string" || glob === "") {
            ctx.addIssue({ code: "custom", path: [key, index], message: "a non-empty string (a glob)" });
          }
        });
      }
    }
  });

/** `toolFilter`: a function, so only a config object can give one (JSON has none). */
export const toolFilterSchema = z.custom<ToolFilter>((value) => typeof value === "function", {
  error: "a function (toolFilter works only in a config object)",
});

/** The normalized selection of a valid `tools` value: the boolean map and the glob lists. */
export function splitTools(tools: Record<string, boolean | string[]>): {
  map: Record<string, boolean> | undefined;
  include: string[] | undefined;
  exclude: string[] | undefined;
} {
  const map: Record<string, boolean> = {};
  let include: string[] | undefined;
  let exclude: string[] | undefined;
  for (const [key, value] of Object.entries(tools)) {
    if (typeof value === "boolean") {
      // Defined as data: a tool named `__proto__` must become an own key, not the prototype.
      Object.defineProperty(map, key, { value, enumerable: true, writable: true, configurable: true });
    } else if (key === "include") include = [...value];
    else exclude = [...value];
  }
  return { map: Object.keys(map).length > 0 ? map : undefined, include, exclude };
}
