/**
 * How the auth module words an error it reports. Text an authorization server chose (an
 * `error_description`, a body, an `iss`) is untrusted: it is shown escaped and bounded, or not at
 * all where naming the problem says enough.
 * @module
 */
import {
  AuthorizationServerMismatchError,
  IssuerMismatchError,
  OAuthClientFlowError,
  OAuthError,
} from "@modelcontextprotocol/client";
import { shownText } from "../shown-text.js";

/** An OAuth error code as RFC 6749 spells them; anything else is not repeated. */
const ERROR_CODE = /^[a-z_]{1,64}$/;

/** An OAuth error's code as a message may repeat it (RFC 6749 spelling), else `invalid error code`. */
export function errorCode(error: OAuthError): string {
  return ERROR_CODE.test(error.code) ? error.code : "invalid error code";
}

/**
 * An error's message; an OAuth error leads with its code. Mismatches of issuers or authorization
 * servers are named, never quoted: the value received is the attacker's (RFC 9207 mix-up). Other
 * text is escaped and bounded ({@link shownText}); every secret learned went to `onSecret`, so the
 * core redacts the rest.
 */
export function messageOf(error: unknown): string {
  if (error instanceof IssuerMismatchError) {
    return error.kind === "authorization_response"
      ? "the authorization response's issuer (iss) is not the authorization server's (RFC 9207); the code was not redeemed"
      : "the authorization server's metadata names another issuer (RFC 8414 §3.3); it was not used";
  }
  if (error instanceof AuthorizationServerMismatchError) {
    return "the authorization server is not the one these credentials were issued by; they were not sent";
  }
  if (error instanceof OAuthError) {
    return `${errorCode(error)}: ${shownText(error.message)}`;
  }
  return shownText(error instanceof Error ? error.message : String(error));
}

/**
 * Why a code exchange failed, without anything the authorization server echoed back: its error
 * code, or the check that stopped it before anything was sent (an `iss` mismatch).
 */
export function exchangeFailure(error: unknown): string {
  if (error instanceof OAuthError) return `the token request failed (${errorCode(error)})`;
  if (error instanceof OAuthClientFlowError) return messageOf(error);
  return `the token request failed: ${messageOf(error)}`;
}

/**
 * An error thrown out of the SDK's OAuth code, as the core may pass it on: an OAuth error becomes
 * a plain error with {@link messageOf}'s message (its fields, the authorization server's text, are
 * dropped); any other error stays as it is (`UnauthorizedError` too: it means "authorization needed").
 */
export function withoutServerText(error: unknown): unknown {
  return error instanceof OAuthError || error instanceof OAuthClientFlowError
    ? new Error(messageOf(error))
    : error;
}

/**
 * The cause an auth failure may keep: none for the SDK's OAuth errors, whose fields hold what the
 * authorization server sent (a description, a body, the `iss` received); others as they are.
 */
export function keptCause(error: unknown): unknown {
  return error instanceof OAuthError || error instanceof OAuthClientFlowError ? undefined : error;
}
