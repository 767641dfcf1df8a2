/**
 * DPoP (RFC 9449, SEP-1932) for one remote server: whether its tokens are sender-constrained, the
 * signing key per authorization server, and the rules around a token response. The proofs, the
 * `DPoP` scheme, the `ath` claim and the nonce retries (token endpoint: 400 `use_dpop_nonce`;
 * resource: 401 `WWW-Authenticate: DPoP error="use_dpop_nonce"`) are the SDK's (`DpopSession`,
 * `withDpopFromProvider`, `executeTokenRequest`), driven by the provider's `dpop()`; what is added
 * here is what the SDK leaves to its caller:
 * - when: `auth.dpop` absent → when the authorization server advertises ES256 in
 *   `dpop_signing_alg_values_supported`; `{}` → always, and a Bearer answer is refused;
 *   `{ enabled: false }` → never;
 * - one ES256 key per (server, issuer) from WebCrypto, non-extractable: it never leaves the process,
 *   so a token another process (or an earlier run) had bound to its own key is not presented here;
 * - the tokens are stamped with the thumbprint of the key they are bound to (`dpop_jkt`);
 * - no silent downgrade: a Bearer answer to a request that asked for a DPoP-bound token is refused
 *   when DPoP was asked for by config or the tokens it replaces were bound;
 * - the nonce check (`dpop-nonce.ts`);
 * - with `auth.dpop.sealingKey`, the private key sealed into the tokens (`dpop_key`, `dpop-seal.ts`)
 *   so that another process of the fleet adopts it instead of binding a token of its own; the live
 *   key stays non-extractable (the sealed copy is exported once, when the key is made).
 * @module
 */
import { createHash, webcrypto } from "node:crypto";
import {
  type AuthorizationServerMetadata,
  type DpopKeyPair,
  DpopSession,
  generateDpopKeyPair,
  type StoredOAuthTokens,
} from "@modelcontextprotocol/client";
import type { DpopInput } from "../config/dpop-input.js";
import { McpCoreError } from "../errors.js";
import { checkingNonces } from "./dpop-nonce.js";
import { sealingKeyOf, sealPrivateJwk, unsealPrivateJwk } from "./dpop-seal.js";
import { issuersMatch } from "./resource-binding.js";

/** The one proof algorithm used: P-256 is in every WebCrypto, and every DPoP server takes it. */
const ALG = "ES256";

/**
 * Tokens as the store keeps them, with the thumbprint of the DPoP key they are bound to and, with a
 * sealing key, that key sealed.
 */
export type BindableTokens = StoredOAuthTokens & {
  dpop_jkt?: string | undefined;
  dpop_key?: string | undefined;
};

const { subtle } = webcrypto;
const EC = { name: "ECDSA", namedCurve: "P-256" } as const;

/** RFC 7638 thumbprint of a P-256 public JWK. */
function thumbprintOf(jwk: webcrypto.JsonWebKey): string {
  const canonical = JSON.stringify({ crv: jwk.crv, kty: jwk.kty, x: jwk.x, y: jwk.y });
  return createHash("sha256").update(canonical).digest("base64url");
}

/** A key pair whose signing key is non-extractable, from a private JWK. */
async function keyPairOf(jwk: webcrypto.JsonWebKey): Promise<DpopKeyPair> {
  if (typeof jwk.x !== "string" || typeof jwk.y !== "string") throw new TypeError("not an EC key");
  const publicJwk = { kty: "EC", crv: "P-256", x: jwk.x, y: jwk.y };
  return {
    privateKey: (await subtle.importKey("jwk", jwk, EC, false, ["sign"])) as DpopKeyPair["privateKey"],
    publicKey: (await subtle.importKey("jwk", publicJwk, EC, true, ["verify"])) as DpopKeyPair["publicKey"],
    publicJwk,
    thumbprint: thumbprintOf(publicJwk),
    alg: ALG,
  };
}

/** Where the sealed copies go: the store entry (bound into each seal) and the derived key. */
export interface DpopSealing {
  entry: string;
  secret: string;
}

/** Whether `tokens` were issued DPoP-bound (`token_type` is case-insensitive, RFC 6749 §7.1). */
export function isDpopBound(tokens: StoredOAuthTokens | undefined): boolean {
  return tokens?.token_type?.toLowerCase() === "dpop";
}

/** `"bearer"` or `"dpop"`: what `inspect` shows of a stored token (never the token). */
export function tokenBinding(tokens: StoredOAuthTokens | undefined): "bearer" | "dpop" {
  return isDpopBound(tokens) ? "dpop" : "bearer";
}

/** One server's DPoP state (see the module comment). */
export class DpopBinding {
  private readonly sessions = new Map<string, Promise<DpopSession>>();
  /** Thumbprints of the keys made so far, by issuer: read without I/O on the hot path. */
  private readonly thumbprints = new Map<string, string>();
  /** Sealed copies of the keys, by thumbprint (with a sealing key only). */
  private readonly sealed = new Map<string, string>();
  private readonly sealingKey: Promise<webcrypto.CryptoKey> | undefined;
  private warnedUnsealable = false;

  constructor(
    private readonly server: string,
    private readonly option: DpopInput | undefined,
    private readonly sealing?: DpopSealing | undefined,
    private readonly warn: (message: string) => void = () => {},
  ) {
    this.sealingKey = sealing ? sealingKeyOf(sealing.secret) : undefined;
  }

  /** DPoP was asked for by config: a Bearer answer is refused. */
  get required(): boolean {
    return this.option !== undefined && this.option.enabled !== false;
  }

