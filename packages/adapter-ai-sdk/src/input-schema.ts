/**
 * The MCP input schema as the AI SDK's `jsonSchema(...)`.
 * @module
 */
import type { JsonSchemaObject } from "@toolnexus/mcp-core";
import { type JSONSchema7, jsonSchema, type Schema } from "ai";

/**
 * Passes the server's JSON Schema through unchanged, except that a missing `properties` becomes
 * `{}` (several providers reject an object schema without it). No client-side validation: the
 * server validates its own arguments and an invalid call comes back as a `tool-error`.
 */
export function toInputSchema(schema: JsonSchemaObject): Schema<unknown> {
  const withProperties = schema.properties === undefined ? { ...schema, properties: {} } : schema;
  return jsonSchema(withProperties as JSONSchema7);
}
