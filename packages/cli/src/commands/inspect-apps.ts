/**
 * What `inspect` says of a server's MCP Apps (`io.modelcontextprotocol/ui`), as the MCP inspector's
 * `--app-info` does: each `ui://` resource with the tools that name it, and the tools kept from the
 * model (app only) or from apps (model only). Read from the listing (`source.apps()`); nothing is
 * fetched.
 * @module
 */
import type { McpServerApps } from "@toolnexus/mcp-core";
import { labelled, type Output, oneLine } from "../output.js";

/** The lines below a server's row; none for a server without apps. */
export function appLines(output: Output, apps: McpServerApps | undefined): string[] {
  if (!apps) return [];
  const lines: string[] = [];
  for (const uri of apps.resources) {
    const tools = apps.tools.filter((t) => t.resourceUri === uri).map((t) => oneLine(t.rawName));
    lines.push(...labelled(output, "  app: ", `${oneLine(uri)} (${tools.join(", ")})`));
  }
  const only = (who: "model" | "app") =>
    apps.tools
      .filter((t) => t.visibility.length === 1 && t.visibility[0] === who)
      .map((t) => oneLine(t.rawName));
  const appOnly = only("app");
  if (appOnly.length > 0) lines.push(...labelled(output, "  app-only tools: ", appOnly.join(", ")));
  const modelOnly = only("model");
  if (modelOnly.length > 0) lines.push(...labelled(output, "  model-only tools: ", modelOnly.join(", ")));
  const hidden = apps.tools.filter((t) => t.visibility.length === 0).map((t) => oneLine(t.rawName));
  if (hidden.length > 0)
    lines.push(...labelled(output, "  tools for no one (invalid visibility): ", hidden.join(", ")));
  return lines;
}
