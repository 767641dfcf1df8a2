/**
 * The MCP SDK's own `console.warn` lines during the library's own `auth()` calls, routed to the
 * server's warning channel (which redacts them) instead of the host's console.
 *
 * Why a capture: the SDK's `auth()` prints `[mcp-sdk] OAuth "invalid_grant" … Cause: "<the
 * authorization server's error_description>"` (and `Could not refresh OAuth tokens … Cause: …`)
 * before it retries, and there is no option to stop it or a hook to receive it; avoiding `auth()`
 * would mean re-implementing its discovery, client registration and SEP-2352 checks. So
 * `console.warn` is wrapped only while at least one of our calls runs — our own `auth()` calls and
 * the SDK transport's operations for an OAuth server (whose 401 and 403 handling call `auth()`) —
 * and a line is taken only when it starts with `[mcp-sdk] ` and was written inside one of them (an
 * `AsyncLocalStorage` context says which server's): the host's own warnings, and the SDK's outside
 * our calls, go to the console as before. The wrapper is removed when the last call ends, unless
 * something replaced `console.warn` meanwhile (then it stays, and passes everything through).
 * @module
 */
import { AsyncLocalStorage } from "node:async_hooks";
import { format } from "node:util";
import { shownText } from "../shown-text.js";

const SDK_PREFIX = "[mcp-sdk] ";

/** Where a line written inside one of our calls goes. */
const route = new AsyncLocalStorage<(line: string) => void>();
/** The route of each OAuth provider the core built, for the transport operations that use it. */
const providerRoutes = new WeakMap<object, (line: string) => void>();
let calls = 0;
let original: typeof console.warn | undefined;
let wrapper: typeof console.warn | undefined;

function install(): void {
  calls += 1;
  if (calls > 1) return;
  const passThrough = console.warn;
  original = passThrough;
  wrapper = (...args: unknown[]) => {
    const to = route.getStore();
    if (to && typeof args[0] === "string" && args[0].startsWith(SDK_PREFIX)) to(format(...args));
    else passThrough.apply(console, args);
  };
  console.warn = wrapper;
}

function uninstall(): void {
  calls -= 1;
  if (calls > 0) return;
  if (console.warn === wrapper && original) console.warn = original;
  original = undefined;
  wrapper = undefined;
}

/** A server's route: `MCP server "x": the MCP SDK warned: …`, escaped and bounded (then redacted). */
function serverRoute(server: string, warn: (message: string) => void): (line: string) => void {
  return (line) =>
    warn(`MCP server "${server}": the MCP SDK warned: ${shownText(line.slice(SDK_PREFIX.length))}`);
}

async function captured<T>(to: (line: string) => void, call: () => Promise<T>): Promise<T> {
  install();
  try {
    return await route.run(to, call);
  } finally {
    uninstall();
  }
}

/** Runs `call` (an SDK `auth()` of ours) with the SDK's console warnings going to `warn`. */
export function withSdkWarnings<T>(
  server: string,
  warn: (message: string) => void,
  call: () => Promise<T>,
): Promise<T> {
  return captured(serverRoute(server, warn), call);
}

/** Makes {@link withProviderSdkWarnings} send the SDK's warnings about `provider` to `warn`. */
export function routeSdkWarnings(provider: object, server: string, warn: (message: string) => void): void {
  providerRoutes.set(provider, serverRoute(server, warn));
}

/**
 * Runs `call` (an operation of the SDK transport given `provider`) with the SDK's console warnings
 * going where {@link routeSdkWarnings} said; as it is for a provider without a route.
 */
export function withProviderSdkWarnings<T>(provider: object, call: () => Promise<T>): Promise<T> {
  const to = providerRoutes.get(provider);
  return to ? captured(to, call) : call();
}
