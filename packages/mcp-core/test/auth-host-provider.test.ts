// `auth: { type: "provider" }`: the host's own OAuthClientProvider is used as it is; ServerAuth only
// remembers where it sent the person and completes the code exchange through the SDK's auth().
import {
  ClientCredentialsProvider,
  type OAuthClientMetadata,
  type OAuthClientProvider,
  type OAuthDiscoveryState,
  type StoredOAuthClientInformation,
  type StoredOAuthTokens,
  UnauthorizedError,
} from "@modelcontextprotocol/client";
import { describe, expect, it } from "vitest";
import { failOnUnhandledRejections, httpFixture } from "./support/harness.js";
import { approve, connectWith, testAuth, whoami } from "./support/oauth-harness.js";

failOnUnhandledRejections();

const REDIRECT = "http://127.0.0.1:9/callback";

/** A host's minimal interactive provider for a pre-registered public client, all in memory. */
class HostProvider implements OAuthClientProvider {
  stored: StoredOAuthTokens | undefined;
  verifier = "";
  discovery: OAuthDiscoveryState | undefined;
  redirectedTo: URL | undefined;
  readonly redirectUrl = REDIRECT;
  readonly clientMetadata: OAuthClientMetadata = {
    redirect_uris: [REDIRECT],
    token_endpoint_auth_method: "none",
  };
  clientInformation(): StoredOAuthClientInformation {
    return { client_id: "host-app" };
  }
  tokens() {
    return this.stored;
  }
  saveTokens(tokens: StoredOAuthTokens) {
    this.stored = tokens;
  }
  redirectToAuthorization(url: URL) {
    this.redirectedTo = url;
  }
  saveCodeVerifier(verifier: string) {
    this.verifier = verifier;
  }
  codeVerifier() {
    return this.verifier;
  }
  saveDiscoveryState(state: OAuthDiscoveryState) {
    this.discovery = state;
  }
  discoveryState() {
    return this.discovery;
  }
}

describe("createServerAuth: the host's own provider", () => {
  it("should pass the host's provider through, remember the authorization URL and finish with it", async () => {
    const fixture = await httpFixture("oauth", ["--client", "host-app"]);
    const host = new HostProvider();
    const { auth } = testAuth(fixture.url, { type: "provider", provider: host });

    await expect(connectWith(fixture.url, auth)).rejects.toBeInstanceOf(UnauthorizedError);
    expect(auth.authorizationUrl()).toBeDefined();
    expect(host.redirectedTo).toEqual(auth.authorizationUrl()); // the host saw it too
    await auth.finish(await approve(auth.authorizationUrl()));
    expect(auth.authorizationUrl()).toBeUndefined();
    expect(host.stored?.access_token).toBeDefined();
    expect(await whoami(await connectWith(fixture.url, auth))).toMatchObject({ clientId: "host-app" });
  });

  it("should work with the SDK's ClientCredentialsProvider given as the host's provider", async () => {
    const fixture = await httpFixture("oauth", ["--client", "svc:canary-host-secret-19"]);
    const provider = new ClientCredentialsProvider({
      clientId: "svc",
      clientSecret: "canary-host-secret-19",
      expectedIssuer: new URL(fixture.url).origin,
    });
    const { auth } = testAuth(fixture.url, { type: "provider", provider });
    await auth.ready();
    expect(await whoami(await connectWith(fixture.url, auth))).toMatchObject({
      clientId: "svc",
      subject: "svc",
    });
    expect(auth.authorizationUrl()).toBeUndefined();
  });
});
