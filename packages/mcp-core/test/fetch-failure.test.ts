import { describe, expect, it } from "vitest";
import { describeFetchFailure } from "../src/transport/fetch-failure.js";
import { connectFailureCause } from "../src/transport/protocol-errors.js";

const refused = (address: string) =>
  Object.assign(new Error(`connect ECONNREFUSED ${address}`), { code: "ECONNREFUSED" });

describe("describeFetchFailure", () => {
  it.each([
    [
      "a refused connection",
      new TypeError("fetch failed", { cause: refused("127.0.0.1:18731") }),
      "fetch failed: connection refused (connect ECONNREFUSED 127.0.0.1:18731)",
    ],
    [
      "localhost refused on both addresses (AggregateError, empty message)",
      new TypeError("fetch failed", {
        cause: new AggregateError([refused("::1:18731"), refused("127.0.0.1:18731")], ""),
      }),
      "fetch failed: connection refused (connect ECONNREFUSED ::1:18731, connect ECONNREFUSED 127.0.0.1:18731)",
    ],
    ["a cause that repeats the message", new Error("boom", { cause: new Error("boom") }), "boom"],
    ["no message at all", new TypeError(""), "TypeError"],
    ["a thrown string", "socket hang up", "socket hang up"],
  ])("should describe %s", (_, error, message) => {
    expect(describeFetchFailure(error).message).toBe(message);
  });

  it("should name the URL without its user info or query", () => {
    const error = new TypeError("fetch failed", { cause: refused("127.0.0.1:1") });
    expect(describeFetchFailure(error, "http://u:p@127.0.0.1:1/mcp?key=s3cret#x").message).toBe(
      "fetch failed: connection refused (connect ECONNREFUSED 127.0.0.1:1) at http://127.0.0.1:1/mcp?…",
    );
  });

  it("should say DNS and TLS failures in words, OpenSSL's text as its code", () => {
    const dns = Object.assign(new Error("getaddrinfo ENOTFOUND x.invalid"), { code: "ENOTFOUND" });
    expect(
      describeFetchFailure(new TypeError("fetch failed", { cause: dns }), "https://x.invalid/").message,
    ).toBe(
      'fetch failed: DNS: "x.invalid" does not resolve (getaddrinfo ENOTFOUND x.invalid) at https://x.invalid/',
    );
    const tls = Object.assign(
      new Error("80EC:error:0A00010B:SSL routines:ssl3_get_record:wrong version number"),
      {
        code: "ERR_SSL_WRONG_VERSION_NUMBER",
      },
    );
    expect(describeFetchFailure(new TypeError("fetch failed", { cause: tls })).message).toBe(
      "fetch failed: TLS handshake failed (ERR_SSL_WRONG_VERSION_NUMBER: does the server speak plain http?)",
    );
  });

  it("should describe a fetch no transport described (an OAuth discovery's) in a failed connect, with the URL", () => {
    const error = new TypeError("fetch failed", { cause: refused("127.0.0.1:1") });
    expect((connectFailureCause(error, "http://127.0.0.1:1/mcp?k=v") as Error).message).toBe(
      "fetch failed: connection refused (connect ECONNREFUSED 127.0.0.1:1) at http://127.0.0.1:1/mcp?…",
    );
  });
});
