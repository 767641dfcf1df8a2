// Records every outbound connection the process starts while a test runs, through Node's own
// diagnostics channels (nothing is patched): the global fetch's (undici's `beforeConnect`, with the
// host it is about to reach) and every `net` client socket's resolved and attempted addresses.
import { subscribe, unsubscribe } from "node:diagnostics_channel";
import type { Socket } from "node:net";
import { onTestFinished } from "vitest";

/** The hosts and addresses connected to (or about to be) since the call; stops when the test finishes. */
export function recordOutboundConnections(): { targets: string[] } {
  const targets: string[] = [];
  const onFetch = (message: unknown) => {
    const hostname = (message as { connectParams?: { hostname?: string } }).connectParams?.hostname;
    if (hostname) targets.push(hostname);
  };
  const onSocket = (message: unknown) => {
    const socket = (message as { socket: Socket }).socket;
    socket.on("lookup", (_error, address) => targets.push(String(address)));
    socket.on("connectionAttempt", (address) => targets.push(String(address)));
    socket.on("connect", () => targets.push(String(socket.remoteAddress)));
  };
  subscribe("undici:client:beforeConnect", onFetch);
  subscribe("net.client.socket", onSocket);
  onTestFinished(() => {
    unsubscribe("undici:client:beforeConnect", onFetch);
    unsubscribe("net.client.socket", onSocket);
  });
  return { targets };
}

/** Whether `target` (a hostname or an address) is this machine's loopback. */
export function isLoopbackTarget(target: string): boolean {
  return /^(localhost|127\.\d+\.\d+\.\d+|::1|\[::1\]|::ffff:127\.\d+\.\d+\.\d+)$/.test(target);
}
