// A DPoP proof (RFC 9449) checked as an adversarial server checks it: the signature (ES256, the
// public JWK in its header), typ, htm, htu, iat and jti; the key's RFC 7638 thumbprint.
import { createHash, webcrypto } from "node:crypto";

export const b64 = (bytes: Buffer | Uint8Array) => Buffer.from(bytes).toString("base64url");
const json = (part: string) =>
  JSON.parse(Buffer.from(part, "base64url").toString("utf8")) as Record<string, unknown>;

/** RFC 7638 thumbprint of an EC public JWK. */
export function thumbprint(jwk: Record<string, unknown>): string {
  const canonical = JSON.stringify({ crv: jwk.crv, kty: jwk.kty, x: jwk.x, y: jwk.y });
  return b64(createHash("sha256").update(canonical).digest());
}

/** What a proof carried, once verified. */
export interface CheckedProof {
  jkt: string;
  jti: string;
  nonce: string | undefined;
  ath: string | undefined;
}

/** Verifies a DPoP proof for `method` `url`; the error says which check failed. */
export async function verifyProof(
  proof: string | undefined,
  method: string,
  url: string,
): Promise<CheckedProof> {
  if (!proof || proof.includes(",")) throw new Error("no single DPoP proof");
  const [head = "", body = "", signature = ""] = proof.split(".");
  const header = json(head);
  const claims = json(body);
  if (header.typ !== "dpop+jwt" || header.alg !== "ES256") throw new Error("typ or alg");
  const jwk = header.jwk as Record<string, unknown> | undefined;
  if (!jwk || "d" in jwk) throw new Error("jwk missing or private");
  const key = await webcrypto.subtle.importKey(
    "jwk",
    jwk as webcrypto.JsonWebKey,
    { name: "ECDSA", namedCurve: "P-256" },
    false,
    ["verify"],
  );
  const valid = await webcrypto.subtle.verify(
    { name: "ECDSA", hash: "SHA-256" },
    key,
    Buffer.from(signature, "base64url"),
    Buffer.from(`${head}.${body}`),
  );
  if (!valid) throw new Error("signature");
  if (claims.htm !== method) throw new Error("htm");
  const target = new URL(url);
  if (claims.htu !== `${target.origin}${target.pathname}`) throw new Error("htu");
  if (typeof claims.iat !== "number" || Math.abs(Date.now() / 1000 - claims.iat) > 60) throw new Error("iat");
  if (typeof claims.jti !== "string" || claims.jti.length < 16) throw new Error("jti");
  return {
    jkt: thumbprint(jwk),
    jti: claims.jti,
    nonce: typeof claims.nonce === "string" ? claims.nonce : undefined,
    ath: typeof claims.ath === "string" ? claims.ath : undefined,
  };
}
