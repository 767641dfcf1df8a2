/**
 * The catalog limits, apart from the catalog readers: `@toolnexus/mcp-core/config` exports them,
 * and importing it does not load the SDK schemas the readers use.
 * @module
 */

/** Items of one kind (resources, templates, prompts) kept per server; the rest are not fetched. */
export const MAX_CATALOG_ITEMS = 10_000;
/** Longest URI or URI template kept, in characters; an item with a longer one is dropped. */
export const MAX_URI_CHARS = 8192;
/** Longest name, title or description kept, in characters (cut with `…`). */
export const MAX_CATALOG_TEXT_CHARS = 4096;
