/**
 * A stable `ToolSet` object whose keys and tools are always the source's current generation.
 * @module
 */
import type { McpSource, McpTool } from "@toolnexus/mcp-core";
import {
  codeModeToolsOf,
  createResourceTools,
  createResultTools,
  type DeferralRule,
  READ_RESULT_TOOL_NAME,
} from "@toolnexus/mcp-core/adapter";
import type { ToolSet } from "ai";
import { createAiSdkToolConverter } from "./convert-tool.js";
import { createLiveToolMap } from "./live-tool-map.js";
import { type AiSdkToolsOptions, type ResolvedAiSdkToolsOptions, resolveOptions } from "./options.js";

const READ_ONLY =
  "The MCP ToolSet is live and read-only; pass your own tools with the `extraTools` option instead";

/** What a toolset adds to the plain live `ToolSet` when it defers tools. */
export interface DeferralParts {
  /** Served after the extra tools and before the MCP tools, whose names they shadow (the meta-tools). */
  metaTools?: readonly McpTool[];
  /** The resource tools, when the caller made them already (else made here from the options). */
  resourceTools?: readonly McpTool[];
  /** Which MCP tools of the current generation are marked for Anthropic's own tool search. */
  anthropicDeferral?: () => DeferralRule;
}

/**
 * The adapter's own tools the options ask for, never deferred: the resource tools (none when
 * `resourceTools` is off), then code mode's (none when `codeMode` is off).
 */
export function resourceToolsOf(source: McpSource, resolved: ResolvedAiSdkToolsOptions): McpTool[] {
  const resources = resolved.resourceTools ? createResourceTools(source, resolved.resourceTools) : [];
  return [...resources, ...codeModeToolsOf(source, resolved.codeMode, resolved.needsApproval)];
}

/**
 * The live `ToolSet` over resolved options: extra tools, then the resource tools and
 * `parts.metaTools`, then the source's current tools; a name already taken is not served again.
 */
export function createLiveToolSet(
  source: McpSource,
  resolved: ResolvedAiSdkToolsOptions,
  parts: DeferralParts = {},
): ToolSet {
  const convert = createAiSdkToolConverter(resolved);
  const convertDeferred = createAiSdkToolConverter(resolved, { anthropicDeferred: true });
  const leading = [
    ...Object.entries(resolved.extraTools),
    ...[...(parts.resourceTools ?? resourceToolsOf(source, resolved)), ...(parts.metaTools ?? [])].map(
      (t) => [t.name, convert(t)] as const,
    ),
  ];
  // A `Map` and its key list, not an object with thousands of keys, kept in step with the
  // generations by touching only the tools a change touched; the proxy below serves the same keys,
  // values and order from them.
  const current = createLiveToolMap(source, {
    leading: leading as [string, ToolSet[string]][],
    convert: (tool) => convert(tool) as ToolSet[string],
    convertDeferred: (tool) => convertDeferred(tool) as ToolSet[string],
    anthropicDeferral: parts.anthropicDeferral,
  });
  // `mcp_read_result` is served once the source holds a kept result (`hasKeptResults`): before, no
  // preview named a handle, and the model's tool list stays what it was. Its name wins, like a
  // meta-tool's, since the preview's sentence names it.
  const [readerTool] = createResultTools(source);
  const reader = convert(readerTool) as ToolSet[string];
  const readerOn = () => source.hasKeptResults === true;
  const serve = (key: string | symbol) =>
    typeof key !== "string"
      ? undefined
      : key === READ_RESULT_TOOL_NAME && readerOn()
        ? reader
        : current().byName.get(key);
  const refuse = (): never => {
    throw new TypeError(READ_ONLY);
  };

  return new Proxy({} as ToolSet, {
    get: (target, key, receiver) => serve(key) ?? Reflect.get(target, key, receiver),
    has: (target, key) => serve(key) !== undefined || Reflect.has(target, key),
    // The proxy copies the list for the caller (`CreateListFromArrayLike`): ours stays private.
    ownKeys: () => {
      const { keys, byName } = current();
      return readerOn() && !byName.has(READ_RESULT_TOOL_NAME)
        ? [...keys, READ_RESULT_TOOL_NAME]
        : (keys as string[]);
    },
    getOwnPropertyDescriptor: (_target, key) => {
      const value = serve(key);
      if (value === undefined) return undefined;
      return { value, writable: true, enumerable: true, configurable: true };
    },
    set: refuse,
    defineProperty: refuse,
    deleteProperty: refuse,
    setPrototypeOf: refuse,
    preventExtensions: refuse,
  });
}

/**
 * The source's current tools as one stable AI SDK `ToolSet`. The AI SDK reads the same `tools`
 * object on every step of `generateText`, `streamText` and `ToolLoopAgent`; this object is a
 * `Proxy` over the source's current generation (`source.tools`), brought up to date on the first
 * read after the generation changed by converting only the tools the change touched — no
 * subscription, nothing to dispose. A tool that
 * a server adds, changes or drops, or a restart, shows from the next step on.
 *
 * Keys are the core's final (model-facing) names, e.g. `mcp__github__create_issue`. Each
 * `McpTool` object is converted once and the conversion reused while the core keeps that object.
 * The object is read-only (writes throw a `TypeError`); `{ ...tools }` makes a static copy that
 * stops following the source. Deferred loading needs the toolset's `prepareStep`: see
 * `createAiSdkToolset`.
 *
 * Create it once per source and pass it to every call.
 */
export function toAiSdkTools(source: McpSource, options?: AiSdkToolsOptions): ToolSet {
  return createLiveToolSet(source, resolveOptions(options));
}
