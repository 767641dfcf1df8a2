/**
 * The headless grant (`auth: { type: "client_credentials" }`) as the SDK's own providers:
 * `ClientCredentialsProvider` for a client secret, `PrivateKeyJwtProvider` for a private key file
 * (RFC 7523 client assertion). The algorithm follows from the key: RSA → RS256, EC P-256 → ES256.
 * Both authenticate only to the issuer they were built for, and a secret goes form-encoded
 * (`client-authentication.ts`), not as the SDK joins it.
 * @module
 */
import { createPrivateKey, type KeyObject } from "node:crypto";
import { readFileSync, statSync } from "node:fs";
import {
  type AddClientAuthentication,
  ClientCredentialsProvider,
  type ClientCredentialsProviderOptions,
  type OAuthClientProvider,
  PrivateKeyJwtProvider,
} from "@modelcontextprotocol/client";
import { authenticateClient } from "./client-authentication.js";
import { assertTokenDestination } from "./resource-binding.js";

export interface HeadlessCredentials {
  clientId: string;
  clientSecret?: string | undefined;
  privateKeyFile?: string | undefined;
  scopes?: readonly string[] | undefined;
}

const EC_ALGORITHMS: Record<string, string> = { prime256v1: "ES256", secp384r1: "ES384", secp521r1: "ES512" };

/** The JWS algorithm for a private key, or undefined for a key type we do not sign with. */
function algorithmOf(key: KeyObject): string | undefined {
  if (key.asymmetricKeyType === "rsa") return "RS256";
  if (key.asymmetricKeyType === "ec") return EC_ALGORITHMS[key.asymmetricKeyDetails?.namedCurve ?? ""];
  return undefined;
}

/** A private key file's contents: PEM, or a JWK (JSON). Throws with the file named, never its contents. */
function readPrivateKey(file: string): { key: string | Record<string, unknown>; algorithm: string } {
  let text: string;
  try {
    text = readFileSync(file, "utf8");
  } catch (error) {
    throw new Error(
      `cannot read privateKeyFile ${file}: ${(error as NodeJS.ErrnoException).code ?? "error"}`,
    );
  }
  let key: string | Record<string, unknown> = text;
  let object: KeyObject;
  try {
    if (text.trimStart().startsWith("{")) {
      key = JSON.parse(text) as Record<string, unknown>;
      object = createPrivateKey({ key: key as import("node:crypto").JsonWebKey, format: "jwk" });
    } else {
      object = createPrivateKey(text);
    }
  } catch {
    throw new Error(`privateKeyFile ${file} is not a PEM or JWK private key`);
  }
  const algorithm = algorithmOf(object);
  if (!algorithm)
    throw new Error(`privateKeyFile ${file} holds a key type that cannot sign (expected RSA or EC)`);
  return { key, algorithm };
}

/**
 * The mode bits that let group or others at a private key file (`mode & 0o077`, as ssh judges a
 * key), or undefined when there are none, the file cannot be read, or on Windows (no such bits).
 */
export function exposedKeyFileMode(file: string): number | undefined {
  if (process.platform === "win32") return undefined;
  try {
    const mode = statSync(file).mode & 0o777;
    return (mode & 0o077) === 0 ? undefined : mode;
  } catch {
    return undefined;
  }
}

/** `ClientCredentialsProvider` whose secret goes form-encoded, and only to its issuer. */
class EncodedSecretProvider extends ClientCredentialsProvider {
  readonly addClientAuthentication: AddClientAuthentication;

  constructor(options: ClientCredentialsProviderOptions, authenticate: AddClientAuthentication) {
    super(options);
    this.addClientAuthentication = authenticate;
  }
}

/**
 * Checks the key file now (a config mistake shows at load) and returns the factory that builds the
 * SDK provider once the issuer is known: the SDK pins the credentials to it, and each token request
 * is checked to go there before the secret or assertion is attached.
 */
export function headlessProviderFactory(
  credentials: HeadlessCredentials,
  server: string,
): (issuer: string) => OAuthClientProvider {
  const scope = credentials.scopes?.join(" ") || undefined;
  if (credentials.privateKeyFile) {
    const { key, algorithm } = readPrivateKey(credentials.privateKeyFile);
    return (issuer) => {
      const provider = new PrivateKeyJwtProvider({
        clientId: credentials.clientId,
        privateKey: key,
        algorithm,
        expectedIssuer: issuer,
        ...(scope ? { scope } : {}),
      });
      const sign = provider.addClientAuthentication;
      provider.addClientAuthentication = (headers, params, url, metadata) => {
        assertTokenDestination(server, issuer, url, metadata);
        return sign(headers, params, url, metadata);
      };
      return provider;
    };
  }
  const client = { client_id: credentials.clientId, client_secret: credentials.clientSecret ?? "" };
  return (issuer) =>
    new EncodedSecretProvider(
      {
        clientId: client.client_id,
        clientSecret: client.client_secret,
        expectedIssuer: issuer,
        ...(scope ? { scope } : {}),
      },
      (headers, params, url, metadata) => {
        assertTokenDestination(server, issuer, url, metadata);
        authenticateClient(client, headers, params, metadata);
      },
    );
}
