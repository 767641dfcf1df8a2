// Secret-shaped values (SPEC §11.4.5): issuers' key prefixes, JWTs and PEM private keys, found by a
// forward scan. The shapes and their look-alikes, the spans redaction replaces, and hostile
// megabyte inputs that a backtracking or rescanning finder would take minutes on (the test's own
// timeout is the bound: no timing is asserted).
import { describe, expect, it } from "vitest";
import { hasSecretToken, secretTokenSpans } from "../src/env/secret-token.js";
import { redactSecretTokens } from "../src/redact/secret-tokens.js";

// Built from parts so that no scanner takes the fixtures for real keys.
const key = (...parts: string[]) => parts.join("");
const BODY = "FAKEfake0000FAKEfake0000FAKEfake0000FAKE";

describe("secret-shaped values", () => {
  it.each([
    ["Stripe", key("sk_live_", BODY)],
    ["Stripe restricted", key("rk_test_", BODY)],
    ["OpenAI", key("sk-proj-", BODY)],
    ["Anthropic", key("sk-ant-api03-", BODY)],
    ["GitHub", key("ghp_", BODY)],
    ["GitHub fine-grained", key("github_pat_11", BODY)],
    ["GitLab", key("glpat-", BODY)],
    ["Slack", key("xoxb-", "0000000000-", BODY)],
    ["AWS key id", key("AKIA", "IOSFODNN7EXAMPLE")],
    ["Google", key("AIza", BODY)],
    ["npm", key("npm_", BODY)],
    ["Hugging Face", key("hf_", BODY)],
    ["JWT", key("eyJhbGciOiJIUzI1NiJ9", ".", "eyJzdWIiOiJhZGEifQ", ".", "sig")],
    ["PEM", key("-----BEGIN EC PRIVATE KEY-----\n", BODY, "\n-----END EC PRIVATE KEY-----")],
  ])("should find a %s value, alone and inside text", (_name, value) => {
    expect(hasSecretToken(value)).toBe(true);
    expect(redactSecretTokens(`key=${value} rest`)).toBe("key=[REDACTED] rest");
  });

  it.each([
    "task-runner-0123456789abcdefghijklmnop",
    "sk-etch",
    "ghp_short",
    "AKIAshort",
    "xAKIAIOSFODNN7EXAMPLE",
    "AKIAIOSFODNN7EXAMPLEX",
    "see eyJ in the docs",
    "eyJhbGciOiJIUzI1NiJ9 alone",
    "-----BEGIN CERTIFICATE-----\nMIIB\n-----END CERTIFICATE-----",
    "https://ghp.example.com/sk-",
  ])("should keep the look-alike %j", (value) => {
    expect(hasSecretToken(value)).toBe(false);
    expect(redactSecretTokens(value)).toBe(value);
  });

  it("should cover a PEM key through its END line, or through the end of a text that has none", () => {
    const pem = key("-----BEGIN RSA PRIVATE KEY-----\nMIIE\n", "-----END RSA PRIVATE KEY-----");
    expect(redactSecretTokens(`a ${pem} b`)).toBe("a [REDACTED] b");
    expect(redactSecretTokens("a -----BEGIN PRIVATE KEY-----\nMIIE cut")).toBe("a [REDACTED]");
  });

  it("should merge overlapping spans into one", () => {
    expect(secretTokenSpans(key("sk-", BODY, "ghp_", BODY))).toEqual([[0, 3 + BODY.length * 2 + 4]]);
  });

  it("should scan hostile megabyte inputs in one pass", () => {
    const n = 1_000_000;
    const hostile = [
      "sk-".repeat(n / 3),
      "eyJ.".repeat(n / 4),
      `eyJ${"a".repeat(n)}.eyJ${"b".repeat(n)}`,
      "-----BEGIN PRIVATE KEY-----".repeat(n / 27),
      `-----BEGIN ${"x".repeat(n)}`,
      `${"-----BEGIN PRIVATE KEY-----".repeat(1000)}-----END ${"y".repeat(n)}`,
      "AKIA".repeat(n / 4),
      "a".repeat(n),
    ];
    for (const text of hostile) {
      expect(typeof hasSecretToken(text)).toBe("boolean");
      expect(typeof redactSecretTokens(text)).toBe("string");
    }
  });
});
