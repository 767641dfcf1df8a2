/**
 * `maxFrameBytes` for HTTP: a response body is read as it streams, never whole past the bound. A JSON
 * body counts in total, an event stream per event (the bytes since the last blank line), because
 * either is one message the SDK would otherwise buffer before parsing, whatever its size. A document
 * read whole (`boundedDocument`) counts in total whatever its content type.
 * @module
 */

const LF = 0x0a;
const CR = 0x0d;

/** Counts an event stream's bytes per event; the count once the current event is over `maxBytes`. */
function eventCounter(maxBytes: number): (chunk: Uint8Array) => number | undefined {
  let eventBytes = 0;
  let lineBytes = 0;
  let afterCr = false;
  return (chunk) => {
    for (const byte of chunk) {
      // CRLF is one line end.
      if (byte === LF && afterCr) {
        afterCr = false;
        continue;
      }
      afterCr = byte === CR;
      if (byte === LF || byte === CR) {
        if (lineBytes === 0) eventBytes = 0;
        lineBytes = 0;
      } else {
        lineBytes++;
        if (++eventBytes > maxBytes) return eventBytes;
      }
    }
    return undefined;
  };
}

/** Counts a whole body's bytes; the count once it is over `maxBytes`. */
function totalCounter(maxBytes: number): (chunk: Uint8Array) => number | undefined {
  let total = 0;
  return (chunk) => {
    total += chunk.byteLength;
    return total > maxBytes ? total : undefined;
  };
}

/**
 * `response` with a body that errors with `tooLarge(bytesSeen)` (and stops reading, which cancels the
 * download) once a JSON body or one event of an event stream exceeds `maxBytes`; any other response
 * is returned as it is.
 */
export function boundedResponse(
  response: Response,
  maxBytes: number,
  tooLarge: (bytesSeen: number, kind: "json" | "event-stream") => Error,
): Response {
  const type = response.headers.get("content-type")?.split(";")[0]?.trim().toLowerCase();
  const kind =
    type === "application/json" ? "json" : type === "text/event-stream" ? "event-stream" : undefined;
  if (kind === undefined) return response;
  const over = kind === "json" ? totalCounter(maxBytes) : eventCounter(maxBytes);
  return withCountedBody(response, over, (seen) => tooLarge(seen, kind));
}

/**
 * `response` with a body that errors with `tooLarge(bytesSeen)` once it exceeds `maxBytes` in total,
 * whatever its content type: for documents read whole (OAuth metadata, registration, token
 * responses), which a reader parses as JSON whatever the server says they are.
 */
export function boundedDocument(
  response: Response,
  maxBytes: number,
  tooLarge: (bytesSeen: number) => Error,
): Response {
  return withCountedBody(response, totalCounter(maxBytes), tooLarge);
}

function withCountedBody(
  response: Response,
  over: (chunk: Uint8Array) => number | undefined,
  tooLarge: (bytesSeen: number) => Error,
): Response {
  if (!response.body) return response;
  const bounded = response.body.pipeThrough(
    new TransformStream<Uint8Array, Uint8Array>({
      transform(chunk, controller) {
        const seen = over(chunk);
        if (seen === undefined) controller.enqueue(chunk);
        else controller.error(tooLarge(seen));
      },
    }),
  );
  return new Response(bounded, {
    status: response.status,
    statusText: response.statusText,
    headers: response.headers,
  });
}
