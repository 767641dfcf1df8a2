/**
 * How the auth module words an error it reports.
 * @module
 */
import { OAuthError } from "@modelcontextprotocol/client";

/**
 * An error's message; an OAuth error leads with its code. The SDK's errors carry no secret of ours
 * (and every secret learned went to `onSecret`, so the core redacts the rest).
 */
export function messageOf(error: unknown): string {
  if (error instanceof OAuthError) return `${error.code}: ${error.message}`;
  return error instanceof Error ? error.message : String(error);
}
