/**
 * The walk that shapes one schema for a dialect, node by node (the narrow dialects' rewrite here,
 * Anthropic's keep-everything walk in `inline-node.ts`). Bounded on hostile input: at most
 * `MAX_DEPTH` levels (references followed count as levels) and `MAX_NODES` nodes in all, so a deep
 * nesting, a huge `$defs` used many times or a reference cycle ends in an open value with a note,
 * never in a stack overflow or an exponential expansion.
 * @module
 */
import { isObject } from "../is-object.js";
import { DIALECT_RULES, type DialectRules, type ShapingDialect, SILENT_KEYWORDS } from "./dialect-rules.js";
import type { ArgPlan, JsonTextKind, PropPlan, ShapedNode, Where } from "./dialect-types.js";
import { inlineNode } from "./inline-node.js";
import { isLocalRef, resolveLocalRef } from "./local-refs.js";
import { describeWithNotes, keywordNote } from "./schema-notes.js";
import {
  JSON_TYPES,
  listedValues,
  mergeAllOf,
  setOwn,
  splitUnion,
  typeOfValues,
  typesOf,
} from "./schema-parts.js";

type Json = Record<string, unknown>;

/** Levels of nesting followed; deeper schemas become open values. */
export const MAX_DEPTH = 48;
/** Schema nodes visited for one input schema. */
export const MAX_NODES = 5_000;

/** Keywords the walk handles itself (never copied as they are, never noted as unsupported). */
const HANDLED = new Set([
  "type",
  "properties",
  "required",
  "additionalProperties",
  "items",
  "anyOf",
  "oneOf",
  "allOf",
  "$ref",
  "description",
  "enum",
  "const",
  "format",
  "nullable",
]);

const JSON_TEXT_HINT: Record<JsonTextKind, string> = {
  object: "a JSON object written as JSON text",
  array: "a JSON array written as JSON text",
  any: "any JSON value written as JSON text",
};

/** Shapes the nodes of one input schema for one dialect; one instance per schema (it counts). */
export class Shaper {
  private nodes = 0;
  private properties = 0;
  private enumValues = 0;
  readonly rules: DialectRules;
  /** `shape`, bound: the walk the Anthropic inline walk recurses through (`inline-node.ts`). */
  private readonly shapeSub = (node: unknown, at: Where): ShapedNode => this.shape(node, at);

  constructor(
    private readonly root: Json,
    dialect: ShapingDialect,
  ) {
    this.rules = DIALECT_RULES[dialect];
  }

  /** Shapes `node` found at `at`. */
  shape(node: unknown, at: Where): ShapedNode {
    this.nodes += 1;
    const description = isObject(node) && typeof node.description === "string" ? node.description : undefined;
    if (this.nodes > MAX_NODES) return this.open("any", description, "schema too large: not shown");
    if (at.depth > MAX_DEPTH) return this.open("any", description, "nested too deeply: not shown");
    if (!isObject(node))
      return this.open("any", undefined, node === false ? "no value is valid here" : undefined);
    if (node.$ref !== undefined) return this.followRef(node, node.$ref, at);
    return this.rules.dialect === "anthropic" ? inlineNode(node, at, this.shapeSub) : this.narrow(node, at);
  }

  /** A `$ref`: a same-document one followed (once per path), any other an open value with a note. */
  private followRef(node: Json, ref: unknown, at: Where): ShapedNode {
    const description = typeof node.description === "string" ? node.description : undefined;
    if (typeof ref !== "string") return this.open("any", description, keywordNote("invalid $ref", ref));
    if (!isLocalRef(ref))
      return this.open("any", description, `refers to ${keywordNote("$ref", ref)}, not fetched`);
    const target = resolveLocalRef(this.root, ref);
    if (target === undefined)
      return this.open("any", description, `${keywordNote("$ref", ref)} resolves to nothing`);
    const kind: JsonTextKind = isObject(target) && typesOf(target).includes("object") ? "object" : "any";
    if (at.refs.includes(ref)) return this.open(kind, description, `recursive: the shape of ${ref} again`);
    const { $ref: _ref, ...siblings } = node;
    const merged = isObject(target) ? { ...target, ...siblings } : siblings;
    return this.shape(merged, { ...at, depth: at.depth + 1, refs: [...at.refs, ref] });
  }

