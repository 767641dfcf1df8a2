/**
 * The check of a server-supplied DPoP nonce (RFC 9449 §8, §9) before it is remembered and signed
 * into the next proof. The SDK's `DpopSession` keeps whatever a `DPoP-Nonce` header holds; a nonce
 * is the one value an untrusted server gets copied into our requests, so it is bounded and limited
 * to the RFC's own grammar (`nonce = 1*NQCHAR`), and a refused one is never repeated in a message.
 * @module
 */
import type { DpopSession } from "@modelcontextprotocol/client";
import { McpCoreError } from "../errors.js";

/** The longest nonce kept. The RFC sets no bound; real servers send tens of characters. */
export const MAX_DPOP_NONCE_LENGTH = 512;

/** RFC 9449 §8.1: NQCHAR = %x21 / %x23-5B / %x5D-7E (no space, `"`, `\`, control or non-ASCII). */
const NONCE = /^[\x21\x23-\x5B\x5D-\x7E]+$/;

/** Why `nonce` is refused (no part of it), or undefined when it may be used. */
export function dpopNonceProblem(nonce: string): string | undefined {
  if (nonce.length > MAX_DPOP_NONCE_LENGTH) return `longer than ${MAX_DPOP_NONCE_LENGTH} characters`;
  if (!NONCE.test(nonce)) return "not made of RFC 9449 NQCHAR characters";
  return undefined;
}

/**
 * Makes `session` refuse an unusable nonce with `AUTH_FAILED` instead of remembering it. The SDK's
 * `observeNonce` (called after every token and resource response) goes through `rememberNonce`, so
 * overriding that one method on the instance covers every path; the class's constructor is
 * private, which rules out a subclass.
 */
export function checkingNonces(session: DpopSession, server: string): DpopSession {
  const remember = session.rememberNonce.bind(session);
  session.rememberNonce = (url: string | URL, nonce: string) => {
    const problem = dpopNonceProblem(nonce);
    if (problem !== undefined) {
      const origin = URL.canParse(String(url)) ? new URL(String(url)).origin : "the server";
      throw new McpCoreError(
        "AUTH_FAILED",
        `MCP server "${server}": ${origin} sent a DPoP nonce that is ${problem}; it is not used`,
        { server },
      );
    }
    remember(url, nonce);
  };
  return session;
}
