/**
 * Opens an authorization URL in the person's browser. The URL is the authorization server's
 * choice, and that server is not trusted: only `https:` (and `http:` on a loopback host, by the
 * core's own rule) is opened, as the URL parser serializes it, handed to the platform's opener as
 * one argument with no shell in between. On Windows the opener is
 * `rundll32 url.dll,FileProtocolHandler <url>`: `cmd /c start "" <url>` would run whatever follows
 * an `&`, `|` or `^` in the URL as a command (the class of mcp-remote's CVE-2025-6514), while
 * rundll32 passes its one argument to the URL protocol handler as it is.
 * @module
 */
import { spawn } from "node:child_process";
import { isLoopbackHostname } from "@toolnexus/mcp-core/config";
import { labelled, type Output } from "./output.js";

/** A URL the CLI will not hand to an opener. */
export class UnsafeUrlError extends Error {
  constructor(
    readonly scheme: string,
    /** What the URL is, as the message names it. */
    what = "the authorization URL",
  ) {
    super(
      `not opening ${what}: its scheme is "${scheme}"; only https: (or http: on a loopback host) is opened`,
    );
    this.name = "UnsafeUrlError";
  }
}

/**
 * The URL as the opener may get it: parsed and serialized again.
 * @throws UnsafeUrlError for any scheme but `https:`, and `http:` off loopback (or a URL that does
 *   not parse: its scheme is named as far as it can be)
 */
export function openableUrl(text: string, what?: string): URL {
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    throw new UnsafeUrlError(/^[A-Za-z][A-Za-z0-9+.-]{0,30}:/.exec(text)?.[0] ?? "(none)", what);
  }
  if (url.protocol === "https:" || (url.protocol === "http:" && isLoopbackHostname(url.hostname))) return url;
  throw new UnsafeUrlError(url.protocol === "http:" ? `http: on ${url.hostname}` : url.protocol, what);
}

/** The opener and its arguments: the URL is always one argument of its own. */
export function openerCommand(url: URL, platform: NodeJS.Platform = process.platform): [string, string[]] {
  if (platform === "darwin") return ["open", [url.href]];
  if (platform === "win32") return ["rundll32", ["url.dll,FileProtocolHandler", url.href]];
  return ["xdg-open", [url.href]];
}

/** Starts the platform's opener on `url`; failure is silent (the URL is printed anyway). */
export function openInBrowser(url: URL): void {
  const [command, args] = openerCommand(url);
  try {
    const child = spawn(command, args, { stdio: "ignore", detached: true, shell: false });
    child.on("error", () => {});
    child.unref();
  } catch {
    // no opener: the printed URL is enough
  }
}

/** Opens `url` (named `what` in a refusal) in the browser, or says why not (an unsafe URL is only printed). */
export function openOrExplain(output: Output, url: string, what?: string): void {
  try {
    openInBrowser(openableUrl(url, what));
  } catch (error) {
    if (!(error instanceof UnsafeUrlError)) throw error;
    for (const line of labelled(output, "error: ", error.message)) output.err(line);
  }
}
