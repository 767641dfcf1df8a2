// The era matrix, scoped env (stdio only: an HTTP server's env is not ours): the child sees only the
// safe base plus its explicit env, and no secret value reaches a snapshot or an error, against a
// legacy-only, a dual-era and a modern-only fixture (support/era-matrix.ts). Real processes. Each
// fixture also prints its whole env to stderr (`--env-to-stderr`), as a careless server would.
import { waitFor } from "@toolnexus/fixtures";
import { describe, expect, it } from "vitest";
import type { McpSource, StateInfo } from "../src/index.js";
import { ERA_FIXTURES, SERVER, stateOf, stdioEntry } from "./support/era-matrix.js";
import { callOk, failOnUnhandledRejections, tempLogFile, useSources } from "./support/harness.js";

failOnUnhandledRejections();

const EXPLICIT_SECRET = "era-matrix-explicit-7d2e";
const PARENT_SECRET = "era-matrix-parent-4b9a";
const parentEnv = {
  PATH: process.env.PATH,
  HOME: "/home/tester",
  LANG: "C.UTF-8",
  SECRET_TOKEN: PARENT_SECRET,
};

const sources = useSources({ toolCache: null, env: parentEnv, autoRestart: { enabled: false } });

/** Names the OS or Node add to every process, whatever env it was given. */
const childNames = (env: Record<string, string>) =>
  Object.keys(env)
    .filter((n) => n !== "PWD" && n !== "SHLVL" && n !== "_")
    .sort();

/** Every text an error carries: message, stack, stderr tail, and the same for its causes. */
function errorTexts(error: unknown, depth = 0): string[] {
  if (!(error instanceof Error) || depth > 5) return error === undefined ? [] : [String(error)];
  const tail = (error as { stderrTail?: string }).stderrTail;
  return [error.message, error.stack ?? "", tail ?? "", ...errorTexts(error.cause, depth + 1)];
}

function expectNoSecret(texts: string[]): void {
  const all = texts.join("\n");
  expect(all).not.toContain(EXPLICIT_SECRET);
  expect(all).not.toContain(PARENT_SECRET);
}

describe.each(ERA_FIXTURES)("scoped env: $era over stdio", (row) => {
  const entry = (extra: string[] = [], fields: object = {}) => ({
    ...stdioEntry(row, tempLogFile(`${row.fixture}.log`), ["--env-to-stderr", ...extra]),
    inheritEnv: [],
    env: { MODE: "matrix", API_TOKEN: EXPLICIT_SECRET },
    ...fields,
  });

  it("should give the child only the safe base and its explicit env, and keep values out of the snapshot", async () => {
    const source = await sources.load({ mcpServers: { [SERVER]: entry() } });
    expect(source.state(SERVER), stateOf(source)).toBe("running");
    const env = JSON.parse(await callOk(source, "env", {})) as Record<string, string>;
    expect(childNames(env)).toEqual(["API_TOKEN", "HOME", "LANG", "MODE", "PATH"]);
    expect(env.API_TOKEN).toBe(EXPLICIT_SECRET);
    expect(env.SECRET_TOKEN).toBeUndefined();

    // The child printed API_TOKEN's value on stderr: the snapshot's tail has it redacted.
    await waitFor(() => source.servers()[0]?.stderrTail?.includes("API_TOKEN="), {
      timeoutMs: 5_000,
      message: "the env dump in the stderr tail",
    });
    expect(source.servers()[0]?.stderrTail).toContain("API_TOKEN=[REDACTED]");
    expectNoSecret([JSON.stringify(source.servers()), ...source.warnings]);
  });

  it("should keep secret values out of a failed start's errors, events and snapshot", async () => {
    // The server never answers its opening in time: the start fails with the stderr tail attached.
    // The timeout leaves a loaded machine time to start node and print the env dump first.
    const source = await sources.load(
      { mcpServers: { [SERVER]: entry(["--init-delay-ms", "20000"], { timeout: 1_000 }) } },
      { failOnStartupError: false },
    );
    expect(source.state(SERVER)).toBe("error");
    const infos: StateInfo[] = [];
    source.onStateChange((_server, _state, info) => infos.push(info));
    const startError = await rejectionOfStart(source);
    expect(startError).toBeInstanceOf(Error);
    const texts = [
      JSON.stringify(source.servers()),
      ...source.warnings,
      ...errorTexts(startError),
      ...infos.flatMap((info) => errorTexts(info.error)),
    ];
    expect(texts.join("\n")).toContain("API_TOKEN=[REDACTED]");
    expectNoSecret(texts);
  });
});

function rejectionOfStart(source: McpSource): Promise<unknown> {
  return source.start(SERVER).then(
    () => undefined,
    (error: unknown) => error,
  );
}
