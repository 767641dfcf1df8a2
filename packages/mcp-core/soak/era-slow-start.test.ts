// A stdio server slower to answer its first message than the era probe waits (a cold `npx` start,
// a big runtime) must still start in its own era within the server's timeout: the probe's silence
// means "legacy" only for a server that then completes the legacy handshake. A modern-only server
// answers that handshake with -32022 listing a version we speak. Real process; about 11 s.
import { countEvents } from "@toolnexus/fixtures";
import { describe, expect, it } from "vitest";
import { eraOf, MODERN_VERSION, SERVER, stateOf } from "../test/support/era-matrix.js";
import {
  failOnUnhandledRejections,
  tempLogFile,
  toolByRawName,
  useSources,
} from "../test/support/harness.js";

failOnUnhandledRejections();

const sources = useSources({ toolCache: null, autoRestart: { enabled: false } });

/** Longer than the core's longest stdio probe wait (10 s), well inside the default timeout (30 s). */
const SLOW_START_MS = 10_500;

describe("a modern-only stdio server slower to answer than the probe waits", () => {
  it("should start in the modern era within its timeout", async () => {
    const log = tempLogFile("modern-slow.log");
    const source = await sources.loadServers({
      [SERVER]: {
        fixture: "modern",
        args: ["--log", log, "--init-delay-ms", String(SLOW_START_MS)],
      },
    });
    expect(source.state(SERVER), stateOf(source)).toBe("running");
    expect(eraOf(source).protocolVersion).toBe(MODERN_VERSION);
    const result = await toolByRawName(source, "echo").execute({ text: "late" });
    expect(result).toMatchObject({ isError: false, text: "late" });
    expect(countEvents(log, "discover")).toBeGreaterThan(0);
  }, 40_000);
});
