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
import { withoutInvisible } from "./invisible-chars.js";

/** Deepest schema level searched for `title` / `description` (listings are depth-checked before). */
const MAX_SCHEMA_DEPTH = 64;

/** Counts what it removes, by where. */
class Cleaner {
  removed = 0;
  readonly where = new Set<string>();

  text(value: unknown, where: string): unknown {
    if (typeof value !== "string") return value;
    const clean = withoutInvisible(value);
    if (clean.removed === 0) return value;
    this.removed += clean.removed;
    this.where.add(where);
    return clean.text;
  }

  /** A copy of `schema` with its `title` and `description` strings cleaned (the same object when none is). */
  schema(schema: unknown, where: string, depth = 0): unknown {
    if (depth > MAX_SCHEMA_DEPTH) return schema;
    if (Array.isArray(schema)) {
      let copy: unknown[] | undefined;
      schema.forEach((item, i) => {
        const next = this.schema(item, where, depth + 1);
        if (next === item) return;
        copy ??= [...schema];
        copy[i] = next;
      });
      return copy ?? schema;
    }
    if (!isObject(schema)) return schema;
    let copy: Record<string, unknown> | undefined;
    for (const [key, value] of Object.entries(schema)) {
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
  const cleaner = new Cleaner();
  const next: Record<string, unknown> = { ...tool };
  next.title = cleaner.text(tool.title, "title");
  next.description = cleaner.text(tool.description, "description");
  if (tool.annotations?.title !== undefined) {
    next.annotations = {
      ...tool.annotations,
      title: cleaner.text(tool.annotations.title, "annotations.title"),
    };
  }
  next.inputSchema = cleaner.schema(tool.inputSchema, "inputSchema");
  if (tool.outputSchema !== undefined) next.outputSchema = cleaner.schema(tool.outputSchema, "outputSchema");
  const nameHidden = withoutInvisible(tool.name).removed;
  if (cleaner.removed === 0 && nameHidden === 0) return tool;
  const where = [...cleaner.where];
  if (nameHidden > 0) where.unshift("name (sent unchanged on the wire; the model sees a sanitized one)");
  warn(
    `MCP server "${server}": tool ${shownText(JSON.stringify(withoutInvisible(tool.name).text))} carried ${cleaner.removed + nameHidden} ` +
      `invisible character(s) (zero-width, bidi control, tag or other format characters) in its ${where.join(", ")}; ` +
      "they were removed from what the model reads",
  );
  if (cleaner.removed === 0) return tool;
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
    const clean = withoutInvisible(name);
    if (clean.removed === 0) return name;
    warn(
      `MCP server "${server}": the name the naming function gave tool ${shownText(JSON.stringify(clean.text))} ` +
        `carried ${clean.removed} invisible character(s); they were removed from the name the model reads`,
    );
    return clean.text;
  };
}
