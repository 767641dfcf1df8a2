/**
 * Error tool messages for calls the adapter cannot hand to a tool.
 * @module
 */
import { type ToolCall, ToolMessage } from "@langchain/core/messages";

/** The model called a name that is not (or no longer) a tool; worded like LangChain's ToolNode. */
export function unknownToolMessage(call: ToolCall, available: readonly string[]): ToolMessage {
  return new ToolMessage({
    status: "error",
    content: `Error: ${call.name} is not a valid tool, try one of [${available.join(", ")}].`,
    tool_call_id: call.id ?? "",
    name: call.name,
  });
}

/** The model's arguments did not match the tool's schema; worded like LangChain's ToolNode. */
export function invalidInputMessage(call: ToolCall, error: Error): ToolMessage {
  return new ToolMessage({
    status: "error",
    content: `${error}\n Please fix your mistakes.`,
    tool_call_id: call.id ?? "",
    name: call.name,
  });
}
