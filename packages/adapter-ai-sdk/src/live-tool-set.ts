/**
 * A stable `ToolSet` object whose keys and tools are always the source's current generation.
 * @module
 */
import type { McpSource } from "@toolnexus/mcp-core";
import { createGenerationView } from "@toolnexus/mcp-core/adapter";
import type { ToolSet } from "ai";
import { createAiSdkToolConverter } from "./convert-tool.js";
import { type AiSdkToolsOptions, resolveOptions } from "./options.js";

const READ_ONLY =
  "The MCP ToolSet is live and read-only; pass your own tools with the `extraTools` option instead";

/**
 * The source's current tools as one stable AI SDK `ToolSet`. The AI SDK reads the same `tools`
 * object on every step of `generateText`, `streamText` and `ToolLoopAgent`; this object is a
 * `Proxy` over a plain snapshot of the source's current generation (`source.tools`), rebuilt on
 * the first read after the generation changed — no subscription, nothing to dispose. A tool that
 * a server adds, changes or drops, or a restart, shows from the next step on.
 *
 * Keys are the core's final (model-facing) names, e.g. `mcp__github__create_issue`. Each
 * `McpTool` object is converted once and the conversion reused while the core keeps that object.
 * The object is read-only (writes throw a `TypeError`); `{ ...tools }` makes a static copy that
 * stops following the source.
 *
 * Create it once per source and pass it to every call.
 */
export function toAiSdkTools(source: McpSource, options?: AiSdkToolsOptions): ToolSet {
  const resolved = resolveOptions(options);
  const extra = Object.entries(resolved.extraTools);
  // The plain-object view of the current generation; extra tools first, and they win on a clash.
  const view = createGenerationView(source, createAiSdkToolConverter(resolved), (converted, generation) => {
    const snapshot: ToolSet = Object.create(null);
    for (const [name, tool] of extra) snapshot[name] = tool;
    generation.forEach((tool, i) => {
      if (!(tool.name in snapshot)) snapshot[tool.name] = converted[i] as ToolSet[string];
    });
    return snapshot;
  });
  const current = () => view.current();
  const refuse = (): never => {
    throw new TypeError(READ_ONLY);
  };

  return new Proxy({} as ToolSet, {
    get: (target, key, receiver) =>
      (typeof key === "string" ? current()[key] : undefined) ?? Reflect.get(target, key, receiver),
    has: (target, key) => (typeof key === "string" && key in current()) || Reflect.has(target, key),
    ownKeys: () => Reflect.ownKeys(current()),
    getOwnPropertyDescriptor: (_target, key) => Reflect.getOwnPropertyDescriptor(current(), key),
    set: refuse,
    defineProperty: refuse,
    deleteProperty: refuse,
    setPrototypeOf: refuse,
    preventExtensions: refuse,
  });
}
