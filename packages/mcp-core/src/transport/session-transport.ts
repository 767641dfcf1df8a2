/**
 * The parts of a session's transport: what the core does to every message between the SDK client
 * and the real transport, which the SDK leaves undone (see each part's module for why).
 * @module
 */
import type { Client, Transport } from "@modelcontextprotocol/client";
import type { McpLogLevel } from "../logs/log-level.js";
import { offersLogging, withLogLevel } from "../logs/request-log-level.js";
import type { CallChannel } from "./call-channel.js";
import { InterposedTransport, type TransportPart, type TransportParts } from "./interposed-transport.js";
import { unansweredRequests } from "./unanswered-requests.js";
import { untaggedResults } from "./untagged-results.js";

/** What decides a session's parts. */
export interface SessionTransportSetup {
  /** The session's client: its negotiated era and the server's capabilities. */
  client: Client;
  /** Streamable HTTP: a response stream may end without an answer. */
  streamable: boolean;
  /** The level the host asks the server's log messages from, when it hears them at all. */
  minLogLevel: (() => McpLogLevel) | undefined;
  /** The session's own `tools/call` path: last, so it sees a message after every other part. */
  calls?: CallChannel | undefined;
  /** The handshake's spans (`handshake-spans.ts`): first, so they see the answer before any part. */
  handshake?: TransportPart | undefined;
}

/**
 * The parts, in order: the handshake's spans see its requests and answers first; untagged modern results are tagged `"complete"`; requests to a modern server
 * that offers logging carry the log level in `_meta`; on Streamable HTTP, a request whose response
 * stream ended unanswered fails at once; the call channel takes the responses of its own calls.
 */
export function sessionParts(setup: SessionTransportSetup): TransportParts {
  const { client, minLogLevel } = setup;
  const isModern = () => client.getProtocolEra() === "modern";
  return (answer) => [
    ...(setup.handshake ? [setup.handshake] : []),
    untaggedResults(isModern),
    ...(minLogLevel === undefined ? [] : [requestLogLevel(client, isModern, minLogLevel)]),
    ...(setup.streamable ? [unansweredRequests(answer)] : []),
    ...(setup.calls ? [setup.calls] : []),
  ];
}

/** Adds the log level to each request while the session is modern and the server offers logging. */
function requestLogLevel(client: Client, isModern: () => boolean, level: () => McpLogLevel): TransportPart {
  return {
    send: (message, options, next) =>
      next(withLogLevel(message, isModern() && offersLogging(client) ? level() : undefined), options),
  };
}

/** The transport a session's client connects to: `inner` with the session's parts. */
export function sessionTransport(inner: Transport, setup: SessionTransportSetup): InterposedTransport {
  return new InterposedTransport(inner, sessionParts(setup));
}
