/**
 * How `call` answers a server's elicitation. A URL-mode request is a server steering the person's
 * browser, so one call (the person's one action) answers one: the first is shown on stderr — the
 * server's message, then the URL as it will be opened (parsed and serialized again: a host in
 * punycode, every other character percent-encoded, so what is read is what is opened) and its host
 * on a line of its own — and with `--open` handed to the browser under the rules of `login`
 * (browser-opener.ts), answered `accept`. Every later one of the same call is declined, said once.
 * A URL whose host a reader could mistake (user info before it, `https://bank.example@evil.example`)
 * is shown but never opened; nothing is opened whose host is not the one printed. A form cannot be
 * filled in from a command line: it is answered `cancel`, and said so. The core already refused a
 * URL that is not https: (or http: on loopback) before it gets here.
 * @module
 */
import type { ElicitationHandler } from "@toolnexus/mcp-core";
import { openableUrl, openInBrowser, UnsafeUrlError } from "./browser-opener.js";
import { cut, labelled, type Output, oneLine } from "./output.js";

/** The most characters of a server's message shown. */
const MAX_MESSAGE_CHARS = 300;

const WHAT = "the elicitation URL";

/** The URL as it is printed and opened, or why it is only printed. */
function target(raw: string): { url?: URL; refusal?: string } {
  try {
    const url = openableUrl(raw, WHAT);
    if (url.username !== "" || url.password !== "") {
      return {
        url,
        refusal: `not opening ${WHAT}: it has a user name before its host (user@host), which hides where it goes`,
      };
    }
    return { url };
  } catch (error) {
    if (error instanceof UnsafeUrlError) return { refusal: error.message };
    throw error;
  }
}

/** Prints the one URL of a call (and, with `open`, opens it when its printed host is its host). */
function showAndOpen(output: Output, raw: string, open: boolean): void {
  const { url, refusal } = target(raw);
  // Whole on a line of its own (never cut: it is to be copied), escaped; then the host alone.
  const printed = url ? url.href : oneLine(raw);
  output.err(printed);
  if (url) output.err(`  host: ${url.host}`);
  if (!open) return;
  if (refusal || !url) {
    for (const line of labelled(output, "error: ", refusal ?? `not opening ${WHAT}`)) output.err(line);
    return;
  }
  // What the person read is what opens: the printed line parses to the same host, or nothing opens.
  if (new URL(printed).host !== url.host) {
    output.err(`error: not opening ${WHAT}: its host is not the one shown`);
    return;
  }
  openInBrowser(url);
}

/** The elicitation handler of one `call`; `open` is `--open`. */
export function cliElicitation(output: Output, open: boolean): ElicitationHandler {
  let answered = false;
  let declinedOnce = false;
  return async (server, request, context) => {
    const label = `MCP server "${oneLine(server)}"`;
    if (request.mode !== "url") {
      output.err(`${label} asked for input in a form; the command line cannot fill one in (cancelled)`);
      return { action: "cancel" };
    }
    if (answered) {
      if (!declinedOnce) {
        declinedOnce = true;
        const text = `${label} asked to open more URLs; declined (one URL per call: the one above)`;
        for (const line of labelled(output, "", text, 2)) output.err(line);
      }
      return { action: "decline" };
    }
    answered = true;
    output.err(`${label} asks you to open this URL: ${cut(oneLine(request.message), MAX_MESSAGE_CHARS)}`);
    showAndOpen(output, request.url, open);
    void context?.completed?.then((done) => {
      if (done) output.err(`${label}: the step at that URL is complete`);
    });
    return { action: "accept" };
  };
}
