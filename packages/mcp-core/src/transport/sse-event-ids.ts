/**
 * Reads the `id:` fields of an event stream as it passes, without holding more of it than one
 * bounded id: the transport learns which event ids belong to which stream, so it can tell a GET
 * that resumes a request's response stream (it carries one of that stream's ids as
 * `Last-Event-ID`) from the standalone notification stream's.
 * @module
 */

/** Longer ids are not reported (a GET resuming with one is taken for the notification stream's). */
export const MAX_EVENT_ID_BYTES = 256;

const LF = 0x0a;
const CR = 0x0d;
const PREFIX = [0x69, 0x64, 0x3a]; // "id:"
const SPACE = 0x20;

/** A pass-through stream that calls `onId` with the value of every `id:` line (SSE line rules). */
export function eventIdTap(onId: (id: string) => void): TransformStream<Uint8Array, Uint8Array> {
  const decoder = new TextDecoder();
  const line: number[] = [];
  // The bytes of the current line, while it can still be an id line that fits.
  let collecting = true;
  let afterCr = false;
  const endLine = () => {
    if (collecting && line.length >= PREFIX.length) {
      const value = line.slice(PREFIX.length);
      const bytes = value[0] === SPACE ? value.slice(1) : value;
      // An id with NUL is ignored (the SSE rule); an empty one names no event.
      if (bytes.length > 0 && !bytes.includes(0)) onId(decoder.decode(new Uint8Array(bytes)));
    }
    line.length = 0;
    collecting = true;
  };
  return new TransformStream({
    transform(chunk, controller) {
      for (const byte of chunk) {
        // CRLF is one line end.
        if (byte === LF && afterCr) {
          afterCr = false;
          continue;
        }
        afterCr = byte === CR;
        if (byte === LF || byte === CR) {
          endLine();
          continue;
        }
        if (!collecting) continue;
        const at = line.length;
        if ((at < PREFIX.length && byte !== PREFIX[at]) || at >= PREFIX.length + 1 + MAX_EVENT_ID_BYTES) {
          collecting = false;
          line.length = 0;
        } else line.push(byte);
      }
      controller.enqueue(chunk);
    },
  });
}

/** True when `response` has a body of type `text/event-stream`. */
export function isEventStream(response: Response): boolean {
  const type = response.headers.get("content-type")?.split(";")[0]?.trim().toLowerCase();
  return response.body !== null && type === "text/event-stream";
}

/** `response` with an event-stream body passed through an {@link eventIdTap}; any other as it is. */
export function withEventIdTap(response: Response, onId: (id: string) => void): Response {
  if (!isEventStream(response) || !response.body) return response;
  return new Response(response.body.pipeThrough(eventIdTap(onId)), {
    status: response.status,
    statusText: response.statusText,
    headers: response.headers,
  });
}
