/**
 * toolnexus's existing model-facing tool names, `<server>_<rawName>`, kept byte-compatible for its adapter.
 * @module
 */

/**
 * toolnexus's sanitizer: a JS regex replace, so it works per UTF-16 code unit and an astral character
 * (an emoji) becomes `__`, where `namespacedName` (per code point) writes one `_`. No length limit
 * and no hash: that is toolnexus's behaviour, so its names may exceed 64 characters and may collide.
 */
export function toolnexusSanitize(value: string): string {
  return value.replace(/[^a-zA-Z0-9_-]/g, "_");
}

/** `sanitize(server) + "_" + sanitize(rawName)`, exactly as toolnexus names MCP tools today. */
export function toolnexusName(server: string, rawName: string): string {
  return `${toolnexusSanitize(server)}_${toolnexusSanitize(rawName)}`;
}
