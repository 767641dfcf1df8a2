/**
 * toolnexus's name sanitizer and tool naming: the core's, re-exported under toolnexus's names.
 * @module
 */

import { toolnexusSanitize } from "@toolnexus/mcp-core/adapter";
import { toolnexusName } from "@toolnexus/mcp-core/config";

/** Replaces every UTF-16 code unit outside `[a-zA-Z0-9_-]` with `_` (toolnexus's `sanitize`). */
export const sanitize: (value: string) => string = toolnexusSanitize;

/** `sanitize(server) + "_" + sanitize(tool)`; no length cap, no collision handling (as toolnexus). */
export const toolName: (server: string, tool: string) => string = toolnexusName;
