/**
 * A light check of what the host's handler answered, before the server gets it: a garbage answer is
 * the host's bug, told to the host, not a validator's dump sent to the server.
 * @module
 */

const ROLES = new Set(["user", "assistant"]);

function isContentBlock(value: unknown): boolean {
  return (
    typeof value === "object" && value !== null && typeof (value as { type?: unknown }).type === "string"
  );
}

/** What is wrong with `result` as a sampling answer, or `undefined` when its shape is right. */
export function samplingResultProblem(result: unknown): string | undefined {
  if (typeof result !== "object" || result === null || Array.isArray(result)) return "not an object";
  const { role, content, model } = result as Record<string, unknown>;
  if (typeof role !== "string" || !ROLES.has(role)) return 'no role "assistant" or "user"';
  if (typeof model !== "string") return "no model name";
  const blocks = Array.isArray(content) ? content : [content];
  if (blocks.length === 0 || !blocks.every(isContentBlock)) return "no content block with a type";
  return undefined;
}
