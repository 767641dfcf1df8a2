/**
 * "Did you mean": the known names nearest to a mistyped one (edit distance, with a bonus for a
 * name that contains the input — `echo` finds `mcp__basic__echo`).
 * @module
 */
import { editDistance } from "../config/closest-key.js";

/**
 * Up to `limit` of `candidates` closest to `input` (case-insensitive), nearest first; names too far
 * off (more than half their length changed, and not containing the input) are left out.
 */
export function closestNames(input: string, candidates: readonly string[], limit = 3): string[] {
  const wanted = input.toLowerCase();
  return candidates
    .map((name) => {
      const lower = name.toLowerCase();
      const score = lower.includes(wanted) ? 0.5 : editDistance(wanted, lower);
      return { name, score, close: lower.includes(wanted) || score <= Math.max(2, lower.length / 2) };
    })
    .filter((c) => c.close)
    .sort((a, b) => a.score - b.score || a.name.localeCompare(b.name))
    .slice(0, limit)
    .map((c) => c.name);
}
