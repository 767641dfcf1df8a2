/**
 * A chat model that plays a script, for tests: each `_generate` runs the next step with the
 * messages and the tools the model was bound to (as OpenAI tool definitions, i.e. what a real
 * provider would send), and records both.
 */

import type { ToolDefinition } from "@langchain/core/language_models/base";
import type { BaseChatModelCallOptions, BindToolsInput } from "@langchain/core/language_models/chat_models";
import { BaseChatModel } from "@langchain/core/language_models/chat_models";
import { AIMessage, type BaseMessage } from "@langchain/core/messages";
import type { ChatResult } from "@langchain/core/outputs";
import type { Runnable } from "@langchain/core/runnables";
import { convertToOpenAITool } from "@langchain/core/utils/function_calling";

export interface ScriptedCall {
  messages: BaseMessage[];
  tools: ToolDefinition[];
  /** The names of the bound tools, in order. */
  toolNames: string[];
  /** The call options the model received (signal, stop, tool_choice, provider-specific ones). */
  options: Record<string, unknown>;
}

export type ScriptStep = (call: ScriptedCall) => AIMessage | Promise<AIMessage>;

interface ScriptedCallOptions extends BaseChatModelCallOptions {
  tools?: ToolDefinition[];
}

let nextId = 0;

/** A step that calls one tool. */
export const callTool =
  (name: string, args: Record<string, unknown> = {}): ScriptStep =>
  () =>
    new AIMessage({ content: "", tool_calls: [{ name, args, id: `call_${++nextId}`, type: "tool_call" }] });

/** A step that answers with text (ends the agent's turn). */
export const say =
  (text: string): ScriptStep =>
  () =>
    new AIMessage(text);

export class ScriptedChatModel extends BaseChatModel<ScriptedCallOptions> {
  readonly calls: ScriptedCall[] = [];

  constructor(private readonly steps: ScriptStep[]) {
    super({});
  }

  _llmType(): string {
    return "scripted";
  }

  /** Adds steps to the script (for a later turn). */
  queue(...steps: ScriptStep[]): this {
    this.steps.push(...steps);
    return this;
  }

  override bindTools(tools: BindToolsInput[], kwargs?: Partial<ScriptedCallOptions>): Runnable {
    return this.withConfig({ ...kwargs, tools: tools.map((tool) => convertToOpenAITool(tool)) });
  }

  async _generate(messages: BaseMessage[], options: this["ParsedCallOptions"]): Promise<ChatResult> {
    const tools = options.tools ?? [];
    const toolNames = tools.map((tool) => tool.function.name);
    const call: ScriptedCall = { messages, tools, toolNames, options: { ...options } };
    const step = this.steps[this.calls.length];
    this.calls.push(call);
    if (step === undefined) throw new Error(`ScriptedChatModel: no step for call ${this.calls.length}`);
    const message = await step(call);
    return { generations: [{ text: message.text, message }] };
  }
}
