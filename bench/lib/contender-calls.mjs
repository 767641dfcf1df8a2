// What every contender's connection shares: the measured library's version, a call's failure as
// a rejection, tool-call ids, and a LangChain tool invoked as an agent's ToolNode does.
import { existsSync, readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

/** `<package>@<installed version>`, read from the package's own package.json. */
export function versionOf(pkg) {
  let dir = dirname(fileURLToPath(import.meta.resolve(pkg)));
  while (dir !== dirname(dir)) {
    const file = join(dir, "package.json");
    if (existsSync(file)) {
      const meta = JSON.parse(readFileSync(file, "utf8"));
      if (meta.name === pkg) return `${pkg}@${meta.version}`;
    }
    dir = dirname(dir);
  }
  return pkg;
}

/** Rejects when a result says the call failed (MCP `isError`). */
export function okOrThrow(result, key) {
  if (result?.isError) {
    const text = (result.content ?? []).map((block) => block.text ?? "").join(" ");
    throw new Error(`${key} failed: ${text || "isError"}`);
  }
  return result;
}

let callIds = 0;
export const nextCallId = () => `bench-call-${++callIds}`;

/** Invokes a LangChain tool the way an agent's ToolNode does (a tool call → a ToolMessage). */
export async function invokeToolCall(lcTool, args) {
  const message = await lcTool.invoke({ type: "tool_call", id: nextCallId(), name: lcTool.name, args });
  if (message?.status === "error") throw new Error(`${lcTool.name} failed: ${String(message.content)}`);
  return message;
}
