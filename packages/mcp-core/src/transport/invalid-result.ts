/**
 * The client's "invalid result" error, read apart from the other client errors: the validator
 * summary (imported by the error module itself) needs it without the rest.
 * @module
 */
import { SdkError, SdkErrorCode } from "@modelcontextprotocol/client";

/** A result the client could not read (its own schema check or its era codec). */
export function invalidResultText(error: unknown): string | undefined {
  if (!(error instanceof SdkError) || error.code !== SdkErrorCode.InvalidResult) return undefined;
  return error.message.replace(/^Invalid result for [^:]+: /, "");
}
