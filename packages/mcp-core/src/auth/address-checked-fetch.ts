/**
 * The fetch of the OAuth requests that leave the configured server's origin (a server's or its
 * authorization server's choice): `node:http`/`node:https` with the address rule's own `lookup`,
 * so every address a name resolves to is checked and the socket connects to a checked one — the
 * global fetch cannot be given a lookup without a dispatcher package. An IP-address host is checked
 * before any socket exists. It never follows a redirect, keeps no connection alive (a closed source
 * leaves no socket), and fails as fetch fails (`TypeError`), a refusal carrying the core's
 * `AUTH_FAILED` as its cause.
 * @module
 */
import { request as httpRequest, type IncomingMessage } from "node:http";
import { request as httpsRequest } from "node:https";
import { Readable } from "node:stream";
import type { FetchLike } from "@modelcontextprotocol/client";
import { McpCoreError } from "../errors.js";
import type { AddressRule } from "./address-rule.js";

/** Statuses whose response has no body (Fetch standard). */
const NULL_BODY = new Set([101, 103, 204, 205, 304]);

/** A refusal travels as a `TypeError` so the SDK's discovery does not swallow it (guarded-fetch.ts). */
function failure(error: unknown): TypeError {
  if (error instanceof McpCoreError) return new TypeError(error.message, { cause: error });
  return new TypeError("fetch failed", { cause: error });
}

/** A fetch whose every connection passes `rule` (see the module comment). */
export function addressCheckedFetch(rule: AddressRule): FetchLike {
  return async (input, init = {}) => {
    const url = new URL(String(input));
    const signal = init.signal ?? undefined;
    signal?.throwIfAborted();
    await rule.checkHost(url).catch((error: unknown) => {
      throw failure(error);
    });
    const headers = new Headers(init.headers);
    let body: Buffer | undefined;
    if (init.body !== undefined && init.body !== null) {
      // What fetch would send: the body's bytes and, unless given, its content type.
      const carrier = new Response(init.body);
      const type = carrier.headers.get("content-type");
      if (type && !headers.has("content-type")) headers.set("content-type", type);
      body = Buffer.from(await carrier.arrayBuffer());
      headers.set("content-length", String(body.length));
    }
    const method = (init.method ?? "GET").toUpperCase();
    const send = url.protocol === "https:" ? httpsRequest : httpRequest;
    return new Promise<Response>((resolve, reject) => {
      const request = send(url, {
        method,
        headers: Object.fromEntries(headers),
        lookup: rule.lookup,
        agent: false,
        ...(signal ? { signal } : {}),
      });
      request.on("error", (error) => reject(signal?.aborted ? signal.reason : failure(error)));
      request.on("response", (response) => {
        try {
          resolve(toResponse(response, method));
        } catch (error) {
          response.destroy();
          reject(failure(error));
        }
      });
      request.end(body);
    });
  };
}

/** The node response as a Fetch `Response` (its body streamed; an impossible status throws). */
function toResponse(response: IncomingMessage, method: string): Response {
  const status = response.statusCode ?? 0;
  const headers = new Headers();
  const raw = response.rawHeaders;
  for (let index = 0; index + 1 < raw.length; index += 2)
    headers.append(raw[index] ?? "", raw[index + 1] ?? "");
  const empty = NULL_BODY.has(status) || method === "HEAD";
  if (empty) response.resume();
  const body = empty ? null : (Readable.toWeb(response) as unknown as ReadableStream<Uint8Array>);
  return new Response(body, { status, statusText: response.statusMessage ?? "", headers });
}
