// The toolnexus status of a server with OAuth `auth` that waits for a person: `needs_auth` (only
// such a server can show it; everything else keeps toolnexus's three statuses). Real OAuth fixture.

import { readdirSync } from "node:fs";
import { makeTempDir, removeTempDir, sourceLoader, startHttpFixture } from "@toolnexus/fixtures";
import { fileTokenStore } from "@toolnexus/mcp-core/stores";
import { afterEach, describe, expect, it } from "vitest";
import { loadMcp } from "../src/index.js";
import { local } from "./helpers.js";

describe("needs_auth", () => {
  const sources = sourceLoader(loadMcp);
  const cleanups: (() => Promise<void> | void)[] = [];

  afterEach(async () => {
    await sources.closeAll();
    for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
  });

  it("should report needs_auth for an OAuth server waiting for a person, connected for the rest", async () => {
    const fixture = await startHttpFixture("oauth");
    cleanups.push(() => fixture.stop());
    // A file token store of its own (the core's option, passed through), kept out of the user's config dir.
    const dir = makeTempDir("toolnexus-auth-");
    cleanups.push(() => removeTempDir(dir));
    const source = await sources.load(
      { mcp: { o: { type: "remote", url: fixture.url, auth: { type: "oauth" } }, b: local("basic") } },
      { onWarning: () => {}, tokenStore: fileTokenStore(dir) },
    );
    expect(source.status).toEqual({ o: "needs_auth", b: "connected" });
    // The dynamic registration went to the store given here, not the default one.
    expect(readdirSync(dir).filter((f) => f.endsWith(".json"))).toHaveLength(1);
  });
});
