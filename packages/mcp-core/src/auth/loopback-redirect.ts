/**
 * The loopback redirect helper for CLIs and desktop hosts (RFC 8252 §7.3): one HTTP listener on
 * 127.0.0.1, a random port, that takes ONE request to the callback path, answers a short page and
 * closes. Bounded in time; nothing survives `close()`.
 *
 * Any local user can find the port and race the browser to it. With `expectedState`, a request to
 * the callback path whose `state` is missing or not the pending request's is answered 400 and
 * otherwise ignored: it neither ends the authorization nor reaches the code exchange (where a
 * foreign code would be redeemed with the pending PKCE verifier). Such requests are capped.
 * @module
 */
import { timingSafeEqual } from "node:crypto";
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";

/** Options of {@link listenForRedirect}. */
export interface LoopbackRedirectOptions {
  /** Port to listen on. @default 0 (a random free port) */
  port?: number | undefined;
  /** Path of the callback; other paths get 404 and do not count. @default "/callback" */
  path?: string | undefined;
  /** How long to wait for the callback before `result` rejects and the listener closes. @default 300000 (5 min) */
  timeoutMs?: number | undefined;
  /**
   * The `state` of the pending authorization request, read when a callback arrives. A callback
   * without it (or with another) is answered 400 and ignored. Unset: any state passes (the caller checks).
   */
  expectedState?: (() => string | undefined) | undefined;
  /** After this many ignored callbacks (wrong or missing state) `result` rejects. @default 16 */
  maxRejectedCallbacks?: number | undefined;
}

/** What the authorization server sent back in the redirect's query. */
export interface RedirectResult {
  code: string;
  state: string | undefined;
  /** RFC 9207 `iss`, when the authorization server sends it. */
  iss: string | undefined;
}

/** A listening loopback redirect endpoint. */
export interface LoopbackRedirect {
  /** The redirect URL to register and send, e.g. `http://127.0.0.1:53121/callback`. */
  url: string;
  /** Settles once: the code (and state), or an error (denied, timed out, closed). */
  result: Promise<RedirectResult>;
  /** Stops listening; a pending `result` rejects. Idempotent. */
  close(): void;
}

export const DEFAULT_REDIRECT_PATH = "/callback";
export const DEFAULT_REDIRECT_TIMEOUT_MS = 300_000;
export const DEFAULT_MAX_REJECTED_CALLBACKS = 16;

/** The page the person's browser shows; it carries nothing from the query. */
function page(res: ServerResponse, status: number, message: string): void {
  res.writeHead(status, { "content-type": "text/html; charset=utf-8", connection: "close" });
  res.end(`<!doctype html><meta charset="utf-8"><title>${message}</title><p>${message}</p>`);
}

/**
 * Listens on 127.0.0.1 for one authorization redirect. The `error` of a denied authorization
 * rejects `result` with a message naming the OAuth error code only (never the query).
 */
export async function listenForRedirect(options: LoopbackRedirectOptions = {}): Promise<LoopbackRedirect> {
  const path = options.path ?? DEFAULT_REDIRECT_PATH;
  const timeoutMs = options.timeoutMs ?? DEFAULT_REDIRECT_TIMEOUT_MS;
  const maxRejected = options.maxRejectedCallbacks ?? DEFAULT_MAX_REJECTED_CALLBACKS;
  let rejected = 0;
  let settle: { resolve(value: RedirectResult): void; reject(error: Error): void } | undefined;
  const result = new Promise<RedirectResult>((resolve, reject) => {
    settle = { resolve, reject };
  });
  // A caller that never reads `result` must not see an unhandled rejection.
  result.catch(() => {});

  const server = createServer((req: IncomingMessage, res: ServerResponse) => {
    const url = new URL(req.url ?? "/", "http://127.0.0.1");
    if (req.method !== "GET" || url.pathname !== path || !settle) {
      page(res, 404, "Not found");
      return;
    }
    const error = url.searchParams.get("error");
    const code = url.searchParams.get("code");
    const state = url.searchParams.get("state") ?? undefined;
    if (options.expectedState && !sameState(state, options.expectedState())) {
      page(res, 400, "This is not the redirect of a pending authorization.");
      if (++rejected >= maxRejected) {
        finish(
          new Error(`${rejected} redirects with a wrong or missing state; the authorization was abandoned`),
          undefined,
          true,
        );
      }
      return;
    }
    if (error || !code) {
      page(res, 400, "Authorization failed. You can close this window.");
      finish(
        new Error(`the authorization was not granted (${error ? safeCode(error) : "no code"})`),
        undefined,
        true,
      );
      return;
    }
    page(res, 200, "Authorization complete. You can close this window.");
    const value = {
      code,
      state,
      iss: url.searchParams.get("iss") ?? undefined,
    };
    finish(undefined, value, true);
  });

  const timer = setTimeout(
    () => finish(new Error(`no authorization redirect within ${timeoutMs} ms`)),
    timeoutMs,
  );
  timer.unref();

  /** `answering`: the one request's page is still being written; its socket closes after it. */
  function finish(error: Error | undefined, value?: RedirectResult, answering = false): void {
    const pending = settle;
    settle = undefined;
    clearTimeout(timer);
    server.close();
    if (answering) server.closeIdleConnections();
    else server.closeAllConnections();
    if (!pending) return;
    if (error || !value) pending.reject(error ?? new Error("closed"));
    else pending.resolve(value);
  }

  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(options.port ?? 0, "127.0.0.1", () => {
      server.off("error", reject);
      resolve();
    });
  }).catch((error: unknown) => {
    clearTimeout(timer);
    throw error;
  });
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}${path}`,
    result,
    close: () => finish(new Error("the redirect listener was closed")),
  };
}

/** Whether the callback's state is the expected one (compared in constant time). */
function sameState(actual: string | undefined, expected: string | undefined): boolean {
  if (actual === undefined || expected === undefined) return false;
  const a = Buffer.from(actual);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

/** An OAuth error code is a short token; anything else is not echoed. */
function safeCode(value: string): string {
  return /^[a-z_]{1,64}$/.test(value) ? value : "invalid error code";
}
