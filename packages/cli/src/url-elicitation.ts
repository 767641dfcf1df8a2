/**
 * How `call` answers a server's elicitation: a URL-mode request is printed (on stderr, escaped and
 * whole on a line of its own, so it can be copied) and, with `--open`, handed to the browser under
 * the rules of `login` (browser-opener.ts); it is answered `accept`, the person having asked for
 * the call. A form cannot be filled in from a command line: it is answered `cancel`, and said so.
 * The core already refused a URL that is not https: (or http: on loopback) before it gets here.
 * @module
 */
import type { ElicitationHandler } from "@toolnexus/mcp-core";
import { openOrExplain } from "./browser-opener.js";
import { cut, type Output, oneLine } from "./output.js";

/** The most characters of a server's message shown. */
const MAX_MESSAGE_CHARS = 300;

/** The elicitation handler of `call`; `open` is `--open`. */
export function cliElicitation(output: Output, open: boolean): ElicitationHandler {
  return async (server, request, context) => {
    const label = `MCP server "${oneLine(server)}"`;
    if (request.mode !== "url") {
      output.err(`${label} asked for input in a form; the command line cannot fill one in (cancelled)`);
      return { action: "cancel" };
    }
    output.err(`${label} asks you to open this URL: ${cut(oneLine(request.message), MAX_MESSAGE_CHARS)}`);
    output.err(oneLine(request.url));
    if (open) openOrExplain(output, request.url, "the elicitation URL");
    void context?.completed?.then((done) => {
      if (done) output.err(`${label}: the step at that URL is complete`);
    });
    return { action: "accept" };
  };
}
