/**
 * What is checked of a configured `auth` block when its server's auth is built: each field's form
 * (a refusal names the server and the field), and a private key file others can read (a warning).
 * @module
 */
import type { OAuthClientProvider } from "@modelcontextprotocol/client";
import { isIssuerUrl } from "../config/issuer-url.js";
import type { AuthInput } from "../config/server-config.js";
import { McpCoreError } from "../errors.js";
import { messageOf } from "./auth-message.js";
import { MIN_SEALING_KEY_LENGTH } from "./dpop-seal.js";
import { exposedKeyFileMode, headlessProviderFactory } from "./headless-credentials.js";
import { validateEnterprise } from "./headless-grant.js";

/** A remote server's `auth` config (`${VAR}` already expanded); a host's provider is tagged `provider`. */
export type AuthConfig =
  | Exclude<AuthInput, OAuthClientProvider>
  | { type: "provider"; provider: OAuthClientProvider };

/** An `auth` block the config author wrote (not a host's provider). */
export type ConfiguredAuth = Exclude<AuthConfig, { type: "provider" }>;

/**
 * Checks a configured (not host-provided) `auth` block before anything is sent.
 * @throws McpCoreError `CONFIG_INVALID` naming the server and the field
 */
export function validateAuthConfig(server: string, config: ConfiguredAuth): void {
  const invalid = (field: string, expected: string) =>
    new McpCoreError("CONFIG_INVALID", `MCP server "${server}": auth.${field} ${expected}`, { server });
  if (config.issuer !== undefined && !isIssuerUrl(config.issuer)) {
    throw invalid("issuer", "must be an https URL, or http on a loopback host");
  }
  const sealingKey = config.dpop?.sealingKey;
  if (sealingKey !== undefined && sealingKey.length < MIN_SEALING_KEY_LENGTH) {
    throw invalid(
      "dpop.sealingKey",
      `must be at least ${MIN_SEALING_KEY_LENGTH} characters (a random secret the fleet shares)`,
    );
  }
  if (config.type === "enterprise_managed" || config.type === "workload_identity") {
    validateEnterprise(config, invalid);
    return;
  }
  if (config.type === "oauth") {
    if (config.clientMetadataUrl !== undefined && !isHttpsWithPath(config.clientMetadataUrl)) {
      throw invalid("clientMetadataUrl", "must be an https URL with a path");
    }
    if (config.redirectUrl !== undefined && !URL.canParse(config.redirectUrl)) {
      throw invalid("redirectUrl", "must be an absolute URL");
    }
    if (config.clientSecret !== undefined && config.clientId === undefined) {
      throw invalid("clientSecret", "needs auth.clientId");
    }
    return;
  }
  if (!config.clientId) throw invalid("clientId", "is required for client_credentials");
  if (!config.clientSecret === !config.privateKeyFile) {
    throw invalid("clientSecret", "or auth.privateKeyFile is required (exactly one) for client_credentials");
  }
  if (config.privateKeyFile) {
    try {
      headlessProviderFactory(config, server);
    } catch (error) {
      throw invalid("privateKeyFile", `is unusable: ${messageOf(error)}`);
    }
  }
}

/** A private key file group or others can open is reported (never its contents), not refused. */
export function warnOfExposedKeyFile(
  server: string,
  warn: (message: string) => void,
  config: ConfiguredAuth,
): void {
  if (config.type !== "client_credentials" || !config.privateKeyFile) return;
  const mode = exposedKeyFileMode(config.privateKeyFile);
  if (mode === undefined) return;
  warn(
    `MCP server "${server}": auth.privateKeyFile ${config.privateKeyFile} is open to group or others (mode 0${mode.toString(8)}); restrict it to its owner (chmod 600)`,
  );
}

function isHttpsWithPath(value: string): boolean {
  return URL.canParse(value) && new URL(value).protocol === "https:" && new URL(value).pathname !== "/";
}
