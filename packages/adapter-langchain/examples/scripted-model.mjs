// A chat model that plays a fixed script, so the examples run with no network and no API key.
// Each step receives the messages and the names of the tools the model was offered on that call.
import { BaseChatModel } from "@langchain/core/language_models/chat_models";
import { AIMessage } from "@langchain/core/messages";

let nextId = 0;

/** A step that calls one tool. */
export const callTool =
  (name, args = {}) =>
  () =>
    new AIMessage({ content: "", tool_calls: [{ name, args, id: `call_${++nextId}`, type: "tool_call" }] });

/** A step that answers with text. */
export const say = (text) => () => new AIMessage(text);

export class ScriptedChatModel extends BaseChatModel {
  constructor(steps) {
    super({});
    this.steps = steps;
    this.calls = 0;
  }

  _llmType() {
    return "scripted";
  }

  bindTools(tools, kwargs) {
    return this.withConfig({ ...kwargs, toolNames: tools.map((tool) => tool.name) });
  }

  async _generate(messages, options) {
    const step = this.steps[this.calls++];
    if (!step) throw new Error(`no scripted step for model call ${this.calls}`);
    console.log(`  model call ${this.calls}: offered ${(options.toolNames ?? []).join(", ")}`);
    const message = await step({ messages, toolNames: options.toolNames ?? [] });
    return { generations: [{ text: message.text, message }] };
  }
}
