/**
 * How every client-side handler (elicitation, sampling, roots) answers a server when the host's own
 * function fails: a generic JSON-RPC internal error for the server, the detail for the host only.
 * @module
 */
import { ProtocolError, ProtocolErrorCode } from "@modelcontextprotocol/client";
import { errorMessage } from "./errors.js";
import { printableSample } from "./printable-sample.js";
import { serverLabel } from "./server-message.js";
import { shownText } from "./shown-text.js";

/** How much of a host error's text a warning quotes (it may echo what the server sent). */
export const QUOTED_FAILURE_CHARS = 500;

/**
 * Tells `warn` that `what` failed for `server` (the error's message escaped and bounded, SPEC
 * §20.1.2) and returns the error the server is answered with: `serverMessage` and nothing of the
 * host's own text.
 */
export function hostHandlerFailure(
  server: string,
  what: string,
  error: unknown,
  serverMessage: string,
  warn: (message: string) => void,
): ProtocolError {
  // C0 controls spelled \xNN, then C1, bidi and zero-width ones \uXXXX: nothing reorders or
  // drives the terminal a warning is printed on.
  const detail = shownText(
    printableSample(errorMessage(error), QUOTED_FAILURE_CHARS),
    Number.MAX_SAFE_INTEGER,
  );
  warn(`${serverLabel(server)}: ${what}: ${detail}`);
  return new ProtocolError(ProtocolErrorCode.InternalError, serverMessage);
}
