/**
 * The shapes a schema dialect produces: the schema the model sees and the plan that turns the
 * model's arguments back into what the server's own schema asks for.
 * @module
 */
import type { SchemaDialect } from "../call-types.js";
import type { JsonSchemaObject } from "../tool-types.js";

export type { SchemaDialect } from "../call-types.js";

/** Every dialect, in the order the docs list them. */
export const SCHEMA_DIALECTS: readonly SchemaDialect[] = ["as-is", "openai-strict", "gemini", "anthropic"];

/** What one JSON text stands for: an open object, an open array, or any JSON value. */
export type JsonTextKind = "object" | "array" | "any";

/**
 * How to turn the model's value at one place of the arguments back into the server's. Absent
 * fields change nothing; a plan holds only the places where the shaping changed what a value is.
 */
export interface ArgPlan {
  /** An object's properties that need something done (keyed by property name). */
  readonly props?: ReadonlyMap<string, PropPlan>;
  /** An array's items. */
  readonly items?: ArgPlan;
  /** The value is JSON text standing for an open value the dialect cannot describe: parse it back. */
  readonly json?: JsonTextKind;
  /** A union: the first branch whose kind matches the value's is applied. */
  readonly anyOf?: readonly ArgPlan[];
  /** A union with a branch of real text: a string there is not parsed as JSON. */
  readonly textBranch?: boolean;
}

/** One property of an object plan. */
export interface PropPlan {
  /** Optional in the server's schema and not accepting null: a `null` the dialect forced is removed. */
  readonly dropNull: boolean;
  /** The property value's own plan. */
  readonly plan: ArgPlan | undefined;
}

/** A server's input schema shaped for one dialect. */
export interface ShapedSchema {
  readonly dialect: SchemaDialect;
  /** The schema to give the model (the server's own object for `"as-is"`). */
  readonly schema: JsonSchemaObject;
  /** How the model's arguments go back to the server's shape; `undefined` when they pass as given. */
  readonly plan: ArgPlan | undefined;
}

/** One shaped schema: what the model sees, how its value goes back, whether null was valid there. */
export interface ShapedNode {
  schema: Record<string, unknown>;
  plan: ArgPlan | undefined;
  acceptsNull: boolean;
}

/** Where the walk is in the schema: its depth, its depth in objects, the references being expanded. */
export interface Where {
  readonly depth: number;
  readonly objectDepth: number;
  readonly refs: readonly string[];
}

/** True for one of the dialect names. */
export function isSchemaDialect(value: unknown): value is SchemaDialect {
  return typeof value === "string" && (SCHEMA_DIALECTS as readonly string[]).includes(value);
}
