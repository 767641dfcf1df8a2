/**
 * What a session hands to the host while it runs, shared by the session and its client: a
 * server's elicitation requests and its resource and prompt notifications.
 * @module
 */
import type { ElicitRequest, ElicitResult } from "@modelcontextprotocol/client";

/** The host's answer to a server's elicitation request. */
export type ElicitationHandler = (request: ElicitRequest["params"]) => Promise<ElicitResult>;

/** A resource or prompt notification of either era. */
export type CatalogEvent =
  | { type: "resources-changed" }
  | { type: "templates-changed" }
  | { type: "prompts-changed" }
  | { type: "resource-updated"; uri: string };
