/**
 * Provider-shaped input schemas (SPEC §13.5): the pure function, its inverse on arguments, the
 * dialect names.
 * @module
 */
export { DIALECT_RULES, type DialectRules } from "./dialect-rules.js";
export {
  type ArgPlan,
  isSchemaDialect,
  type PropPlan,
  SCHEMA_DIALECTS,
  type SchemaDialect,
  type ShapedSchema,
} from "./dialect-types.js";
export { restoreArguments } from "./restore-arguments.js";
export { restoreToolArguments, shapedInputSchema, shapeInputSchema } from "./shape-schema.js";
