/**
 * The CLI suite's global setup: bundles the built CLI (`dist/bin.js`, the core and every dependency)
 * into one file in a temporary folder, which `runCli` and `startCli` start instead of the bin. The
 * suite starts the CLI a few hundred times on two cores, and a process that loads the bundle spends
 * about 0.35 s of CPU where the bin's few hundred modules cost about 0.6 (`tools` against the basic
 * fixture, measured here): ~40 % of the suite's CPU. The code is the same build; what the bundle
 * does not cover — the bin itself and what a user installs — `bin-shim.test.ts` and
 * `terminal.test.ts` (they start the bin), `npm run test:pack` and CI's consumers step check. The
 * bundle is one file run through V8's code cache (`@toolnexus/fixtures/write-bundle`): a start then
 * skips compiling its 2 MB.
 * `TOOLNEXUS_CLI_TEST_BIN=1` runs the whole suite on the bin instead.
 * @module
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { writeBundle } from "@toolnexus/fixtures/write-bundle";
import { rolldown } from "rolldown";
import type { TestProject } from "vitest/node";

declare module "vitest" {
  export interface ProvidedContext {
    /** The script the CLI's tests start: the bundle, or the bin when none was made. */
    cliScript: string | undefined;
  }
}

const BUILT = fileURLToPath(new URL("../../dist/bin.js", import.meta.url));

export default async function setup(project: TestProject): Promise<() => void> {
  if (process.env.TOOLNEXUS_CLI_TEST_BIN === "1") {
    project.provide("cliScript", undefined);
    return () => {};
  }
  const dir = mkdtempSync(join(tmpdir(), "toolnexus-cli-bundle-"));
  const script = join(dir, "bin.mjs");
  const bundle = await rolldown({ input: BUILT, platform: "node", logLevel: "silent" });
  try {
    const [chunk] = (await bundle.generate({ format: "esm", codeSplitting: false })).output;
    writeBundle(script, chunk.code, chunk.exports);
  } finally {
    await bundle.close();
  }
  project.provide("cliScript", script);
  return () => rmSync(dir, { recursive: true, force: true });
}
