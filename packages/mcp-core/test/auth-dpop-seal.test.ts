// The DPoP key's seal (auth.dpop.sealingKey, SPEC §3.7.3) and the nonce rule (§3.7.5) as vectors:
// a sealed key opens only with its sealing key, in its own entry, for its own issuer and
// thumbprint, unaltered; a nonce is 1 to 512 NQCHAR characters.
import { webcrypto } from "node:crypto";
import { describe, expect, it } from "vitest";
import { dpopNonceProblem, MAX_DPOP_NONCE_LENGTH } from "../src/auth/dpop-nonce.js";
import { sealingKeyOf, sealPrivateJwk, unsealPrivateJwk } from "../src/auth/dpop-seal.js";

const context = { entry: "https://mcp.example/mcp svc", issuer: "https://as.example", jkt: "thumb" };

async function sealedKey() {
  const pair = (await webcrypto.subtle.generateKey({ name: "ECDSA", namedCurve: "P-256" }, true, [
    "sign",
    "verify",
  ])) as webcrypto.CryptoKeyPair;
  const jwk = await webcrypto.subtle.exportKey("jwk", pair.privateKey);
  const key = await sealingKeyOf("a-fleet-secret-of-at-least-32-characters");
  return { jwk, key, blob: await sealPrivateJwk(key, jwk, context) };
}

describe("the DPoP key's seal", () => {
  it("should open with its sealing key and context, the private key nowhere in clear", async () => {
    const { jwk, key, blob } = await sealedKey();
    expect(blob).toMatch(/^v1\.[\w-]+\.[\w-]+$/);
    expect(blob).not.toContain(jwk.d ?? "?");
    expect((await unsealPrivateJwk(key, blob, context))?.d).toBe(jwk.d);
  });

  it("should not open with another sealing key, in another entry, for another issuer or key, or altered", async () => {
    const { key, blob } = await sealedKey();
    const other = await sealingKeyOf("another-fleet-secret-of-32-characters!!");
    expect(await unsealPrivateJwk(other, blob, context)).toBeUndefined();
    expect(
      await unsealPrivateJwk(key, blob, { ...context, entry: "https://evil.example/mcp svc" }),
    ).toBeUndefined();
    expect(await unsealPrivateJwk(key, blob, { ...context, issuer: "https://evil.example" })).toBeUndefined();
    expect(await unsealPrivateJwk(key, blob, { ...context, jkt: "other" })).toBeUndefined();
    const [version, iv, sealed = ""] = blob.split(".");
    // The second-to-last character replaced by another (its 6 bits are all data, whatever the
    // length): it must differ from the one it replaces, which is "A" one run in 64.
    const replaced = sealed.at(-2) === "A" ? "B" : "A";
    const flipped = `${sealed.slice(0, -2)}${replaced}${sealed.slice(-1)}`;
    expect(await unsealPrivateJwk(key, `${version}.${iv}.${flipped}`, context)).toBeUndefined();
    expect(await unsealPrivateJwk(key, `v2.${iv}.${sealed}`, context)).toBeUndefined();
    expect(await unsealPrivateJwk(key, "v1..", context)).toBeUndefined();
  });
});

describe("a server's DPoP nonce", () => {
  it.each([
    ["a", undefined],
    ["eyJ7S_zG.eyJH0-Z.HX4w-7v", undefined],
    ["!#[]~", undefined],
    ["n".repeat(MAX_DPOP_NONCE_LENGTH), undefined],
    ["n".repeat(MAX_DPOP_NONCE_LENGTH + 1), "longer than 512 characters"],
    ["", "not made of RFC 9449 NQCHAR characters"],
    ["a b", "not made of RFC 9449 NQCHAR characters"],
    ['a"b', "not made of RFC 9449 NQCHAR characters"],
    ["a\\b", "not made of RFC 9449 NQCHAR characters"],
    ["a\tb", "not made of RFC 9449 NQCHAR characters"],
    ["a\u0000b", "not made of RFC 9449 NQCHAR characters"],
    ["a\u007fb", "not made of RFC 9449 NQCHAR characters"],
    ["aéb", "not made of RFC 9449 NQCHAR characters"],
  ])("%j → %s", (nonce, problem) => {
    expect(dpopNonceProblem(nonce)).toBe(problem);
  });
});
