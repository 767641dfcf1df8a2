// The call loop of a soak: `concurrency` workers each call a random tool of the live tool set with a
// deadline, until stopped. A call still pending 2 × its timeout after it started counts as hung (and
// keeps being awaited, so a late settle is seen but does not undo the verdict).

/** Raw tool names the loop calls, with the arguments each gets; other tools (the chaos loop's
 * control tools, elicitation) are left alone. Tools added by the chaos loop take no arguments. */
const CALLABLE = {
  echo: () => ({ text: `soak ${Math.random().toString(36).slice(2)}` }),
  add: () => ({ a: Math.floor(Math.random() * 100), b: 2 }),
  pid: () => ({}),
  image: () => ({}),
  fail: () => ({ message: "soak failure on purpose" }),
  slow: () => ({ ms: 50 + Math.floor(Math.random() * 400), steps: 3 }),
};
const DYNAMIC_PREFIX = "chaos_";

function argsFor(rawName) {
  if (CALLABLE[rawName]) return CALLABLE[rawName]();
  if (rawName.startsWith(DYNAMIC_PREFIX)) return {};
  return undefined;
}

/** A fresh tally of call outcomes. */
export function newCallStats() {
  return {
    made: 0,
    succeeded: 0,
    failed: 0,
    failedByCode: {},
    hung: 0,
    hungCalls: [],
    threw: 0,
    byServer: {},
  };
}

/**
 * Runs the call loop until `stop()`; `stop()` resolves once every call made has settled or been
 * counted hung and given up on (bounded by 2 × the timeout).
 * @param {import("@toolnexus/mcp-core").McpSource} source
 * @param {{ concurrency: number, timeoutMs: number, pauseMs: number, stats: ReturnType<typeof newCallStats> }} options
 */
export function startCallLoop(source, { concurrency, timeoutMs, pauseMs, stats }) {
  let stopping = false;
  const hangAfterMs = 2 * timeoutMs;

  async function oneCall() {
    const candidates = source.tools.filter((t) => argsFor(t.rawName) !== undefined);
    if (candidates.length === 0) return;
    const tool = candidates[Math.floor(Math.random() * candidates.length)];
    stats.byServer[tool.server] ??= { made: 0, succeeded: 0, failed: 0 };
    const perServer = stats.byServer[tool.server];
    stats.made++;
    perServer.made++;
    const started = Date.now();
    let settled = false;
    const call = tool.execute(argsFor(tool.rawName), { timeoutMs }).then(
      (result) => {
        settled = true;
        if (result.isError) {
          stats.failed++;
          perServer.failed++;
          const code = result.error?.code ?? "NO_CODE";
          stats.failedByCode[code] = (stats.failedByCode[code] ?? 0) + 1;
        } else {
          stats.succeeded++;
          perServer.succeeded++;
        }
      },
      (error) => {
        // execute must resolve, never reject: a rejection is a contract failure, counted apart.
        settled = true;
        stats.threw++;
        stats.failedByCode.THREW = (stats.failedByCode.THREW ?? 0) + 1;
        if (stats.hungCalls.length < 20) stats.hungCalls.push({ tool: tool.name, threw: String(error) });
      },
    );
    let timer;
    const deadline = new Promise((resolve) => {
      timer = setTimeout(resolve, hangAfterMs);
    });
    await Promise.race([call, deadline]);
    clearTimeout(timer);
    if (!settled) {
      stats.hung++;
      if (stats.hungCalls.length < 20) {
        stats.hungCalls.push({ tool: tool.name, startedAt: new Date(started).toISOString(), timeoutMs });
      }
    }
  }

  async function worker() {
    while (!stopping) {
      await oneCall();
      await new Promise((resolve) => setTimeout(resolve, pauseMs));
    }
  }

  const workers = Array.from({ length: concurrency }, () => worker());
  return {
    async stop() {
      stopping = true;
      await Promise.all(workers);
    },
  };
}
