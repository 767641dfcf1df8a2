// The "*" rule's credential test, beyond the shared vectors (fixtures/env-vectors.json): which
// joined names ending in PASS are secrets and which are words, and which values carry a credential.
import { describe, expect, it } from "vitest";
import { isCredentialName, isCredentialValue } from "../src/env/credential-shaped.js";

describe("credential-shaped names", () => {
  it("should scrub PASSPHRASE and JWT anywhere, and joined names ending in PASS", () => {
    for (const name of [
      "GPG_PASSPHRASE",
      "sshKeyPassphrase",
      "JWT",
      "SUPABASE_JWT",
      "JWTSIGNINGKEY",
      "APP_JWT_ISSUER",
      "DBPASS",
      "PGPASS",
      "SMTP_PASS",
      "MYSQLROOTPASS",
      "adminPass",
    ]) {
      expect(isCredentialName(name), name).toBe(true);
    }
  });

  it("should keep words that end in PASS or start with it", () => {
    for (const name of [
      "PASSAGE_DIR",
      "PASSENGER_APP_ENV",
      "PASSPORT_STRATEGY",
      "COMPASS_HOME",
      "ENCOMPASS",
      "BYPASS_CACHE",
      "NO_PROXY_BYPASS",
      "SURPASS",
      "TRESPASS_LOG",
      "OVERPASS_API",
      "UNDERPASS",
      "MULTIPASS_DRIVER",
      "SINGLEPASS",
      "X264_TWOPASS",
      "PGPASSFILE",
    ]) {
      expect(isCredentialName(name), name).toBe(false);
    }
  });
});

describe("credential-shaped values", () => {
  it("should find passwords and keys assigned in connection strings, flags and queries", () => {
    for (const value of [
      "Server=db;User Id=app;Password=hunter2;",
      "DefaultEndpointsProtocol=https;AccountName=ada;AccountKey=ZmFrZQ==;EndpointSuffix=core.windows.net",
      "Endpoint=sb://ada.servicebus.windows.net/;SharedAccessKeyName=Root;SharedAccessKey=ZmFrZQ==",
      "BlobEndpoint=https://ada.blob.core.windows.net/;SharedAccessSignature=sv=2022&sig=abc",
      "DSN=app;UID=ada;PWD=hunter2",
      "--password=hunter2",
      "https://example.test/login?user=ada&passwd=hunter2",
      "db_password=x",
    ]) {
      expect(isCredentialValue(value), value).toBe(true);
    }
    for (const value of [
      "password=",
      "set password= later",
      "Password=;",
      "xpwd=1",
      "the pwd",
      "passwords",
    ]) {
      expect(isCredentialValue(value), value).toBe(false);
    }
  });

  it("should find webhook URLs and URL passwords holding /, not their documentation pages", () => {
    for (const value of [
      "https://hooks.slack.com/services/T000/B000/XXXX",
      "https://HOOKS.SLACK.COM/workflows/T000/A000/1/xyz",
      "https://discord.com/api/webhooks/123/abc",
      "https://canary.discordapp.com/api/webhooks/123/abc",
      "https://ada.webhook.office.com/webhookb2/abc",
      "https://api.telegram.org/bot123:abc/sendMessage",
      "postgres://app:pa/ss@db/app",
    ]) {
      expect(isCredentialValue(value), value).toBe(true);
    }
    for (const value of [
      "https://api.slack.com/messaging/webhooks",
      "https://discord.com/invite/abc",
      "https://hooks.slack.com/services/",
      "https://social.example.test:8443/@ada",
      "http://proxy.internal:3128/",
    ]) {
      expect(isCredentialValue(value), value).toBe(false);
    }
  });
});
