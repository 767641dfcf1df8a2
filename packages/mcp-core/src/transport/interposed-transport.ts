/**
 * The transport a session's client connects to: the real transport (a stdio child, Streamable HTTP,
 * legacy SSE) wrapped, with the core's interposers (parts) on the way of every message in and out.
 * The SDK client owns this transport's callbacks and the wrapper owns the real one's, so no part
 * depends on how the SDK sets or chains the handlers of the transport it gets.
 * @module
 */
import type {
  JSONRPCMessage,
  MessageExtraInfo,
  Transport,
  TransportSendOptions,
} from "@modelcontextprotocol/client";

/** Sends one message on: to the next part, and after the last one to the real transport. */
export type SendMessage = (message: JSONRPCMessage, options?: TransportSendOptions) => Promise<void>;

/** One interposer: what it does to each message from the server and to each message to it. */
export interface TransportPart {
  /**
   * Sees each message from the server before the client does; returns the message the client gets,
   * or undefined for a message the part consumed itself (the parts after it and the client never see it).
   */
  receive?(message: JSONRPCMessage): JSONRPCMessage | undefined;
  /** The real transport closed; runs before the client hears it. */
  closedTransport?(): void;
  /** Sends each message from the client on through `next` (once), possibly changed. */
  send?(message: JSONRPCMessage, options: TransportSendOptions | undefined, next: SendMessage): Promise<void>;
}

/**
 * Builds a transport's parts. `answer` hands a message to the client as if the server had sent it
 * (it passes every part's `receive` first), for a part that settles a request itself.
 */
export type TransportParts = (answer: (message: JSONRPCMessage) => void) => readonly TransportPart[];

/**
 * A {@link Transport} around another. Inbound messages pass the parts' `receive` in order; outbound
 * ones pass the parts' `send` in order (the first part is the outermost). Everything else — start,
 * close, the session id, the protocol version, per-request streams — is the real transport's.
 */
export class InterposedTransport implements Transport {
  onmessage?: Transport["onmessage"];
  onerror?: Transport["onerror"];
  onclose?: Transport["onclose"];
  private readonly parts: readonly TransportPart[];
  private readonly sendThrough: SendMessage;

  constructor(
    /** The real transport; its callbacks are this wrapper's from now on. */
    readonly inner: Transport,
    parts: TransportParts,
  ) {
    this.parts = parts((message) => this.deliver(message));
    keepProcessSignature(this, inner);
    // Handlers the real transport already had (legacy SSE watches its own errors) still run first.
    const { onmessage, onerror, onclose } = inner;
    inner.onmessage = (message, extra) => {
      onmessage?.(message, extra);
      this.deliver(message, extra);
    };
    inner.onerror = (error) => {
      onerror?.(error);
      this.onerror?.(error);
    };
    inner.onclose = () => {
      onclose?.();
      for (const part of this.parts) part.closedTransport?.();
      this.onclose?.();
    };
    this.sendThrough = this.parts.reduceRight<SendMessage>(
      (next, part) => {
        const send = part.send?.bind(part);
        return send ? (message, options) => send(message, options, next) : next;
      },
      (message, options) => inner.send(message, options),
    );
  }

  get sessionId(): string | undefined {
    return this.inner.sessionId;
  }

  get hasPerRequestStream(): boolean {
    return this.inner.hasPerRequestStream === true;
  }

  start(): Promise<void> {
    return this.inner.start();
  }

  send(message: JSONRPCMessage, options?: TransportSendOptions): Promise<void> {
    return this.sendThrough(message, options);
  }

  close(): Promise<void> {
    return this.inner.close();
  }

  setProtocolVersion(version: string): void {
    this.inner.setProtocolVersion?.(version);
  }

  setSupportedProtocolVersions(versions: string[]): void {
    this.inner.setSupportedProtocolVersions?.(versions);
  }

  private deliver(message: JSONRPCMessage, extra?: MessageExtraInfo): void {
    let received: JSONRPCMessage | undefined = message;
    for (const part of this.parts) {
      if (part.receive) received = part.receive(received);
      if (received === undefined) return;
    }
    this.onmessage?.(received, extra);
  }
}

/**
 * The client tells a process transport from an HTTP one by shape (`"stderr" in t && "pid" in t`),
 * and treats a silent era probe as a 2025-era server only on a process transport (elsewhere it is
 * an outage). A wrapper without that shape turned a slow stdio server into a failed start, so the
 * wrapper of a child carries both names, read through to the child; other wrappers carry neither.
 */
function keepProcessSignature(wrapper: InterposedTransport, inner: Transport): void {
  if (!("stderr" in inner && "pid" in inner)) return;
  const child = inner as Transport & { stderr: unknown; pid: unknown };
  Object.defineProperty(wrapper, "stderr", { get: () => child.stderr, enumerable: true });
  Object.defineProperty(wrapper, "pid", { get: () => child.pid, enumerable: true });
}
