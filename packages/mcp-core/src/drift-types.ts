/**
 * Public types of pins and definition drift (SPEC "Pins and drift"): the policy a server runs
 * under, and the event a new listing that differs from the approved one raises.
 * @module
 */

/**
 * What a server's drift does to its tools until the host approves it:
 * - `accept`: the new definitions are offered at once and pinned (the drift is still reported);
 * - `hold`: added and changed tools stay out of the tool set — the previous definition of a
 *   changed tool is not callable either — until approved; the server's other tools stay;
 * - `block`: every tool of the server is withdrawn while an added or changed tool waits.
 */
export type DriftPolicy = "accept" | "hold" | "block";

/** What drifted: a tool, or an MCP Apps resource a tool names (`ui://…`). */
export type DriftItemKind = "tool" | "app-resource";

/** One item of a drift: its kind and name (a raw tool name or a resource URI). */
export interface DriftItem {
  kind: DriftItemKind;
  /** The raw tool name as the server listed it, or the resource URI. */
  name: string;
  /** For a changed item: the pinned fields whose value differs (SPEC's field names). */
  fields?: string[];
  /** The fingerprint of the definition now listed (absent for a removed item). */
  fingerprint?: string;
  /** The approved fingerprint (absent for an added item). */
  pinned?: string;
}

/**
 * A server's listing measured against its pins. Emitted on the source's `onDrift` and carried by
 * the `onToolsChange` event of the same listing (its `drift`), in the core and in every adapter.
 */
export interface McpDrift {
  server: string;
  policy: DriftPolicy;
  added: DriftItem[];
  removed: DriftItem[];
  changed: DriftItem[];
  /** Raw names of the listed tools kept out of the tool set until approved (all of them when blocked). */
  held: string[];
  /** Whether the server's tools are all withdrawn (`block` with an added or changed tool waiting). */
  blocked: boolean;
}
