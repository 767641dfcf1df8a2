/**
 * The `deferLoading` setting's one validity rule, shared by `loadMcp` and every adapter's option.
 * @module
 */
import type { DeferLoading } from "../types.js";

/** The "expected …" half of a malformed `deferLoading`'s message. */
export const DEFER_LOADING_EXPECTED =
  "an object ({} defers every tool, { threshold: N } past N tools, { enabled: false } none)";

/**
 * True for an object of `enabled` (a boolean) and `threshold` (a non-negative safe integer), each
 * optional and nothing else. A boolean is refused: a policy is an object (CONTRIBUTING.md).
 */
export function isDeferLoading(value: unknown): value is DeferLoading {
  if (typeof value !== "object" || value === null || Array.isArray(value)) return false;
  const { enabled, threshold, ...rest } = value as { enabled?: unknown; threshold?: unknown };
  return (
    Object.keys(rest).length === 0 &&
    (enabled === undefined || typeof enabled === "boolean") &&
    (threshold === undefined ||
      (typeof threshold === "number" && Number.isSafeInteger(threshold) && threshold >= 0))
  );
}

/** True when the setting may defer a tool: given and not `enabled: false`. */
export function isDeferring(setting: DeferLoading | undefined): boolean {
  return setting !== undefined && setting.enabled !== false;
}

/** Whether the setting defers a tool whose entry says nothing, for a source of `toolCount` tools. */
export function defersByDefault(setting: DeferLoading | undefined, toolCount: number): boolean {
  if (!isDeferring(setting)) return false;
  const threshold = setting?.threshold;
  return threshold === undefined || toolCount > threshold;
}
