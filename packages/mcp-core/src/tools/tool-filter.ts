import type { Tool } from "@modelcontextprotocol/client";

/**
 * Applies a server's `tools` map to a listing: any `true` makes it an allow list (only those
 * raw names), otherwise the `false` entries are dropped.
 */
export function filterTools(tools: readonly Tool[], map: Record<string, boolean> | undefined): Tool[] {
  if (!map) return [...tools];
  const allowList = Object.values(map).some((v) => v);
  return tools.filter((tool) => (allowList ? map[tool.name] === true : map[tool.name] !== false));
}
