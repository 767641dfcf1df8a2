/**
 * The SDK provider factory of each headless grant (`CredentialsGrant.create`): client_credentials
 * (`headless-credentials.ts`), enterprise-managed (`enterprise-grant.ts`) and workload identity
 * (`workload-grant.ts`), and the config checks of the enterprise types.
 * @module
 */
import type { FetchLike, OAuthClientProvider } from "@modelcontextprotocol/client";
import type { EnterpriseManagedAuthInput, WorkloadIdentityAuthInput } from "../config/enterprise-auth.js";
import { isIssuerUrl } from "../config/issuer-url.js";
import type { McpCoreError } from "../errors.js";
import type { SecretKind } from "../redact/redactor.js";
import { enterpriseProviderFactory } from "./enterprise-grant.js";
import { DEFAULT_AUTH_REQUEST_TIMEOUT_MS } from "./guarded-fetch.js";
import { type HeadlessCredentials, headlessProviderFactory } from "./headless-credentials.js";
import { isSecureEndpoint } from "./idp-metadata.js";
import { workloadProviderFactory } from "./workload-grant.js";

/** What the factories take of the server's auth params. */
export interface HeadlessParams {
  server: string;
  requestTimeoutMs?: number | undefined;
  onSecret(value: string, kind?: SecretKind): void;
}

/** The enterprise `auth` types (`${VAR}` expanded). */
export type EnterpriseAuth = EnterpriseManagedAuthInput | WorkloadIdentityAuthInput;

/** The SDK provider factory of a headless grant: client_credentials, enterprise-managed or workload. */
export function headlessFactory(
  params: HeadlessParams,
  config: EnterpriseAuth | (HeadlessCredentials & { type: "client_credentials" }),
  fetchFn: FetchLike,
): (issuer: string) => OAuthClientProvider {
  const timeoutMs = params.requestTimeoutMs ?? DEFAULT_AUTH_REQUEST_TIMEOUT_MS;
  if (config.type === "enterprise_managed")
    return enterpriseProviderFactory({
      ...config,
      server: params.server,
      fetchFn,
      timeoutMs,
      onSecret: params.onSecret,
    });
  if (config.type === "workload_identity")
    return workloadProviderFactory({
      ...config,
      server: params.server,
      timeoutMs,
      onSecret: params.onSecret,
    });
  return headlessProviderFactory(config, params.server);
}

/** Throws `CONFIG_INVALID` (via `invalid`) for an unusable enterprise-managed or workload `auth`. */
export function validateEnterprise(
  config: EnterpriseAuth,
  invalid: (field: string, expected: string) => McpCoreError,
): void {
  if (!config.clientId) throw invalid("clientId", `is required for ${config.type}`);
  if (config.type === "workload_identity") return;
  const { idp } = config;
  if (!isIssuerUrl(idp.issuer))
    throw invalid("idp.issuer", "must be an https URL, or http on a loopback host");
  if (!idp.clientId) throw invalid("idp.clientId", "is required");
  if (idp.tokenEndpoint !== undefined && !isSecureEndpoint(idp.tokenEndpoint))
    throw invalid("idp.tokenEndpoint", "must be an https URL, or http on a loopback host");
}
