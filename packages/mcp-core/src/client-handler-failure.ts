/**
 * How every client-side handler (elicitation, sampling, roots) answers a server when the host's own
 * function fails: a generic JSON-RPC internal error for the server, the detail for the host only.
 * @module
 */
import { ProtocolError, ProtocolErrorCode } from "@modelcontextprotocol/client";
import { errorMessage } from "./errors.js";
import { printableSample } from "./printable-sample.js";
import { redactSecretTokens } from "./redact/secret-tokens.js";
import { serverLabel } from "./server-message.js";
import { shownText } from "./shown-text.js";

/** How much of a host error's text a warning quotes (it may echo what the server sent). */
export const QUOTED_FAILURE_CHARS = 500;

/**
 * Tells `warn` that `what` failed for `server` (the error's message with secret-shaped values
 * redacted, escaped and bounded, SPEC §20.1.2) and returns the error the server is answered with:
 * `serverMessage` and nothing of the host's own text.
 */
export function hostHandlerFailure(
  server: string,
  what: string,
  error: unknown,
  serverMessage: string,
  warn: (message: string) => void,
): ProtocolError {
  // Secret shapes first, on the whole text (a key cut by the bound would slip through): the host's
  // error may quote the host's own key, which no server's redactor knows. Then C0 controls spelled
  // \xNN, C1, bidi and zero-width ones \uXXXX: nothing reorders or drives the terminal.
  const detail = shownText(
    printableSample(redactSecretTokens(errorMessage(error)), QUOTED_FAILURE_CHARS),
    Number.MAX_SAFE_INTEGER,
  );
  warn(`${serverLabel(server)}: ${what}: ${detail}`);
  return new ProtocolError(ProtocolErrorCode.InternalError, serverMessage);
}
