// OAuth over time, against the real OAuth fixture with 2-second access tokens and rotating refresh
// tokens that reject reuse: two real processes sharing one file token store for 30 seconds never
// spend a refresh token twice. Long by nature, so it runs apart (`npm run test:soak`, called by CI
// after `npm test`), beside oauth-long-run.test.ts. It measures nothing, it counts failures.
import { type ChildProcess, spawn } from "node:child_process";
import { fileURLToPath, pathToFileURL } from "node:url";
import { readLog } from "@toolnexus/fixtures";
import { describe, expect, it, onTestFinished } from "vitest";
import { fileTokenStore } from "../src/stores.js";
import {
  failOnUnhandledRejections,
  httpFixture,
  tempDir,
  tempLogFile,
  useSources,
} from "../test/support/harness.js";
import { approve } from "../test/support/oauth-harness.js";

failOnUnhandledRejections();

const sources = useSources({ toolCache: null, autoRestart: { enabled: false } });

/** Refresh outcomes the fixture logged other than a clean rotation (reuse, revocation…). */
const badRefreshes = (log: string) =>
  readLog(log)
    .filter((e) => e.event === "refresh" && e.outcome !== "ok")
    .map((e) => String(e.outcome));

const CORE = pathToFileURL(fileURLToPath(new URL("../dist/index.js", import.meta.url))).href;
const STORES = pathToFileURL(fileURLToPath(new URL("../dist/stores.js", import.meta.url))).href;

/** One host process: loads the server from the shared file store and calls every 100 ms for `ms`. */
const HOST = `
  const { loadMcp } = await import(${JSON.stringify(CORE)});
  const { fileTokenStore } = await import(${JSON.stringify(STORES)});
  const { url, dir, ms } = JSON.parse(process.argv[1]);
  const sleep = (t) => new Promise((resolve) => setTimeout(resolve, t));
  const source = await loadMcp(
    { mcpServers: { o: { url, auth: { type: "oauth", clientId: "app" } } } },
    { tokenStore: fileTokenStore(dir), refreshSkewMs: 500, toolCache: null, autoRestart: { enabled: false }, onWarning: () => {} },
  );
  let calls = 0, failed = 0;
  const echo = source.tools.find((tool) => tool.rawName === "echo");
  const until = Date.now() + ms;
  while (echo && Date.now() < until) {
    const result = await echo.execute({ text: "x" });
    calls++;
    if (result.isError) failed++;
    await sleep(100);
  }
  process.stdout.write(JSON.stringify({ state: source.state("o"), calls, failed }) + "\\n");
  await source.close();
`;

function host(
  url: string,
  dir: string,
  ms: number,
): Promise<{ state: string; calls: number; failed: number }> {
  const child: ChildProcess = spawn(
    process.execPath,
    ["--input-type=module", "-e", HOST, JSON.stringify({ url, dir, ms })],
    {
      stdio: ["ignore", "pipe", "pipe"],
    },
  );
  onTestFinished(() => {
    if (child.exitCode === null) child.kill("SIGKILL");
  });
  let out = "";
  let err = "";
  child.stdout?.on("data", (chunk) => {
    out += chunk;
  });
  child.stderr?.on("data", (chunk) => {
    err += chunk;
  });
  return new Promise((resolve, reject) => {
    child.once("exit", (code) => {
      if (code !== 0) reject(new Error(`host exited ${code}: ${err.slice(0, 500)}`));
      else resolve(JSON.parse(out.trim()));
    });
  });
}

describe("two processes sharing one file token store", () => {
  it("should refresh concurrently for 30 s with no refresh token spent twice and no failed call", async () => {
    const log = tempLogFile("oauth-two-hosts.log");
    const fixture = await httpFixture("oauth", ["--log", log, "--client", "app", "--token-ttl-ms", "2000"]);
    const dir = tempDir();
    // A person authorizes once; the tokens land in the shared store.
    const first = await sources.load(
      { mcpServers: { o: { url: fixture.url, auth: { type: "oauth", clientId: "app" } } } },
      { tokenStore: fileTokenStore(dir), onWarning: () => {} },
    );
    await first.authorize("o", await approve(new URL(first.servers()[0]?.authorizationUrl ?? "")));
    await first.close();

    const [a, b] = await Promise.all([host(fixture.url, dir, 30_000), host(fixture.url, dir, 30_000)]);
    for (const run of [a, b]) {
      expect(run.state).toBe("running");
      expect(run.calls).toBeGreaterThan(100);
      expect(run.failed).toBe(0);
    }
    expect(badRefreshes(log)).toEqual([]);
    expect(readLog(log).filter((e) => e.event === "refresh").length).toBeGreaterThan(5);
  }, 60_000);
});
