// Another local user races the browser to the loopback redirect listener (its port is easy to
// find): a callback with a wrong or missing state must neither end the authorization nor reach the
// code exchange (where its code would be redeemed with the pending PKCE verifier).
import { waitFor } from "@toolnexus/fixtures";
import { describe, expect, it } from "vitest";
import { listenForRedirect } from "../src/auth/loopback-redirect.js";
import { failOnUnhandledRejections, httpFixture, tempLogFile, useSources } from "./support/harness.js";
import { approve, events, MemoryTokenStore } from "./support/oauth-harness.js";

failOnUnhandledRejections();

const sources = useSources({ toolCache: null, autoRestart: { enabled: false } });

describe("the loopback redirect listener against a racing local user", () => {
  it("should answer forged callbacks 400 and complete with the real redirect, one token request in all", async () => {
    const log = tempLogFile("oauth.log");
    // Tokens outlive the test: no refresh request joins the one token request.
    const fixture = await httpFixture("oauth", ["--log", log, "--token-ttl-ms", "600000"]);
    const warnings: string[] = [];
    const source = await sources.load(
      { mcpServers: { o: { url: fixture.url, auth: { type: "oauth" } } } },
      { tokenStore: new MemoryTokenStore(), onWarning: (w) => warnings.push(w) },
    );
    expect(source.state("o")).toBe("needs-auth");
    const authorizationUrl = source.servers()[0]?.authorizationUrl;
    const redirect = await approve(authorizationUrl ? new URL(authorizationUrl) : undefined);
    const callback = `${redirect.origin}${redirect.pathname}`;

    // The racer gets there first: no state, a wrong state, a forged denial.
    for (const query of ["code=forged", "code=forged&state=wrong", "error=access_denied&state=wrong"]) {
      const page = await fetch(`${callback}?${query}`);
      expect(page.status, query).toBe(400);
      expect(await page.text()).not.toContain("forged");
    }
    expect(source.state("o")).toBe("needs-auth");

    // The person's browser arrives with the real redirect.
    const page = await fetch(redirect);
    expect(page.status).toBe(200);
    await waitFor(() => source.state("o") === "running", { message: "the authorization to complete" });
    expect(events(log, "token")).toMatchObject([{ grant: "authorization_code", outcome: "ok" }]);
    expect(warnings.join("\n")).not.toMatch(/state|not granted/);
  });
});

describe("listenForRedirect with expectedState", () => {
  it("should end on a denial that carries the pending state", async () => {
    const redirect = await listenForRedirect({ expectedState: () => "s1" });
    expect((await fetch(`${redirect.url}?error=access_denied&state=s2`)).status).toBe(400);
    expect((await fetch(`${redirect.url}?error=access_denied&state=s1`)).status).toBe(400);
    await expect(redirect.result).rejects.toThrow("the authorization was not granted (access_denied)");
    await expect(fetch(redirect.url)).rejects.toThrow(); // closed
  });

  it("should give up after maxRejectedCallbacks forged callbacks, leaving no listener", async () => {
    const redirect = await listenForRedirect({ expectedState: () => "s1", maxRejectedCallbacks: 3 });
    for (let i = 0; i < 3; i++) expect((await fetch(`${redirect.url}?code=c&state=x${i}`)).status).toBe(400);
    await expect(redirect.result).rejects.toThrow("3 redirects with a wrong or missing state");
    await expect(fetch(redirect.url)).rejects.toThrow();
  });

  it("should refuse every callback while no authorization is pending", async () => {
    const redirect = await listenForRedirect({ expectedState: () => undefined });
    expect((await fetch(`${redirect.url}?code=c`)).status).toBe(400);
    expect((await fetch(`${redirect.url}?code=c&state=`)).status).toBe(400);
    redirect.close();
    await expect(redirect.result).rejects.toThrow("closed");
  });
});