  /** OpenAI strict and Gemini: one type a schema, the dialect's keywords, the rest in the description. */
  private narrow(input: Json, at: Where): ShapedNode {
    const notes: string[] = [];
    const node = mergeAllOf(input, this.root, notes);
    const union = splitUnion(node, notes);
    const named = typesOf(node);
    const types = named.filter((type) => type !== "null" && JSON_TYPES.has(type));
    if (types.length + (named.includes("null") ? 1 : 0) < named.length)
      notes.push(keywordNote("type", node.type));
    const acceptsNull = union.acceptsNull || typesOf(node).includes("null") || node.nullable === true;
    const description = typeof node.description === "string" ? node.description : undefined;
    let shaped: ShapedNode;
    if (union.branches.length > 0 || types.length > 1) {
      const { anyOf: _a, oneOf: _o, description: _d, nullable: _n, ...rest } = node;
      const branches =
        union.branches.length > 0
          ? union.branches.map((branch) =>
              types.length > 0 && isObject(branch) ? { ...rest, ...branch } : branch,
            )
          : types.map((type) => ({ ...rest, type }));
      shaped =
        branches.length === 1
          ? this.shape(branches[0], { ...at, depth: at.depth + 1 })
          : this.union(branches, at);
      shaped.schema.description = describeWithNotes(
        description ?? (shaped.schema.description as string | undefined),
        notes,
      );
      if (shaped.schema.description === undefined) delete shaped.schema.description;
    } else shaped = this.typed(node, types[0], description, notes, at);
    if (acceptsNull && !shaped.acceptsNull) this.makeNullable(shaped.schema);
    return { ...shaped, acceptsNull: acceptsNull || shaped.acceptsNull };
  }

  private union(branches: readonly unknown[], at: Where): ShapedNode {
    const shaped = branches.map((branch) => this.shape(branch, { ...at, depth: at.depth + 1 }));
    const plans = shaped.flatMap((branch) => (branch.plan === undefined ? [] : [branch.plan]));
    const textBranch = shaped.some((b) => b.plan?.json === undefined && b.schema.type === "string");
    const plan = plans.length > 0 ? { anyOf: plans, ...(textBranch ? { textBranch } : {}) } : undefined;
    return {
      schema: { anyOf: shaped.map((b) => b.schema) },
      plan,
      acceptsNull: shaped.some((b) => b.acceptsNull),
    };
  }

  private typed(
    node: Json,
    declared: string | undefined,
    description: string | undefined,
    notes: string[],
    at: Where,
  ) {
    const values = listedValues(node);
    const type = declared ?? typeOfValues(values);
    if (type === undefined) return this.open("any", describeWithNotes(description, notes), undefined);
    if (type === "object") return this.object(node, description, notes, at);
    const schema: Json = { type };
    let plan: ArgPlan | undefined;
    if (type === "array") {
      const items = isObject(node.items) || node.items === true ? node.items : {};
      if (node.items !== undefined && !isObject(node.items) && node.items !== true)
        notes.push(keywordNote("items", node.items));
      const shapedItems = this.shape(items, { ...at, depth: at.depth + 1 });
      schema.items = shapedItems.schema;
      plan = shapedItems.plan === undefined ? undefined : { items: shapedItems.plan };
    }
    this.values(node, values, schema, type, notes);
    this.keywords(node, schema, type, notes);
    const text = describeWithNotes(description, notes);
    if (text !== undefined) schema.description = text;
    return { schema, plan, acceptsNull: false };
  }

