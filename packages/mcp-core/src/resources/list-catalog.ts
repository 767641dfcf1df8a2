/**
 * Lists what a session's server offers besides tools — resources, resource templates, prompts —
 * each kind only when the server declared it (`resources`, `prompts` capabilities).
 * @module
 */

import type { CatalogListing } from "../catalog-types.js";
import { errorMessage } from "../errors.js";
import { serverLabel } from "../server-message.js";
import { METHOD_NOT_FOUND, serverError } from "../transport/protocol-errors.js";
import type { McpSession } from "../transport/session.js";
import { PROMPTS, RESOURCE_TEMPLATES, RESOURCES } from "./catalog-kinds.js";

export type { CatalogListing } from "../catalog-types.js";

/** The kinds a catalog listing has. */
export type CatalogKind = keyof CatalogListing;

/** Every kind. */
export const CATALOG_KINDS: readonly CatalogKind[] = ["resources", "resourceTemplates", "prompts"];

const KINDS = { resources: RESOURCES, resourceTemplates: RESOURCE_TEMPLATES, prompts: PROMPTS };

/** Whether the server declared the capability a kind needs. */
export function offersKind(session: McpSession, kind: CatalogKind): boolean {
  const capabilities = session.capabilities();
  return kind === "prompts" ? capabilities?.prompts !== undefined : capabilities?.resources !== undefined;
}

/**
 * Lists `kinds` (all by default) on the session; a kind the server does not offer, or answers
 * "method not found" for (a server with resources but no templates), lists empty. A kind whose
 * listing fails otherwise is left out (the caller keeps what it had) and `warn` says why, as it
 * does for dropped items and a cut listing.
 */
export async function listCatalog(
  server: string,
  session: McpSession,
  options: { timeoutMs: number; signal?: AbortSignal },
  warn: (message: string) => void,
  kinds: readonly CatalogKind[] = CATALOG_KINDS,
): Promise<Partial<CatalogListing>> {
  const listed: Partial<Record<CatalogKind, unknown[]>> = {};
  for (const kind of kinds) {
    if (!offersKind(session, kind)) {
      listed[kind] = [];
      continue;
    }
    try {
      const { items, warnings } = await session.listPaged<unknown>(KINDS[kind] as never, options);
      for (const warning of warnings) warn(warning);
      listed[kind] = items;
    } catch (error) {
      if (serverError(error)?.code === METHOD_NOT_FOUND) listed[kind] = [];
      else if (options.signal?.aborted) throw error;
      else warn(`${serverLabel(server)}: listing its ${KINDS[kind].noun} failed: ${errorMessage(error)}`);
    }
  }
  return listed as Partial<CatalogListing>;
}
