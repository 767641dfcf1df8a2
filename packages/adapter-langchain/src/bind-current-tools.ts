/**
 * A chat model bound to the toolkit's current tools on every invocation.
 * @module
 */
import type { BaseLanguageModelInput } from "@langchain/core/language_models/base";
import type { BaseChatModel } from "@langchain/core/language_models/chat_models";
import type { AIMessageChunk } from "@langchain/core/messages";
import { type Runnable, RunnableLambda } from "@langchain/core/runnables";
import type { StructuredTool } from "@langchain/core/tools";

/** The call options a model's `bindTools` accepts (e.g. `tool_choice`, `strict`). */
export type BindToolsOptions<Model extends BaseChatModel> = Parameters<NonNullable<Model["bindTools"]>>[1];

/**
 * A Runnable that calls `model.bindTools(toolkit.tools, kwargs)` for each invocation (re-binding
 * only when the tool set changed) and runs the bound model — for hand-written `@langchain/core`
 * tool loops. `invoke`, `batch` and `stream` all work; the call's config (callbacks, signal) is
 * passed through.
 *
 * @param model a chat model that implements `bindTools`, not already bound to tools
 * @param toolkit anything whose `tools` reads the current tools, e.g. a `LangChainToolkit`
 * @param kwargs call options passed to every `bindTools` (e.g. `tool_choice`)
 * @throws TypeError when the model has no `bindTools`
 */
export function bindCurrentTools<Model extends BaseChatModel>(
  model: Model,
  toolkit: { readonly tools: StructuredTool[] },
  kwargs?: BindToolsOptions<Model>,
): Runnable<BaseLanguageModelInput, AIMessageChunk> {
  if (typeof model.bindTools !== "function") {
    throw new TypeError(`bindCurrentTools needs a chat model with bindTools(); ${model.getName()} has none`);
  }
  const bindTools = model.bindTools.bind(model);
  let boundFor: StructuredTool[] | undefined;
  let bound: Runnable<BaseLanguageModelInput, AIMessageChunk> | undefined;
  const current = (): Runnable<BaseLanguageModelInput, AIMessageChunk> => {
    const tools = toolkit.tools;
    if (bound === undefined || tools !== boundFor) {
      bound = bindTools(tools, kwargs) as Runnable<BaseLanguageModelInput, AIMessageChunk>;
      boundFor = tools;
    }
    return bound;
  };
  // A RunnableLambda that returns a Runnable runs it with the same input and config (streaming too).
  return RunnableLambda.from((_input: BaseLanguageModelInput) => current()).withConfig({
    runName: "bindCurrentTools",
  }) as unknown as Runnable<BaseLanguageModelInput, AIMessageChunk>;
}
