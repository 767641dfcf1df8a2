// listenForRedirect: one request to the callback path on 127.0.0.1, a short page, then closed;
// bounded by its timeout; nothing survives close().
import { describe, expect, it } from "vitest";
import { listenForRedirect } from "../src/auth/loopback-redirect.js";
import { failOnUnhandledRejections } from "./support/harness.js";

failOnUnhandledRejections();

describe("listenForRedirect", () => {
  it("should take one request to the callback path, answer a page and close", async () => {
    const redirect = await listenForRedirect();
    expect(redirect.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/callback$/);
    const origin = new URL(redirect.url).origin;

    expect((await fetch(`${origin}/favicon.ico`)).status).toBe(404); // does not count
    const page = await fetch(
      `${redirect.url}?code=c0de-canary&state=s1&iss=${encodeURIComponent("http://as")}`,
    );
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain("Authorization complete");
    expect(html).not.toContain("c0de-canary");
    await expect(redirect.result).resolves.toEqual({ code: "c0de-canary", state: "s1", iss: "http://as" });
    await expect(fetch(redirect.url)).rejects.toThrow(); // closed
  });

  it("should reject a refused authorization with the OAuth error code only", async () => {
    const redirect = await listenForRedirect({ path: "/cb" });
    expect(redirect.url.endsWith("/cb")).toBe(true);
    const page = await fetch(`${redirect.url}?error=access_denied&error_description=${"x".repeat(50)}`);
    expect(page.status).toBe(400);
    await expect(redirect.result).rejects.toThrow("the authorization was not granted (access_denied)");
    await expect(fetch(redirect.url)).rejects.toThrow();
  });

  it("should give up after timeoutMs and on close(), leaving no listener", async () => {
    const timed = await listenForRedirect({ timeoutMs: 50 });
    await expect(timed.result).rejects.toThrow("no authorization redirect within 50 ms");
    await expect(fetch(timed.url)).rejects.toThrow();

    const closed = await listenForRedirect();
    closed.close();
    closed.close(); // idempotent
    await expect(closed.result).rejects.toThrow("closed");
    await expect(fetch(closed.url)).rejects.toThrow();
  });

  it("should reject when the port is taken", async () => {
    const first = await listenForRedirect();
    const port = Number(new URL(first.url).port);
    await expect(listenForRedirect({ port })).rejects.toThrow(/EADDRINUSE/);
    first.close();
  });
});
