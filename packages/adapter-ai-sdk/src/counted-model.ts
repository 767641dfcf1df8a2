/**
 * The host's model behind a count of what reaches its provider: each `doGenerate` call, so each
 * retry the AI SDK makes is counted as the call it is.
 * @module
 */
import type { SamplingRefusal } from "@toolnexus/mcp-core/adapter";
import { gateway, type LanguageModel } from "ai";

type ModelObject = Exclude<LanguageModel, string>;

/**
 * A model id as `generateText` resolves it: through the global default provider when the host set
 * one (`globalThis.AI_SDK_DEFAULT_PROVIDER`), else the AI SDK's gateway.
 */
function resolveModelId(id: string): ModelObject {
  const provider =
    (globalThis as { AI_SDK_DEFAULT_PROVIDER?: { languageModel(id: string): ModelObject } })
      .AI_SDK_DEFAULT_PROVIDER ?? gateway;
  return provider.languageModel(id) as ModelObject;
}

/**
 * `model` with its `doGenerate` counted: `take()` runs before every call and a refusal it returns
 * is thrown instead of calling the provider (the SDK does not retry it). Every other member is the
 * model's own, methods bound to it (a provider's class may keep private fields). The model's spec
 * version is kept as it is, so the SDK adapts an older provider as it would have.
 * @param model The host's model or a model id.
 * @param take Counts one call; returns the refusal when the budget is spent.
 */
export function countedModel(model: LanguageModel, take: () => SamplingRefusal | undefined): ModelObject {
  const target = typeof model === "string" ? resolveModelId(model) : model;
  return new Proxy(target, {
    get(object, property) {
      const value: unknown = Reflect.get(object, property, object);
      if (property === "doGenerate" && typeof value === "function") {
        return (...args: unknown[]) => {
          const refusal = take();
          if (refusal !== undefined) return Promise.reject(refusal);
          return Reflect.apply(value, object, args);
        };
      }
      return typeof value === "function" ? value.bind(object) : value;
    },
  });
}
