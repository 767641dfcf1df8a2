/**
 * The `auth` key of a remote server entry: OAuth the library runs (interactive authorization code
 * with PKCE, or the headless client_credentials grant), or, in a config object, the host's own
 * OAuth client provider. Secret values may hold `${VAR}` (expanded when used, never shown).
 * @module
 */
import { z } from "zod";
import { hostPatternProblem } from "./host-allowlist.js";
import { isIssuerUrl } from "./issuer-url.js";
import type { AuthInput } from "./server-config.js";

const text = z
  .string({ error: "a non-empty string" })
  .refine((value) => value.trim() !== "", { error: "a non-empty string" });

const httpUrl = z.string({ error: "an http or https URL" }).refine(
  (value) => {
    try {
      const { protocol } = new URL(value);
      return protocol === "http:" || protocol === "https:";
    } catch {
      return false;
    }
  },
  { error: "an http or https URL" },
);

const scopes = z.array(text, { error: "an array of scope names" });

/** `allowPrivateHosts`: hostnames, IP addresses or CIDR ranges (`config/host-allowlist.ts`). */
const hostList = z.array(
  z.string().refine((value) => hostPatternProblem(value) === undefined, {
    error: "a hostname, an IP address or a CIDR range",
  }),
  { error: "an array of hostnames, IP addresses or CIDR ranges" },
);

/** The authorization server a configured client may go to (`${VAR}` is checked once expanded). */
const issuer = z
  .string({ error: "an https URL, or http on a loopback host" })
  .refine((value) => value.includes("${") || isIssuerUrl(value), {
    error: "an https URL (no query or fragment), or http on a loopback host",
  });

/** `dpop`: a settings object (`{}` asks for DPoP, `{ enabled: false }` never uses it). */
const dpop = z.strictObject(
  { enabled: z.boolean({ error: "true or false" }).optional(), sealingKey: text.optional() },
  { error: "an object: {} to ask for DPoP-bound tokens, { enabled: false } to never use them" },
);

const oauth = z.strictObject(
  {
    type: z.literal("oauth"),
    clientId: text.optional(),
    clientSecret: text.optional(),
    clientMetadataUrl: httpUrl.optional(),
    scopes: scopes.optional(),
    redirectUrl: httpUrl.optional(),
    issuer: issuer.optional(),
    allowPrivateHosts: hostList.optional(),
    dpop: dpop.optional(),
  },
  { error: "an object" },
);

const clientCredentials = z
  .strictObject(
    {
      type: z.literal("client_credentials"),
      clientId: text,
      clientSecret: text.optional(),
      privateKeyFile: text.optional(),
      scopes: scopes.optional(),
      issuer: issuer.optional(),
      allowPrivateHosts: hostList.optional(),
      dpop: dpop.optional(),
    },
    { error: "an object" },
  )
  .refine((value) => (value.clientSecret === undefined) !== (value.privateKeyFile === undefined), {
    error: "exactly one of clientSecret and privateKeyFile",
  });

/** Where a JWT comes from (`enterprise-auth.ts`): a file, a variable, a command, or the host's function. */
const jwtSource = z.union(
  [
    z.strictObject({ file: text }),
    z.strictObject({ env: text }),
    z.strictObject({ command: z.array(text).min(1) }),
    z.custom<() => string | Promise<string>>((value) => typeof value === "function"),
  ],
  { error: 'an object with "file", "env" or "command" (an array of strings), or a function' },
);

const enterpriseManaged = z.strictObject(
  {
    type: z.literal("enterprise_managed"),
    clientId: text,
    clientSecret: text.optional(),
    scopes: scopes.optional(),
    issuer: issuer.optional(),
    allowPrivateHosts: hostList.optional(),
    dpop: dpop.optional(),
    idp: z.strictObject(
      {
        issuer,
        clientId: text,
        clientSecret: text.optional(),
        tokenEndpoint: httpUrl.optional(),
        idToken: jwtSource,
      },
      { error: "an object with issuer, clientId and idToken" },
    ),
  },
  { error: "an object" },
);

const workloadIdentity = z.strictObject(
  {
    type: z.literal("workload_identity"),
    clientId: text,
    assertion: jwtSource,
    scopes: scopes.optional(),
    issuer: issuer.optional(),
    allowPrivateHosts: hostList.optional(),
    dpop: dpop.optional(),
  },
  { error: "an object" },
);

/** Every key an `auth` object of any type may have: the known keys an unknown one is compared with. */
export const AUTH_KEYS: readonly string[] = [
  ...new Set(
    [oauth, clientCredentials, enterpriseManaged, workloadIdentity].flatMap((type) =>
      Object.keys(type.shape),
    ),
  ),
];

/** The host's own `OAuthClientProvider` (config objects only): an object with the provider's methods. */
const provider = z.custom<Extract<AuthInput, { tokens: unknown }>>(
  (value) =>
    typeof value === "object" &&
    value !== null &&
    ["tokens", "saveTokens", "clientInformation", "redirectToAuthorization"].every(
      (method) => typeof (value as Record<string, unknown>)[method] === "function",
    ),
);

/** `auth`: `{ type: "oauth" | "client_credentials" | "enterprise_managed" | "workload_identity", … }` or an `OAuthClientProvider`. */
export const authSchema = z.union(
  [
    z.discriminatedUnion("type", [oauth, clientCredentials, enterpriseManaged, workloadIdentity], {
      error: '"oauth", "client_credentials", "enterprise_managed" or "workload_identity"',
    }),
    provider,
  ],
  {
    error:
      'an object with type "oauth", "client_credentials", "enterprise_managed" or "workload_identity", or an OAuthClientProvider',
  },
);
