// `source.authorize(server, redirect)` against the real OAuth fixture: a redirect without the
// pending request's `state` is refused as a wrong one is (AUTH_FAILED), in every form the callback
// takes, before its code reaches the token endpoint; the real redirect still completes afterwards.
import { describe, expect, it } from "vitest";
import { isMcpCoreError } from "../src/errors.js";
import { failOnUnhandledRejections, useSources } from "./support/harness.js";
import { approve, desktopAppFixture, events, MemoryTokenStore } from "./support/oauth-harness.js";

failOnUnhandledRejections();

const sources = useSources({ toolCache: null, autoRestart: { enabled: false } });
// Never listened on: the test reads the 302 and hands its Location to authorize().
const CONFIGURED_REDIRECT = "http://127.0.0.1:9/callback";

describe("source.authorize without the pending request's state", () => {
  it("should refuse a redirect with no state as it refuses a wrong one, redeeming nothing", async () => {
    // Tokens outlive the test: no refresh request joins the one token request.
    const { log, fixture } = await desktopAppFixture(600_000);
    const source = await sources.load(
      {
        mcpServers: {
          o: {
            url: fixture.url,
            auth: { type: "oauth", clientId: "desktop-app", redirectUrl: CONFIGURED_REDIRECT },
          },
        },
      },
      { tokenStore: new MemoryTokenStore() },
    );
    expect(source.state("o")).toBe("needs-auth");
    const authorizationUrl = source.servers()[0]?.authorizationUrl;
    const redirect = await approve(authorizationUrl ? new URL(authorizationUrl) : undefined);
    const code = redirect.searchParams.get("code") ?? "";
    const stateless = new URL(redirect);
    stateless.searchParams.delete("state");
    const wrong = new URL(redirect);
    wrong.searchParams.set("state", "not-the-state");

    const refusal = (input: Parameters<typeof source.authorize>[1]) =>
      source.authorize("o", input).then(
        () => undefined,
        (error: unknown) => error,
      );
    const wrongError = await refusal(wrong);
    expect(isMcpCoreError(wrongError) && wrongError.code).toBe("AUTH_FAILED");
    for (const input of [stateless, stateless.href, stateless.search, { code }, code, { code, state: "" }]) {
      const error = await refusal(input);
      expect(isMcpCoreError(error) && error.code, JSON.stringify(String(input))).toBe("AUTH_FAILED");
      expect(String(error)).toContain("state");
      expect(String(error)).not.toContain(code);
    }
    expect(source.state("o")).toBe("needs-auth");
    expect(events(log, "token")).toEqual([]); // the code was never sent

    await source.authorize("o", redirect);
    expect(source.state("o")).toBe("running");
    expect(events(log, "token")).toMatchObject([{ grant: "authorization_code", outcome: "ok" }]);
  });
});
