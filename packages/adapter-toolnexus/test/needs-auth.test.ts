// The toolnexus status of a server with OAuth `auth` that waits for a person: `needs_auth` (only
// such a server can show it; everything else keeps toolnexus's three statuses). Real OAuth fixture.
import { makeTempDir, removeTempDir, sourceLoader, startHttpFixture } from "@toolnexus/fixtures";
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
    // The default file token store, kept out of the user's config dir.
    const dir = makeTempDir("toolnexus-auth-");
    const previous = process.env.TOOLNEXUS_MCP_AUTH_DIR;
    process.env.TOOLNEXUS_MCP_AUTH_DIR = dir;
    cleanups.push(() => {
      if (previous === undefined) delete process.env.TOOLNEXUS_MCP_AUTH_DIR;
      else process.env.TOOLNEXUS_MCP_AUTH_DIR = previous;
      removeTempDir(dir);
    });
    const source = await sources.load(
      { mcp: { o: { type: "remote", url: fixture.url, auth: { type: "oauth" } }, b: local("basic") } },
      { onWarning: () => {} },
    );
    expect(source.status).toEqual({ o: "needs_auth", b: "connected" });
  });
});
