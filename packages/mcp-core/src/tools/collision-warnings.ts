/**
 * The warnings about tools whose names collided across the source, keyed so the registry reports
 * each collision once.
 * @module
 */
import type { NameAssignment, NameRequest } from "../naming/unique-names.js";

const quote = (value: string): string => JSON.stringify(value);

function listed(items: string[]): string {
  return items.length <= 2 ? items.join(" and ") : `${items.slice(0, -1).join(", ")} and ${items.at(-1)}`;
}

/** One warning: its text and the tools it names (indices into the requests). */
export interface CollisionWarning {
  message: string;
  members: number[];
}

/** One message per collision group and per dropped tool; the key identifies the group. */
export function collisionWarnings(
  requests: readonly NameRequest[],
  assignment: NameAssignment,
): Map<string, CollisionWarning> {
  const warnings = new Map<string, CollisionWarning>();
  const tool = (index: number) => {
    const request = requests[index] as NameRequest;
    return `${quote(request.rawName)} of MCP server ${quote(request.server)}`;
  };
  const memberKey = (index: number) => {
    const request = requests[index] as NameRequest;
    return `${request.server}\0${request.rawName}`;
  };
  for (const { name, members } of assignment.collisions) {
    const key = [name, ...members.map(memberKey).sort()].join("\n");
    const finals = members.flatMap((index) => {
      const final = assignment.names[index];
      return final === undefined ? [] : [quote(final)];
    });
    const message =
      `Tool names collide: ${listed(members.map(tool))} would ${members.length === 2 ? "both" : "all"} ` +
      `be named ${quote(name)}; ` +
      `each takes a hash suffix instead: ${listed(finals)}`;
    warnings.set(key, { message, members });
  }
  for (const index of assignment.dropped) {
    warnings.set(`dropped\n${memberKey(index)}`, {
      message: `Tool ${tool(index)} was left out: its name is not unique in the source even with a hash suffix`,
      members: [index],
    });
  }
  return warnings;
}
