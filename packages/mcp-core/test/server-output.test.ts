/**
 * The arithmetic of the output bounds, on a clock the test moves: the token bucket, the stderr
 * line splitter, and the bounded, redacted log message.
 */
import { describe, expect, it } from "vitest";
import { MAX_LOG_DATA_BYTES, serverLogMessage } from "../src/logs/log-message.js";
import { RateGate } from "../src/logs/rate-gate.js";
import { LINE_CUT_MARKER, StderrLines } from "../src/logs/stderr-lines.js";
import { Redactor } from "../src/redact/redactor.js";

describe("RateGate", () => {
  it("should let a burst through, then one message per refill interval", () => {
    let now = 0;
    const gate = new RateGate({ burst: 3, perSecond: 10 }, () => now);
    expect([gate.admit(), gate.admit(), gate.admit(), gate.admit()]).toEqual([true, true, true, false]);
    now += 99;
    expect(gate.admit()).toBe(false);
    now += 1;
    expect([gate.admit(), gate.admit()]).toEqual([true, false]);
    // A long quiet spell refills the bucket to its size, no more.
    now += 60_000;
    expect([gate.admit(), gate.admit(), gate.admit(), gate.admit()]).toEqual([true, true, true, false]);
  });
});

describe("StderrLines", () => {
  it("should split lines across chunks and skip blank ones", () => {
    const lines = new StderrLines(100);
    expect(lines.push(Buffer.from("one\r\ntw"))).toEqual(["one"]);
    expect(lines.push(Buffer.from("o\n\n  \nthree"))).toEqual(["two"]);
    expect(lines.push(Buffer.from("\n"))).toEqual(["three"]);
  });

  it("should cut a line at the bound and skip its rest, however it arrives", () => {
    const lines = new StderrLines(4);
    expect(lines.push(Buffer.from("abcd"))).toEqual([]);
    expect(lines.push(Buffer.from("\nabcdef"))).toEqual(["abcd", `abcd${LINE_CUT_MARKER}`]);
    expect(lines.push(Buffer.from("ghij"))).toEqual([]);
    expect(lines.push(Buffer.from("kl\nok\n"))).toEqual(["ok"]);
  });
});

describe("serverLogMessage", () => {
  const redactor = new Redactor();
  redactor.pin("secret-value-123");

  it("should redact data and logger, keeping the data's shape", () => {
    const message = serverLogMessage(
      { level: "error", logger: "db secret-value-123", data: { url: "x://secret-value-123@h", n: 1 } },
      redactor,
    );
    expect(message).toEqual({
      level: "error",
      logger: "db [REDACTED]",
      data: { url: "x://[REDACTED]@h", n: 1 },
    });
  });

  it("should refuse a message without a valid level", () => {
    expect(serverLogMessage({ level: "verbose", data: 1 }, redactor)).toBeUndefined();
    expect(serverLogMessage(null, redactor)).toBeUndefined();
  });

  it("should redact before cutting, so no part of a secret survives the cut", () => {
    const data = `${"a".repeat(MAX_LOG_DATA_BYTES - 5)}secret-value-123${"b".repeat(100)}`;
    const bounded = serverLogMessage({ level: "info", data }, redactor)?.data as string;
    expect(bounded).not.toContain("secret");
    expect(bounded).toMatch(/…\[truncated by toolnexus-mcp: \d+ bytes\]$/);
  });
});