  private object(node: Json, description: string | undefined, notes: string[], at: Where): ShapedNode {
    let entries = isObject(node.properties) ? Object.entries(node.properties) : [];
    const { strictObjects } = this.rules;
    if (isObject(node.additionalProperties) || node.additionalProperties === true) {
      if (entries.length > 0) notes.push(keywordNote("other properties", node.additionalProperties));
    }
    if (at.depth > 0 && (entries.length === 0 || at.objectDepth >= this.rules.maxObjectDepth)) {
      const why = entries.length === 0 ? undefined : "nested too deeply for this provider";
      return this.open("object", describeWithNotes(description, notes), why);
    }
    const room = Math.max(0, this.rules.maxProperties - this.properties);
    if (entries.length > room) {
      const why = "too many properties for this provider";
      if (at.depth > 0) return this.open("object", describeWithNotes(description, notes), why);
      // The root stays an object: the properties past the provider's bound are named, not offered.
      notes.push(`${why}: ${entries.length - room} not shown`);
      entries = entries.slice(0, room);
    }
    this.properties += entries.length;
    const required = new Set(
      Array.isArray(node.required) ? node.required.filter((k) => typeof k === "string") : [],
    );
    const properties: Json = {};
    const props = new Map<string, PropPlan>();
    const child = { ...at, depth: at.depth + 1, objectDepth: at.objectDepth + 1 };
    for (const [key, value] of entries) {
      const shaped = this.shape(value, child);
      const dropNull = strictObjects && !required.has(key) && !shaped.acceptsNull;
      if (dropNull) this.makeNullable(shaped.schema);
      setOwn(properties, key, shaped.schema);
      if (dropNull || shaped.plan !== undefined) props.set(key, { dropNull, plan: shaped.plan });
    }
    const keys = Object.keys(properties);
    const schema: Json = { type: "object", properties };
    const listed = strictObjects ? keys : keys.filter((key) => required.has(key));
    if (strictObjects || listed.length > 0) schema.required = listed;
    if (strictObjects) schema.additionalProperties = false;
    this.keywords(node, schema, "object", notes);
    const text = describeWithNotes(description, notes);
    if (text !== undefined) schema.description = text;
    return { schema, plan: props.size > 0 ? { props } : undefined, acceptsNull: false };
  }

  /** `enum`, `const` and `format`, each kept where the dialect allows it, else noted. */
  private values(
    node: Json,
    values: unknown[] | undefined,
    schema: Json,
    type: string,
    notes: string[],
  ): void {
    if (values !== undefined && values.length > 0) {
      const fits = this.enumValues + values.length <= this.rules.maxEnumValues;
      const typed = values.every((v) => typeof v === (type === "integer" ? "number" : type));
      if (fits && typed && (!this.rules.stringEnumsOnly || type === "string")) {
        schema.enum = values;
        this.enumValues += values.length;
      } else notes.push(keywordNote("one of", values));
    }
    if (typeof node.format === "string") {
      const formats = this.rules.formats(type);
      if (formats === undefined || formats.has(node.format)) schema.format = node.format;
      else notes.push(keywordNote("format", node.format));
    }
  }

  /** The other keywords: kept where the dialect keeps them (with a value of the right kind), else noted. */
  private keywords(node: Json, schema: Json, type: string | undefined, notes: string[]): void {
    for (const [key, value] of Object.entries(node)) {
      if (HANDLED.has(key) || SILENT_KEYWORDS.has(key)) continue;
      const fitting =
        key === "title" || key === "pattern" ? typeof value === "string" : Number.isFinite(value);
      if (fitting && this.rules.keeps(key, type)) schema[key] = value;
      else notes.push(keywordNote(key, value));
    }
  }

  /** An open value: JSON text in a narrow dialect (parsed back by the plan), an open schema otherwise. */
  private open(kind: JsonTextKind, description: string | undefined, note: string | undefined): ShapedNode {
    if (!this.rules.openAsJsonText) {
      const text = describeWithNotes(description, note === undefined ? [] : [note]);
      const schema: Json = kind === "object" ? { type: "object" } : {};
      if (text !== undefined) schema.description = text;
      return { schema, plan: undefined, acceptsNull: false };
    }
    const notes = note === undefined ? [JSON_TEXT_HINT[kind]] : [note, JSON_TEXT_HINT[kind]];
    const schema = { type: "string", description: describeWithNotes(description, notes) };
    return { schema, plan: { json: kind }, acceptsNull: false };
  }

  /** Null made valid the dialect's way. */
  private makeNullable(schema: Json): void {
    if (this.rules.nullable === "nullable-flag") {
      // Gemini's nullable sits on a typed schema: on a union, on each branch.
      const targets = Array.isArray(schema.anyOf) ? schema.anyOf.filter(isObject) : [schema];
      for (const target of targets) target.nullable = true;
    }
    if (this.rules.nullable !== "type-array") return;
    if (Array.isArray(schema.anyOf)) schema.anyOf = [...schema.anyOf, { type: "null" }];
    else if (typeof schema.type === "string") schema.type = [schema.type, "null"];
    if (Array.isArray(schema.enum)) schema.enum = [...schema.enum, null];
  }
}
