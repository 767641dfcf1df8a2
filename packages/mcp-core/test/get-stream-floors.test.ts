import { describe, expect, it } from "vitest";
import { GetStreamFloors, MAX_TRACKED_EVENT_IDS } from "../src/transport/get-stream-floors.js";
import { eventIdTap, MAX_EVENT_ID_BYTES } from "../src/transport/sse-event-ids.js";

/** The ids `eventIdTap` reports for `chunks`, and the bytes it passes on. */
async function tap(chunks: string[]): Promise<{ ids: string[]; text: string }> {
  const ids: string[] = [];
  const encoder = new TextEncoder();
  const input = new ReadableStream<Uint8Array>({
    start(controller) {
      for (const chunk of chunks) controller.enqueue(encoder.encode(chunk));
      controller.close();
    },
  });
  const text = await new Response(input.pipeThrough(eventIdTap((id) => ids.push(id)))).text();
  return { ids, text };
}

describe("eventIdTap", () => {
  it("should report each id: line across chunk boundaries and line endings, passing the bytes on", async () => {
    const chunks = ["id: a\ndata: x\n\ni", "d: b\r\n\r\nid:c\r", "\nretry: 0\rid: d", "\n\n"];
    const { ids, text } = await tap(chunks);

    expect(ids).toStrictEqual(["a", "b", "c", "d"]);
    expect(text).toBe(chunks.join(""));
  });

  it("should ignore what is not an id field, an id with NUL, an empty one and one over the bound", async () => {
    const long = "x".repeat(MAX_EVENT_ID_BYTES + 2);
    const { ids } = await tap([`data: id: no\n: id: comment\nid: a\0b\nid:\nid: ${long}\nidx: no\nid: ok\n`]);

    expect(ids).toStrictEqual(["ok"]);
  });
});

describe("GetStreamFloors", () => {
  it("should send a GET that resumes a response stream to that stream's floor, its first resumption free", () => {
    const floors = new GetStreamFloors();
    floors.responseStream()("e1");

    const first = floors.route("e1");
    expect(first.stream).toBe("response");
    expect(first.floor.beforeGet(0)).toStrictEqual({ delayMs: 0 });
    first.floor.afterGet(0);
    first.onEventId?.("e2");
    // The resumed stream closed at once: resuming it again is a quick drop of the same stream.
    const again = floors.route("e2");
    expect(again.floor).toBe(first.floor);
    expect(again.floor.beforeGet(10)).toStrictEqual({ delayMs: 250 });
  });

  it("should keep the notification stream's floor apart from the response streams'", () => {
    const floors = new GetStreamFloors();
    const notification = floors.route(null);
    notification.floor.afterGet(0);
    floors.responseStream()("e1");

    expect(floors.route("e1").floor.beforeGet(10)).toStrictEqual({ delayMs: 0 });
    // An id no response stream carried (the notification stream's own) is the notification stream's.
    expect(floors.route("unknown")).toMatchObject({ stream: "notification", onEventId: undefined });
    expect(floors.route("unknown").floor.beforeGet(20)).toStrictEqual({ delayMs: 250 });
  });

  it("should forget the oldest ids past the bound", () => {
    const floors = new GetStreamFloors();
    const record = floors.responseStream();
    for (let i = 0; i <= MAX_TRACKED_EVENT_IDS; i++) record(`e${i}`);

    expect(floors.route("e0").stream).toBe("notification");
    expect(floors.route("e1").stream).toBe("response");
    expect(floors.route(`e${MAX_TRACKED_EVENT_IDS}`).stream).toBe("response");
  });
});
