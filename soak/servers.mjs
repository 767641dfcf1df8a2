// The six fixture servers of a soak: both protocol eras over stdio and Streamable HTTP, some lazy,
// auto-restart on. HTTP servers are child processes of the soak (startHttpFixture) so the chaos loop
// can stop and restart them on the same port.
import { startHttpFixture, stdioServer } from "@toolnexus/fixtures";

/** Per-call timeout of every server, in ms; a call pending 2 × this long counts as hung. */
export const CALL_TIMEOUT_MS = 5000;

/**
 * Restart policy sized for chaos every few seconds: the default budget (10 attempts, reset after 30 s
 * running) would be spent by chaos alone, and `RESTART_EXHAUSTED` would then measure the chaos rate,
 * not the library.
 */
export const AUTO_RESTART = { maxRetries: 1000, initialDelayMs: 200, maxDelayMs: 2000, stableAfterMs: 3000 };

/** Stdio servers: name → fixture, args, lazy, era. */
const STDIO = {
  basic: { fixture: "basic", args: ["--add-tool"], lazy: false, era: "2025" },
  listChanged: { fixture: "mcp-list-changed", args: [], lazy: false, era: "2025" },
  modern: { fixture: "modern", args: [], lazy: true, era: "2026" },
};

/** HTTP servers: name → fixture, args, lazy, era. */
const HTTP = {
  basicHttp: { fixture: "basic", args: ["--add-tool"], lazy: false, era: "2025" },
  dualHttp: { fixture: "dual-era", args: [], lazy: true, era: "2026" },
  modernHttp: { fixture: "modern", args: [], lazy: false, era: "2026" },
};

/**
 * Starts the HTTP fixtures and returns the `loadMcp` config with, per server, what the chaos loop
 * needs: `transport`, `era`, `lazy` and, for HTTP, the running fixture as `http`.
 */
export async function startServers() {
  const servers = {};
  const mcpServers = {};
  for (const [name, spec] of Object.entries(STDIO)) {
    servers[name] = { name, transport: "stdio", ...spec };
    mcpServers[name] = { ...stdioServer(spec.fixture, spec.args), lazy: spec.lazy, timeout: CALL_TIMEOUT_MS };
  }
  const started = await Promise.all(
    Object.entries(HTTP).map(async ([name, spec]) => [
      name,
      spec,
      await startHttpFixture(spec.fixture, spec.args),
    ]),
  );
  for (const [name, spec, fixture] of started) {
    servers[name] = { name, transport: "http", ...spec, http: fixture };
    mcpServers[name] = { url: fixture.url, lazy: spec.lazy, timeout: CALL_TIMEOUT_MS };
  }
  return { servers, config: { mcpServers } };
}

/** Stops every HTTP fixture (SIGCONT first, in case one is stalled). */
export async function stopServers(servers) {
  await Promise.all(
    Object.values(servers)
      .filter((s) => s.http)
      .map(async (s) => {
        try {
          process.kill(s.http.pid, "SIGCONT");
        } catch {}
        await s.http.stop();
      }),
  );
}
