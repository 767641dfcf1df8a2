/**
 * The schema dialect of an AI SDK model, read off its provider id.
 * @module
 */
import type { SchemaDialect } from "@toolnexus/mcp-core";
import type { LanguageModel } from "ai";

/** Provider families (the part of the provider id before its first dot) and their dialects. */
const BY_FAMILY: Readonly<Record<string, SchemaDialect>> = {
  openai: "openai-strict",
  google: "gemini",
  anthropic: "anthropic",
};

/**
 * The dialect for `model`: its `provider` id (`"openai.responses"`, `"openai.chat"`,
 * `"google.generative-ai"`, `"google.vertex.chat"`, `"anthropic.messages"`), or for a gateway id
 * (`"openai/gpt-5"`) the part before the slash. Any other provider (or an OpenAI-compatible one
 * named otherwise) gets `"as-is"`. Pass it as the `schemaDialect` option:
 * `toAiSdkTools(source, { schemaDialect: schemaDialectFor(model) })`.
 */
export function schemaDialectFor(model: LanguageModel): SchemaDialect {
  const provider = typeof model === "string" ? (model.split("/")[0] ?? "") : String(model.provider);
  return BY_FAMILY[provider.split(".")[0] ?? ""] ?? "as-is";
}
