import { describe, expect, it } from "vitest";
import { describeFetchFailure } from "../src/transport/fetch-failure.js";

const refused = (address: string) =>
  Object.assign(new Error(`connect ECONNREFUSED ${address}`), { code: "ECONNREFUSED" });

describe("describeFetchFailure", () => {
  it.each([
    [
      "a refused connection",
      new TypeError("fetch failed", { cause: refused("127.0.0.1:18731") }),
      "fetch failed: connect ECONNREFUSED 127.0.0.1:18731",
    ],
    [
      "localhost refused on both addresses (AggregateError, empty message)",
      new TypeError("fetch failed", {
        cause: new AggregateError([refused("::1:18731"), refused("127.0.0.1:18731")], ""),
      }),
      "fetch failed: connect ECONNREFUSED ::1:18731, connect ECONNREFUSED 127.0.0.1:18731",
    ],
    ["a cause that repeats the message", new Error("boom", { cause: new Error("boom") }), "boom"],
    ["no message at all", new TypeError(""), "TypeError"],
    ["a thrown string", "socket hang up", "socket hang up"],
  ])("should describe %s", (_, error, message) => {
    expect(describeFetchFailure(error).message).toBe(message);
  });
});
