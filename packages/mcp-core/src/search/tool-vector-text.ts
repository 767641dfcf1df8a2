/**
 * What hybrid search embeds of a tool, and that text's fingerprint (the key of its vector).
 * @module
 */
import { createHash } from "node:crypto";
import type { McpTool } from "../types.js";

/** The longest text embedded per tool: small models read ~256 tokens, and a server's text is untrusted. */
export const MAX_EMBEDDED_CHARS = 1000;

/**
 * The server, the name in words, the title and the description: what a paraphrased intent is
 * compared with. Parameters are left out: their names dilute a short description.
 */
export function toolVectorText(tool: McpTool): string {
  const words = tool.rawName.replace(/[_\-.]+/g, " ").trim();
  const title = tool.title ?? tool.annotations?.title;
  const head = title && title !== tool.rawName ? `${words} (${title})` : words;
  const description = (tool.fullDescription ?? tool.description).slice(0, MAX_EMBEDDED_CHARS);
  return `${tool.server}: ${head}. ${description}`.slice(0, MAX_EMBEDDED_CHARS);
}

/** A text's fingerprint: 32 hex digits of its SHA-256. */
export function textFingerprint(text: string): string {
  return createHash("sha256").update(text).digest("hex").slice(0, 32);
}

/** The vector store key of `server`'s vectors made by `model`. */
export function vectorStoreKey(model: string, server: string): string {
  return createHash("sha256").update(`${model}\0${server}`).digest("hex").slice(0, 40);
}
