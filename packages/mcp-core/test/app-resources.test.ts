import { describe, expect, it } from "vitest";
import { AppResources, CACHED_BYTES_FACTOR } from "../src/apps/app-resources.js";
import type { McpResourceResult } from "../src/index.js";

// The cache of one server's app resources, on its own (the read is the function it is given; the
// real reads, over a real server, are test/apps.test.ts's).
const MIME = "text/html;profile=mcp-app";

function counting(html: (uri: string) => string) {
  const reads: string[] = [];
  const read = async (uri: string): Promise<McpResourceResult> => {
    reads.push(uri);
    return { isError: false, contents: [{ uri, mimeType: MIME, text: html(uri) }] };
  };
  return { reads, read };
}

describe("AppResources", () => {
  it("keeps what fits its byte bound and reads the rest again", async () => {
    const maxBytes = 1024;
    const { reads, read } = counting(() => "x".repeat(maxBytes));
    const apps = new AppResources("s", maxBytes, read, () => true);
    // Each view holds 2 KiB in memory (UTF-16): the bound keeps CACHED_BYTES_FACTOR / 2 of them.
    const uris = Array.from({ length: CACHED_BYTES_FACTOR }, (_, i) => `ui://s/${i}`);
    for (const uri of uris) await apps.view(uri, undefined);
    for (const uri of uris) await apps.view(uri, undefined);
    const kept = CACHED_BYTES_FACTOR / 2;
    expect(reads.length).toBe(2 * uris.length - kept);
    apps.invalidate();
    await apps.view("ui://s/0", undefined);
    expect(reads.length).toBe(2 * uris.length - kept + 1);
  });

  it("does not keep a held read", async () => {
    const { reads, read } = counting(() => "<p>x</p>");
    const apps = new AppResources("s", 1024, read, () => false);
    expect(await apps.view("ui://s/a", undefined)).toMatchObject({ error: { code: "APP_HELD" } });
    await apps.view("ui://s/a", undefined);
    expect(reads).toStrictEqual(["ui://s/a", "ui://s/a"]);
  });
});