  /** Whether tokens from this authorization server are to be DPoP-bound. */
  applies(metadata: AuthorizationServerMetadata | undefined): boolean {
    if (this.option?.enabled === false) return false;
    if (this.required) return true;
    // RFC 9449 §5.1's field; the SDK's OpenID metadata type does not list it.
    const algs = (metadata as { dpop_signing_alg_values_supported?: unknown } | undefined)
      ?.dpop_signing_alg_values_supported;
    return Array.isArray(algs) && algs.includes(ALG);
  }

  /** The signing session for `issuer` (made once, then reused: refresh uses the same key), or undefined when DPoP does not apply. */
  async session(
    issuer: string | undefined,
    metadata: AuthorizationServerMetadata | undefined,
  ): Promise<DpopSession | undefined> {
    if (issuer === undefined || !this.applies(metadata)) return undefined;
    let made = this.sessions.get(issuer);
    if (!made) {
      made = this.makeKeyPair(issuer).then((keyPair) => this.use(issuer, keyPair));
      made.catch(() => this.sessions.delete(issuer));
      this.sessions.set(issuer, made);
    }
    return made;
  }

  /**
   * Non-extractable (the SDK's default): the private key cannot be read out of the process. With a
   * sealing key it is made extractable once, sealed, and used through a non-extractable import.
   */
  private async makeKeyPair(issuer: string): Promise<DpopKeyPair> {
    const sealingKey = await this.sealingKey;
    if (!sealingKey || !this.sealing) return generateDpopKeyPair({ alg: ALG, extractable: false });
    const made = (await subtle.generateKey(EC, true, ["sign", "verify"])) as webcrypto.CryptoKeyPair;
    const jwk = await subtle.exportKey("jwk", made.privateKey);
    const keyPair = await keyPairOf(jwk);
    const context = { entry: this.sealing.entry, issuer, jkt: keyPair.thumbprint };
    this.sealed.set(keyPair.thumbprint, await sealPrivateJwk(sealingKey, jwk, context));
    return keyPair;
  }

  private async use(issuer: string, keyPair: DpopKeyPair): Promise<DpopSession> {
    const session = checkingNonces(await DpopSession.create({ keyPair }), this.server);
    this.thumbprints.set(issuer, session.thumbprint);
    return session;
  }

  /**
   * With a sealing key: adopts the key `tokens` are bound to when they carry it sealed (another
   * process of the fleet made it), so this process presents them instead of binding its own. A
   * seal that does not open (another sealing key, another entry or issuer, altered) is warned of
   * once, never shown.
   */
  async adopt(tokens: StoredOAuthTokens | undefined, issuer: string | undefined): Promise<void> {
    const sealingKey = await this.sealingKey;
    if (!sealingKey || !this.sealing || !tokens || issuer === undefined) return;
    if (!isDpopBound(tokens) || this.holds(tokens, issuer)) return;
    const { dpop_jkt: jkt, dpop_key: blob } = tokens as BindableTokens;
    if (!jkt || !blob) return;
    const jwk = await unsealPrivateJwk(sealingKey, blob, { entry: this.sealing.entry, issuer, jkt });
    const keyPair = jwk && (await keyPairOf(jwk).catch(() => undefined));
    if (!keyPair || keyPair.thumbprint !== jkt) {
      if (!this.warnedUnsealable)
        this.warn(
          `MCP server "${this.server}": the stored DPoP key does not open with auth.dpop.sealingKey (another sealing key, or altered); this process binds a token of its own`,
        );
      this.warnedUnsealable = true;
      return;
    }
    this.sealed.set(jkt, blob);
    const adopted = this.use(issuer, keyPair);
    this.sessions.set(issuer, adopted);
    await adopted;
  }

  /**
   * Whether this process can present `tokens`: a Bearer token unless `auth.dpop` asks for DPoP; a
   * DPoP-bound one only with the key it is bound to (another process's key, or an earlier run's,
   * never leaves its process).
   */
  holds(tokens: StoredOAuthTokens | undefined, issuer: string | undefined): boolean {
    if (!tokens) return true;
    if (!isDpopBound(tokens)) return !this.required;
    const jkt = (tokens as BindableTokens).dpop_jkt;
    for (const [known, thumbprint] of this.thumbprints)
      if (thumbprint === jkt && (issuer === undefined || issuersMatch(known, issuer))) return true;
    return false;
  }

  /**
   * A token response checked and stamped: `session` is the one its request was signed with (none:
   * no proof was sent), `previous` the tokens it replaces. Throws `AUTH_FAILED` for a downgrade to
   * Bearer, or for a DPoP-bound token no proof asked for.
   */
  bind(
    fresh: StoredOAuthTokens,
    previous: StoredOAuthTokens | undefined,
    session: DpopSession | undefined,
  ): BindableTokens {
    const refuse = (why: string) =>
      new McpCoreError("AUTH_FAILED", `MCP server "${this.server}": ${why}; the token is not used`, {
        server: this.server,
      });
    if (isDpopBound(fresh)) {
      if (!session)
        throw refuse("the authorization server issued a DPoP-bound token that no proof asked for");
      const sealed = this.sealed.get(session.thumbprint);
      return { ...fresh, dpop_jkt: session.thumbprint, ...(sealed ? { dpop_key: sealed } : {}) };
    }
    const { dpop_jkt: _stale, dpop_key: _staleKey, ...bearer } = fresh as BindableTokens;
    if (session && (this.required || isDpopBound(previous)))
      throw refuse(
        `the authorization server answered a Bearer token where a DPoP-bound one was asked for${this.required ? " (auth.dpop)" : " (the tokens it replaces are DPoP-bound)"}`,
      );
    return bearer;
  }
}
