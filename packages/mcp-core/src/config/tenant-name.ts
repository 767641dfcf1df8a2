/**
 * What names a tenant (`McpCallContext.tenant`, SPEC §23.1): the rule the call path checks a call's
 * tenant by, and the token store's key and the tenant instances rely on.
 * @module
 */

/** The longest tenant id: it is part of store keys and error messages. */
export const MAX_TENANT_LENGTH = 256;

/** Why `tenant` cannot name a tenant, or undefined when it can (or is absent). */
export function tenantProblem(tenant: unknown): string | undefined {
  if (tenant === undefined) return undefined;
  if (typeof tenant !== "string" || tenant.length === 0 || tenant.length > MAX_TENANT_LENGTH) {
    return `tenant must be a string of 1 to ${MAX_TENANT_LENGTH} characters`;
  }
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what is refused
  if (/[\u0000-\u001f\u007f]/.test(tenant)) return "tenant must not contain control characters";
  return undefined;
}
