/**
 * The hidden-text stage of the tool projection: the texts of a tool that reach the model — its
 * title and description, its annotations' title, and every `title` and `description` string inside
 * its input and output schemas — without invisible characters. The tool's raw name is the one
 * sent on the wire and is never changed (the model-facing name is made of `[A-Za-z0-9_-]` by the
 * naming rules); a raw name that carries such characters is reported.
 * @module
 */
import type { Tool } from "@modelcontextprotocol/client";
import { isObject } from "../is-object.js";
import { shownText } from "../shown-text.js";
import { isPlainText, withoutInvisible } from "./invisible-chars.js";

/** Deepest schema level searched for `title` / `description` (listings are depth-checked before). */
const MAX_SCHEMA_DEPTH = 64;

/** Counts what it removes, by where. */
class Cleaner {
  removed = 0;
  /** Made on the first removal: a tool with nothing to remove (nearly all) costs no Set. */
  where: Set<string> | undefined;

  text(value: unknown, where: string): unknown {
    if (typeof value !== "string" || isPlainText(value)) return value;
    const clean = withoutInvisible(value);
    if (clean.removed === 0) return value;
    this.removed += clean.removed;
    this.where ??= new Set();
    this.where.add(where);
    return clean.text;
  }

  /** A copy of `schema` with its `title` and `description` strings cleaned (the same object when none is). */
  schema(schema: unknown, where: string, depth = 0): unknown {
    if (depth > MAX_SCHEMA_DEPTH) return schema;
    if (Array.isArray(schema)) {
      let copy: unknown[] | undefined;
      // A loop, not `forEach`: a closure over this call's variables made V8 allocate them a
      // context on every call, once per schema node of every tool of a load.
      for (let i = 0; i < schema.length; i++) {
        const item: unknown = schema[i];
        const next = this.schema(item, where, depth + 1);
        if (next === item) continue;
        copy ??= [...schema];
        copy[i] = next;
      }
      return copy ?? schema;
    }
    if (!isObject(schema)) return schema;
    let copy: Record<string, unknown> | undefined;
    // Own keys by for…in, not entries or `Object.keys`: no pair or key array is made per member
    // of every schema of every tool.
    for (const key in schema) {
      if (!Object.hasOwn(schema, key)) continue;
      const value = schema[key];
      const next =
        key === "title" || key === "description"
          ? this.text(value, where)
          : this.schema(value, where, depth + 1);
      if (next === value) continue;
      copy ??= { ...schema };
      copy[key] = next;
    }
    return copy ?? schema;
  }
}

/**
 * `tool` with the invisible characters of its model-facing texts removed (the same object when it
 * has none), and a warning naming the tool when any were.
 */
export function modelText(tool: Tool, server: string, warn: (message: string) => void): Tool {
  // Cleaned first, copied only when something was removed: most tools have nothing to remove.
  const cleaner = new Cleaner();
  const title = cleaner.text(tool.title, "title");
  const description = cleaner.text(tool.description, "description");
  const annotated = tool.annotations?.title !== undefined;
  const annotationsTitle = annotated ? cleaner.text(tool.annotations?.title, "annotations.title") : undefined;
  const inputSchema = cleaner.schema(tool.inputSchema, "inputSchema");
  const outputSchema =
    tool.outputSchema !== undefined ? cleaner.schema(tool.outputSchema, "outputSchema") : undefined;
  const nameHidden = isPlainText(tool.name) ? 0 : withoutInvisible(tool.name).removed;
  if (cleaner.removed === 0 && nameHidden === 0) return tool;
  const where = [...(cleaner.where ?? [])];
  if (nameHidden > 0) where.unshift("name (sent unchanged on the wire; the model sees a sanitized one)");
  warn(
    `MCP server "${server}": tool ${shownText(JSON.stringify(withoutInvisible(tool.name).text))} carried ${cleaner.removed + nameHidden} ` +
      `invisible character(s) (zero-width, bidi control, tag or other format characters) in its ${where.join(", ")}; ` +
      "they were removed from what the model reads",
  );
  if (cleaner.removed === 0) return tool;
  const next: Record<string, unknown> = { ...tool };
  next.title = title;
  next.description = description;
  if (annotated) next.annotations = { ...tool.annotations, title: annotationsTitle };
  next.inputSchema = inputSchema;
  if (tool.outputSchema !== undefined) next.outputSchema = outputSchema;
  if (tool.title === undefined) delete next.title;
  if (tool.description === undefined) delete next.description;
  return next as Tool;
}

/**
 * The naming rule with the invisible characters of the names it makes removed (a warning each):
 * the built-in rules make names of `[A-Za-z0-9_-]`, a host's own function may pass a raw name on.
 */
export function visibleNames(
  naming: (server: string, rawName: string) => string,
  warn: (message: string) => void,
): (server: string, rawName: string) => string {
  return (server, rawName) => {
    const name = naming(server, rawName);
    if (isPlainText(name)) return name;
    const clean = withoutInvisible(name);
    if (clean.removed === 0) return name;
    warn(
      `MCP server "${server}": the name the naming function gave tool ${shownText(JSON.stringify(clean.text))} ` +
        `carried ${clean.removed} invisible character(s); they were removed from the name the model reads`,
    );
    return clean.text;
  };
}
