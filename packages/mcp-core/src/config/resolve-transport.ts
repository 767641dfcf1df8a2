/**
 * Decides local vs remote for one entry from `type`, `command` and `url`, and checks the URL.
 * @module
 */
import type { ConfigIssue } from "./config-issue.js";
import { describeValue } from "./describe-value.js";
import { LOCAL_TYPES, REMOTE_TYPES } from "./server-entry-schema.js";

/** The transport a valid entry resolves to. */
export type Transport = "stdio" | "http" | "sse";

const LOCAL: ReadonlySet<string> = new Set(LOCAL_TYPES);
const REMOTE: ReadonlySet<string> = new Set(REMOTE_TYPES);
const URL_EXPECTED = "expected an http or https URL";

/**
 * `url` present ⇒ remote, else local, unless `type` says otherwise; a `type` the fields cannot satisfy
 * is a problem. An unrecognized `type` (reported by the schema) is treated as absent here.
 */
export function resolveTransport(
  server: string,
  entry: Record<string, unknown>,
): { transport?: Transport; issues: ConfigIssue[] } {
  const type = typeof entry.type === "string" ? entry.type : undefined;
  const hasCommand = entry.command !== undefined;
  const hasUrl = entry.url !== undefined;
  if (!hasCommand && !hasUrl) {
    return {
      issues: [
        { server, problem: 'expected "command" (local server) or "url" (remote server), got neither' },
      ],
    };
  }
  if (type !== undefined && LOCAL.has(type) && !hasCommand) {
    const problem = `expected a "command" for type ${JSON.stringify(type)}, got only a "url"`;
    return { issues: [{ server, path: ["type"], problem }] };
  }
  if (type !== undefined && REMOTE.has(type) && !hasUrl) {
    const problem = `expected a "url" for type ${JSON.stringify(type)}, got only a "command"`;
    return { issues: [{ server, path: ["type"], problem }] };
  }
  const remote = type !== undefined && (LOCAL.has(type) || REMOTE.has(type)) ? REMOTE.has(type) : hasUrl;
  if (!remote) return { transport: "stdio", issues: [] };
  const urlProblem = httpUrlProblem(entry.url);
  return {
    transport: type === "sse" ? "sse" : "http",
    issues: urlProblem === undefined ? [] : [{ server, path: ["url"], problem: urlProblem }],
  };
}

/** Problem with a URL string, if any. Non-strings are the schema's to report. */
function httpUrlProblem(url: unknown): string | undefined {
  if (typeof url !== "string") return undefined;
  if (url.trim() === "") return `${URL_EXPECTED}, got ${describeValue(url)}`;
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return `${URL_EXPECTED}, got a string that is not a URL`;
  }
  if (parsed.protocol !== "http:" && parsed.protocol !== "https:") {
    return `${URL_EXPECTED}, got a URL with scheme ${JSON.stringify(parsed.protocol.slice(0, -1))}`;
  }
  // fetch refuses such a URL, and it would carry the password into every error; neither part is shown.
  if (parsed.username !== "" || parsed.password !== "") {
    return `${URL_EXPECTED} without credentials, got credentials in the URL; send them in "headers" (e.g. "Authorization") instead`;
  }
  return undefined;
}
