/**
 * Which toolkit converted a LangChain tool, so the agent middleware replaces only its own tools.
 * @module
 */
const owners = new WeakMap<object, object>();

/** Records that `owner` produced `tool`. */
export function setOwner(tool: object, owner: object): void {
  owners.set(tool, owner);
}

/** True when `owner` produced `tool`. */
export function isOwnedBy(tool: unknown, owner: object): boolean {
  return typeof tool === "object" && tool !== null && owners.get(tool) === owner;
}
