/**
 * toolnexus's input-schema normalization.
 * @module
 */
import { isObject } from "@toolnexus/mcp-core/adapter";
import type { JsonSchema } from "./types.js";

/**
 * The server's schema with `type: "object"`, `properties` defaulting to `{}` and
 * `additionalProperties: false` forced. A new object: keys the server sent keep their position,
 * the forced ones it lacked are appended in that order. The server's object is not modified.
 */
export function toolnexusInputSchema(schema: unknown): JsonSchema {
  const source = isObject(schema) ? schema : {};
  const properties = (source as { properties?: unknown }).properties;
  return {
    ...(source as Record<string, unknown>),
    type: "object",
    properties: (properties ?? {}) as Record<string, unknown>,
    additionalProperties: false,
  };
}
