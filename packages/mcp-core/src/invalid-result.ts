/**
 * The client's "invalid result" error, read apart from the other client errors: the validator
 * summary (imported by the error module itself) needs it without the rest. It is recognized by the
 * SDK's own cross-copy error brand (what the SDK's `instanceof` reads), not by importing the SDK:
 * the error module loads with the root entry, and the SDK client only when `loadMcp` is called.
 * @module
 */
import type { SdkErrorCode } from "@modelcontextprotocol/client";

/** The symbol the SDK stamps on each of its errors: the set of its class brands. */
const ERROR_BRANDS = Symbol.for("mcp.sdk.errorBrands");
const SDK_ERROR_BRAND = "mcp.SdkError";
const INVALID_RESULT = "INVALID_RESULT" satisfies `${SdkErrorCode.InvalidResult}`;

function isSdkError(error: unknown): error is Error & { code: unknown } {
  if (!(error instanceof Error)) return false;
  const brands: unknown = Object.getOwnPropertyDescriptor(error, ERROR_BRANDS)?.value;
  return brands instanceof Set && brands.has(SDK_ERROR_BRAND);
}

/** A result the client could not read (its own schema check or its era codec). */
export function invalidResultText(error: unknown): string | undefined {
  if (!isSdkError(error) || error.code !== INVALID_RESULT) return undefined;
  return error.message.replace(/^Invalid result for [^:]+: /, "");
}
