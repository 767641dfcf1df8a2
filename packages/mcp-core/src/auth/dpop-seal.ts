/**
 * A DPoP private key sealed for the token store (`auth.dpop.sealingKey`), so that the processes of a
 * fleet present one DPoP-bound token instead of each binding its own. AES-256-GCM under a key
 * derived from the configured secret (HKDF-SHA256), the additional data binding the blob to its
 * store entry, issuer and key thumbprint: a blob copied to another entry, issuer or token does not
 * open. Without a sealing key nothing of the key is exported (SPEC §3.7.3).
 * @module
 */
import { webcrypto } from "node:crypto";

const { subtle } = webcrypto;

/** The shortest sealing key taken: a random secret the fleet shares, not a password. */
export const MIN_SEALING_KEY_LENGTH = 32;

const VERSION = "v1";
const b64 = (bytes: ArrayBuffer | Uint8Array) => Buffer.from(new Uint8Array(bytes)).toString("base64url");

/** The AES-GCM key derived from the configured secret. */
export async function sealingKeyOf(secret: string): Promise<webcrypto.CryptoKey> {
  const material = await subtle.importKey("raw", new TextEncoder().encode(secret), "HKDF", false, [
    "deriveKey",
  ]);
  return subtle.deriveKey(
    {
      name: "HKDF",
      hash: "SHA-256",
      salt: new TextEncoder().encode("toolnexus-mcp dpop"),
      info: new TextEncoder().encode("dpop key seal v1"),
    },
    material,
    { name: "AES-GCM", length: 256 },
    false,
    ["encrypt", "decrypt"],
  );
}

/** What a sealed key is bound to: its store entry, its issuer and its thumbprint. */
export interface SealContext {
  entry: string;
  issuer: string;
  jkt: string;
}

const additionalData = (context: SealContext) =>
  new TextEncoder().encode(JSON.stringify(["dpop-key", VERSION, context.entry, context.issuer, context.jkt]));

/** `v1.<iv>.<ciphertext>` of the private JWK. */
export async function sealPrivateJwk(
  key: webcrypto.CryptoKey,
  jwk: webcrypto.JsonWebKey,
  context: SealContext,
): Promise<string> {
  const iv = webcrypto.getRandomValues(new Uint8Array(12));
  const sealed = await subtle.encrypt(
    { name: "AES-GCM", iv, additionalData: additionalData(context) },
    key,
    new TextEncoder().encode(JSON.stringify(jwk)),
  );
  return `${VERSION}.${b64(iv)}.${b64(sealed)}`;
}

/** The private JWK, or undefined when the blob does not open (another key, another context, altered). */
export async function unsealPrivateJwk(
  key: webcrypto.CryptoKey,
  blob: string,
  context: SealContext,
): Promise<webcrypto.JsonWebKey | undefined> {
  const [version, iv, sealed] = blob.split(".");
  if (version !== VERSION || !iv || !sealed || blob.length > 4096) return undefined;
  try {
    const opened = await subtle.decrypt(
      { name: "AES-GCM", iv: Buffer.from(iv, "base64url"), additionalData: additionalData(context) },
      key,
      Buffer.from(sealed, "base64url"),
    );
    const jwk = JSON.parse(new TextDecoder().decode(opened)) as webcrypto.JsonWebKey;
    return jwk.kty === "EC" && jwk.crv === "P-256" && typeof jwk.d === "string" ? jwk : undefined;
  } catch {
    return undefined;
  }
}
